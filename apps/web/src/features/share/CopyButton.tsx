import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { App, Button, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPIED_RESET_MS } from '../../constants.ts';

/** Copies `text`; says "Copied" for 1500 ms, or that the browser cannot copy. */
export function CopyButton({
  text,
  label,
  type = 'default',
  size,
}: {
  text: string;
  label: string;
  type?: 'default' | 'primary';
  size?: 'small';
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      message.error(t('share.noCopy'));
    }
  };

  return (
    <Button type={type} size={size} icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()}>
      {copied ? t('share.copied') : label}
    </Button>
  );
}

/** Code to paste elsewhere (an embed's), read-only, with its copy button under it. */
export function CodeToCopy({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Input.TextArea
        readOnly
        value={code}
        autoSize={{ minRows: 3, maxRows: 6 }}
        aria-label={label}
        className="embed-code"
      />
      <CopyButton text={code} label={t('share.copyCode')} type="primary" />
    </>
  );
}
