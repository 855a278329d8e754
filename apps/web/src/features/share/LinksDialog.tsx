import { Alert, Modal, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '../../api/index.ts';
import { DIALOG_WIDTH } from '../../constants.ts';

/** The frame of the share and embed dialogs: open while a video is chosen, waiting for its addresses. */
export function LinksDialog({
  open,
  title,
  onClose,
  error,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  error: unknown;
  /** Null while the addresses load. */
  children: ReactNode | null;
}) {
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={DIALOG_WIDTH} title={title} destroyOnHidden>
      {error ? <Alert type="error" showIcon title={errorText(error)} /> : null}
      {!children && !error && <Skeleton active />}
      {children}
    </Modal>
  );
}
