import {
  checkUploadFile,
  type Folder,
  UPLOAD_EXTENSIONS,
  UPLOAD_SIZE_LIMITS,
  VIDEO_TYPES_TEXT,
} from '@leadreel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Modal, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi, uploadsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { queryKeys, videoKeys } from '../../api/queries.ts';
import { DIALOG_WIDTH } from '../../constants.ts';
import { formatSize } from '../../format.ts';
import { useAccountStore } from '../../stores/account.ts';
import { StorageLimitDialog } from './StorageLimitDialog.tsx';
import { uploadEngine, useUploadStore } from './store.ts';

const ACCEPT = UPLOAD_EXTENSIONS.video.map((ext) => `.${ext}`).join(',');

/**
 * upload dialog: drop or choose videos; each is checked, pre-added, and uploaded by the
 * engine while the dialog closes. A file of an interrupted upload continues where it stopped.
 */
export function UploadDialog(props: {
  open: boolean;
  onClose: () => void;
  folders: Folder[];
  folderId: string | undefined;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const setAccount = useAccountStore((s) => s.setAccount);
  const setPanelOpen = useUploadStore((s) => s.setPanelOpen);
  const [folderId, setFolderId] = useState<string | undefined>(undefined);
  const [storageFull, setStorageFull] = useState(false);
  const target = folderId ?? props.folderId ?? props.folders.find((f) => f.isDefault)?.folderId;

  async function start(files: File[]) {
    const engine = uploadEngine();
    const fresh: File[] = [];
    for (const file of files) {
      const refusal = checkUploadFile('video', { name: file.name, size: file.size, type: file.type });
      if (refusal === 'upload_type') message.error(`${file.name}: ${t('common.uploader.mimeMsg')}`);
      else if (refusal === 'upload_too_large') {
        message.error(`${file.name}: ${t('common.uploader.limitMsg', { size: formatSize(UPLOAD_SIZE_LIMITS.video) })}`);
      } else if (refusal) message.error(`${file.name}: ${t(`errors.${refusal}`)}`);
      else {
        const resumable = engine.findResumable(file);
        if (resumable) engine.attach(resumable.taskId, file);
        else fresh.push(file);
      }
    }
    if (fresh.length === 0) return;
    engine.prepare('video');
    try {
      const ids = await uploadsApi.preAdd({
        videos: fresh.map((file) => ({ videoName: file.name, size: file.size })),
        folderId: target,
      });
      ids.forEach((id, i) => {
        const file = fresh[i] as File;
        if (id) engine.add(file, id);
      });
      if (ids.some((id) => id)) {
        setPanelOpen(true);
        props.onClose();
      }
      if (ids.some((id) => !id)) {
        // A refusal after our own checks is the quota or the period: the account says which.
        const account = await accountApi.detail();
        setAccount(account);
        const refusedBytes = fresh.filter((_, i) => !ids[i]).reduce((sum, file) => sum + file.size, 0);
        if (account.storageAndTraffic.usedStorage + refusedBytes > account.storageAndTraffic.storage)
          setStorageFull(true);
        else message.error(t('errors.plan_period'));
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.account });
      await queryClient.invalidateQueries({ queryKey: videoKeys.all });
    } catch (error) {
      message.error(errorText(error));
    }
  }

  return (
    <>
      <Modal
        open={props.open}
        onCancel={props.onClose}
        footer={null}
        width={DIALOG_WIDTH}
        title={t('upload.title')}
        destroyOnHidden
      >
        <div className="upload-folder">
          <Typography.Text>{t('upload.folder')}</Typography.Text>
          <Select
            value={target}
            onChange={setFolderId}
            options={props.folders.map((folder) => ({
              value: folder.folderId,
              label: folder.isDefault ? t('videos.defaultFolder') : folder.name,
            }))}
            style={{ minWidth: 220 }}
            aria-label={t('upload.folder')}
          />
        </div>
        <Upload.Dragger
          multiple
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(_file, list) => {
            // antd calls this once per file with the whole batch; start the batch once.
            if (_file === list[0]) void start(list as unknown as File[]);
            return false;
          }}
        >
          <p className="upload-drop-title">{t('upload.drop')}</p>
          <p className="upload-drop-hint">
            {t('upload.hint', {
              types: VIDEO_TYPES_TEXT,
              size: formatSize(UPLOAD_SIZE_LIMITS.video),
            })}
          </p>
        </Upload.Dragger>
      </Modal>
      <StorageLimitDialog open={storageFull} onClose={() => setStorageFull(false)} />
    </>
  );
}
