import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { MaterialKind } from '@leadreel/shared';
import { App, Button, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import {
  acceptOf,
  materialErrorText,
  materialWhenReady,
  uploadFinished,
  uploadMaterial,
  useMaterialTasks,
} from '../../../features/materials/uploads.ts';
import { StorageLimitDialog } from '../../../features/upload/StorageLimitDialog.tsx';

/**
 * The user's own recording in place of the generated voice (a scene's, or the whole script's): an MP3
 * uploaded into the library, used once the server has taken it in; or removed.
 */
export function RecordingUpload({
  kind,
  label,
  materialId,
  onUse,
}: {
  kind: Extract<MaterialKind, 'tts-scene' | 'tts-subtitle'>;
  /** Names the button and the file input ("Upload recording for scene 2"). */
  label: string;
  materialId: string | null;
  onUse: (materialId: string | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const picker = useRef<HTMLInputElement>(null);
  const [uploadingId, setUploadingId] = useState<string | null>(null);
  const [storageFull, setStorageFull] = useState(false);
  const [removing, setRemoving] = useState(false);
  const percent = useMaterialTasks((s) => s.tasks.find((task) => task.taskId === uploadingId)?.uploadPercent ?? 0);

  async function upload(file: File) {
    try {
      const material = await uploadMaterial(kind, file);
      setUploadingId(material.materialId);
      await uploadFinished(material.materialId);
      await materialWhenReady(material.materialId);
      await onUse(material.materialId);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'storage_limit') setStorageFull(true);
      else message.error(`${file.name}: ${materialErrorText(error, t)}`);
    } finally {
      setUploadingId(null);
    }
  }

  return (
    <Space wrap>
      {materialId ? (
        <>
          <Tag color="green">{t('blogAudio.ownRecording')}</Tag>
          <Button
            size="small"
            icon={<DeleteOutlined />}
            loading={removing}
            aria-label={t('blogAudio.removeRecordingNamed', { label })}
            onClick={async () => {
              setRemoving(true);
              await onUse(null);
              setRemoving(false);
            }}
          >
            {t('blogAudio.removeRecording')}
          </Button>
        </>
      ) : (
        <Button
          size="small"
          icon={<UploadOutlined />}
          loading={uploadingId !== null}
          aria-label={label}
          onClick={() => picker.current?.click()}
        >
          {uploadingId !== null
            ? t('materials.status.uploadingPercent', { percent: Math.floor(percent) })
            : t('blogAudio.uploadRecording')}
        </Button>
      )}
      <input
        ref={picker}
        type="file"
        accept={acceptOf([kind])}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <StorageLimitDialog open={storageFull} onClose={() => setStorageFull(false)} />
    </Space>
  );
}
