import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from '../constants.ts';

export const COMMUNITY_EVENT = 'leadreel:open-community';

/** spec §2: the community-invitation dialog with the chat app's QR code. */
export function CommunityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('community.title')}
      onCancel={onClose}
      width={Math.min(DIALOG_WIDTH, 480)}
      footer={<Button onClick={onClose}>{t('community.close')}</Button>}
    >
      <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
        <div className="community-qr" role="img" aria-label="QR">
          <svg viewBox="0 0 21 21" width="132" height="132" aria-hidden="true">
            <rect width="21" height="21" fill="#fff" />
            {[0, 14].map((x) =>
              [0, 14].map((y) =>
                x === 14 && y === 14 ? null : (
                  <g key={`${x}-${y}`}>
                    <rect x={x} y={y} width="7" height="7" fill="#1f2328" />
                    <rect x={x + 1} y={y + 1} width="5" height="5" fill="#fff" />
                    <rect x={x + 2} y={y + 2} width="3" height="3" fill="#1f2328" />
                  </g>
                ),
              ),
            )}
          </svg>
        </div>
        <Typography.Paragraph style={{ margin: 0 }}>{t('community.text')}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
