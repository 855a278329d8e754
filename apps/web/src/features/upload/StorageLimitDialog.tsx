import { Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePublicConfig } from '../../api/config.ts';
import { CONFIRM_DIALOG_WIDTH } from '../../constants.ts';
import { formatSize } from '../../format.ts';
import { useAccountStore } from '../../stores/account.ts';

/** storage limit: "insufficient remaining space", offering delete videos, upgrade, or contact support. */
export function StorageLimitDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const usage = useAccountStore((s) => s.account?.storageAndTraffic);
  const supportEmail = usePublicConfig()?.supportEmail ?? null;
  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={CONFIRM_DIALOG_WIDTH * 1.4}
      title={t('upload.storageLimit.title')}
    >
      <Typography.Paragraph>{t('upload.storageLimit.text')}</Typography.Paragraph>
      {usage && (
        <Typography.Paragraph type="secondary">
          {t('videos.usage', { used: formatSize(usage.usedStorage), total: formatSize(usage.storage) })}
        </Typography.Paragraph>
      )}
      <Space wrap>
        <Button onClick={() => go('/videos/index')}>{t('upload.storageLimit.delete')}</Button>
        <Button type="primary" onClick={() => go('/buy-vip')}>
          {t('upload.storageLimit.upgrade')}
        </Button>
        {supportEmail && (
          <Button
            href={`mailto:${supportEmail}?subject=${encodeURIComponent(t('upload.storageLimit.title'))}`}
            onClick={onClose}
          >
            {t('upload.storageLimit.contact')}
          </Button>
        )}
      </Space>
    </Modal>
  );
}
