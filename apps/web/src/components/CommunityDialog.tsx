import { Button, Modal, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../app/useBrand.ts';
import { DIALOG_WIDTH } from '../constants.ts';

export const COMMUNITY_EVENT = 'leadreel:open-community';

/**
 * the community-invitation dialog with the chat app's QR code. It has nothing to offer without a
 * community to join, so it opens only when the server names one (COMMUNITY_URL); a self-hoster who sets none
 * never sees it, and is never sent to "ask your administrator", who is often themselves.
 */
export function CommunityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const url = usePublicConfig()?.communityUrl ?? null;
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    if (!url) return;
    QRCode.toDataURL(url, { width: 264, margin: 1 }).then(setQr, () => setQr(null));
  }, [url]);

  return (
    <Modal
      open={open && Boolean(url)}
      title={t('community.title')}
      onCancel={onClose}
      width={Math.min(DIALOG_WIDTH, 520)}
      footer={<Button onClick={onClose}>{t('community.close')}</Button>}
    >
      <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
        {qr && url && (
          <a href={url} target="_blank" rel="noreferrer" className="community-qr">
            <img src={qr} width={132} height={132} alt={t('community.qrAlt')} />
          </a>
        )}
        <Typography.Paragraph style={{ margin: 0 }}>{t('community.text')}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
