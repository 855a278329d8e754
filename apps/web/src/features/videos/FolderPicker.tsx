import type { Folder } from '@leadreel/shared';
import { Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_DIALOG_WIDTH } from '../../constants.ts';

/** choose-folder dialog; the move-folder dialog is this with "Move" as its action. */
export function ChooseFolderDialog(props: {
  open: boolean;
  folders: Folder[];
  title: string;
  okText: string;
  exclude?: string;
  onClose: () => void;
  onChoose: (folderId: string) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={t('videos.cancel')}
      width={CONFIRM_DIALOG_WIDTH * 1.3}
      okButtonProps={{ disabled: !chosen, loading: busy }}
      onCancel={props.onClose}
      onOk={async () => {
        if (!chosen) return;
        setBusy(true);
        try {
          await props.onChoose(chosen);
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Radio.Group value={chosen} onChange={(event) => setChosen(event.target.value)}>
        <Space orientation="vertical">
          {props.folders
            .filter((folder) => folder.folderId !== props.exclude)
            .map((folder) => (
              <Radio key={folder.folderId} value={folder.folderId}>
                {folder.isDefault ? t('videos.defaultFolder') : folder.name}
              </Radio>
            ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}

/** move-folder dialog. */
export function MoveFolderDialog(props: Omit<Parameters<typeof ChooseFolderDialog>[0], 'title' | 'okText'>) {
  const { t } = useTranslation();
  return <ChooseFolderDialog {...props} title={t('videos.moveTitle')} okText={t('videos.move')} />;
}
