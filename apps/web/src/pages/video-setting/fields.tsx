import { LOGO_MAX_BYTES, MAX_VIDEO_SECONDS } from '@leadreel/shared';
import { App, Button, Form, InputNumber, Radio, Space } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';

/** A choice of a few values as a row of buttons (a corner, a style, a moment), each labelled `${prefix}.${value}`. */
export function ChoiceField({
  name,
  label,
  values,
  prefix,
  extra,
}: {
  name: string;
  label: string;
  values: readonly string[];
  prefix: string;
  /** A note under the choice (where the chosen corner's thing goes, for one). */
  extra?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} extra={extra}>
      <Radio.Group optionType="button" options={values.map((value) => ({ value, label: t(`${prefix}.${value}`) }))} />
    </Form.Item>
  );
}

/** When an overlay shows: from a second of the video until another (empty for the end). */
export function TimesFields() {
  const { t } = useTranslation();
  return (
    <div className="contact-times">
      <SecondsField name="showFrom" label={t('contact.showFrom')} />
      <SecondsField name="showUntil" label={t('contact.showUntil')} extra={t('contact.showUntilHelp')} />
    </div>
  );
}

/** A second of the video, with its unit after it; the label names the number box. */
function SecondsField({ name, label, extra }: { name: string; label: string; extra?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} extra={extra} htmlFor={name}>
      <Space.Compact>
        <Form.Item name={name} noStyle>
          <InputNumber id={name} min={0} max={MAX_VIDEO_SECONDS} precision={0} />
        </Form.Item>
        <Space.Addon>{t('share.seconds')}</Space.Addon>
      </Space.Compact>
    </Form.Item>
  );
}

/** A file's bytes as base64, in slices (a spread of two million bytes would overflow the call stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * A button that picks a JPEG or PNG of at most 2 MB and hands it over as base64 (`upload`), refusing other
 * files in the browser with the `errors.<kind>_file_invalid` / `_too_large` wording the server would use.
 */
export function ImagePickButton({
  kind,
  label,
  disabled,
  upload,
}: {
  kind: 'logo' | 'cover';
  label: string;
  disabled: boolean;
  upload: (base64: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) return void message.error(t(`errors.${kind}_file_invalid`));
    if (file.size > LOGO_MAX_BYTES) return void message.error(t(`errors.${kind}_too_large`));
    setBusy(true);
    try {
      await upload(await base64Of(file));
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button loading={busy} disabled={disabled} onClick={() => picker.current?.click()}>
        {label}
      </Button>
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={label}
        disabled={disabled || busy}
        onChange={(event) => void pick(event)}
      />
    </>
  );
}
