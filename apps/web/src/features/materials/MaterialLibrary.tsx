import {
  CustomerServiceOutlined,
  DeleteOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  UploadOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import {
  fileExtension,
  type Material,
  type MaterialKind,
  UPLOAD_EXTENSIONS,
  UPLOAD_SIZE_LIMITS,
} from '@leadreel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Popconfirm, Progress, Spin, Tag, Typography } from 'antd';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { materialApi } from '../../api/endpoints.ts';
import { formatSize } from '../../format.ts';
import { i18n } from '../../i18n/index.ts';
import { StorageLimitDialog } from '../upload/StorageLimitDialog.tsx';
import { formatDuration } from '../videos/format.ts';
import { materialKeys, useMaterialList } from './materialQueries.ts';
import {
  acceptOf,
  MaterialRefused,
  materialEngine,
  materialErrorText,
  typesText,
  uploadMaterial,
  useMaterialTasks,
} from './uploads.ts';
import { useAudioPreview } from './useAudioPreview.ts';
import './materials.css';

/** The kind a dropped or chosen file is uploaded as: the first of the library's kinds its extension fits. */
function kindOfFile(kinds: readonly MaterialKind[], file: File): MaterialKind {
  const ext = fileExtension(file.name);
  return kinds.find((kind) => UPLOAD_EXTENSIONS[kind].includes(ext)) ?? (kinds[0] as MaterialKind);
}

/**
 * The account's materials of `kinds` as a grid: each with its picture (or a sound's icon) and length, its
 * state while it uploads or is probed, delete with a confirm, and Use when `onPick` is given. Files are
 * added with the upload button or dropped onto the grid; each is checked before any call.
 */
export function MaterialLibrary({
  kinds,
  onPick,
  pickedId = null,
  busyId = null,
}: {
  kinds: readonly MaterialKind[];
  onPick?: (material: Material) => void;
  /** The material in use now, marked as such. */
  pickedId?: string | null;
  /** The material whose pick is being saved. */
  busyId?: string | null;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useMaterialList(kinds);
  const tasks = useMaterialTasks((s) => s.tasks);
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [storageFull, setStorageFull] = useState(false);
  const preview = useAudioPreview();
  const refresh = () => queryClient.invalidateQueries({ queryKey: materialKeys.all });

  // A finished upload is processing on the server now: the list is read again to show it so.
  const finished = tasks.filter((task) => task.uploadStatus === 'success').length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the count of finished uploads changes
  useEffect(() => {
    if (finished > 0) void refresh();
  }, [finished]);

  async function add(files: File[]) {
    for (const file of files) {
      try {
        await uploadMaterial(kindOfFile(kinds, file), file);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'storage_limit') setStorageFull(true);
        else if (error instanceof MaterialRefused && error.refusal === 'upload_type')
          message.error(`${file.name}: ${t('materials.mimeMsg', { types: typesText(kinds) })}`);
        else message.error(`${file.name}: ${materialErrorText(error, t)}`);
      }
    }
    await refresh();
  }

  async function remove(material: Material) {
    const task = tasks.find((candidate) => candidate.taskId === material.materialId);
    try {
      // An upload still under way is stopped first; the engine deletes it on the server as it forgets it.
      if (task && task.uploadStatus !== 'success') materialEngine().delete(task.taskId);
      else await materialApi.remove({ materialIds: [material.materialId] });
      message.success(t('materials.deleted'));
    } catch (error) {
      message.error(materialErrorText(error, t));
    }
    await refresh();
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void add([...event.dataTransfer.files]);
  };

  const status = (material: Material) => {
    const task = tasks.find((candidate) => candidate.taskId === material.materialId);
    if (task && task.uploadStatus !== 'success' && task.uploadStatus !== 'cancel') {
      if (task.uploadStatus === 'error')
        return <Typography.Text type="danger">{task.errorMessage ?? t('materials.status.failed')}</Typography.Text>;
      return (
        <Progress
          percent={Math.floor(task.uploadPercent)}
          size="small"
          status={task.uploadStatus === 'paused' ? 'normal' : 'active'}
          format={(percent) => t('materials.status.uploadingPercent', { percent })}
        />
      );
    }
    if (material.status === 'uploading') return <Tag color="processing">{t('materials.status.uploading')}</Tag>;
    if (material.status === 'processing') return <Tag color="processing">{t('materials.status.processing')}</Tag>;
    if (material.status === 'failed') {
      const reason = material.failReason ? `errors.${material.failReason}` : '';
      return (
        <Typography.Text type="danger">
          {t('materials.status.failedBecause', {
            reason: reason && i18n.exists(reason) ? t(reason) : t('materials.status.failed'),
          })}
        </Typography.Text>
      );
    }
    return null;
  };

  const materials = list.data?.list ?? [];
  const uploadLabel = t('materials.upload');
  return (
    <section
      className={`material-library${dragging ? ' is-dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      aria-label={t('materials.title')}
    >
      <div className="material-toolbar">
        <Button icon={<UploadOutlined />} onClick={() => picker.current?.click()}>
          {uploadLabel}
        </Button>
        <Typography.Text type="secondary">
          {t('materials.hint', {
            types: typesText(kinds),
            size: kinds
              .map((kind) => formatSize(UPLOAD_SIZE_LIMITS[kind]))
              .filter(unique)
              .join(' / '),
          })}
        </Typography.Text>
        <input
          ref={picker}
          type="file"
          multiple
          accept={acceptOf(kinds)}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={uploadLabel}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void add(files);
          }}
        />
      </div>
      {list.isPending ? (
        <Spin />
      ) : materials.length === 0 ? (
        <Empty description={t('materials.empty')} />
      ) : (
        <ul className="material-grid">
          {materials.map((material) => (
            <li
              key={material.materialId}
              className={`material-card${pickedId === material.materialId ? ' is-picked' : ''}`}
              data-status={material.status}
            >
              <MaterialThumb material={material} preview={preview} />
              <Typography.Text ellipsis={{ tooltip: material.name }} className="material-name">
                {material.name}
              </Typography.Text>
              <div className="material-status">{status(material)}</div>
              <div className="material-actions">
                {onPick && material.status === 'ready' && (
                  <Button
                    size="small"
                    type={pickedId === material.materialId ? 'default' : 'primary'}
                    loading={busyId === material.materialId}
                    disabled={pickedId === material.materialId}
                    aria-label={t('materials.useNamed', { name: material.name })}
                    onClick={() => onPick(material)}
                  >
                    {pickedId === material.materialId ? t('materials.inUse') : t('materials.use')}
                  </Button>
                )}
                <Popconfirm
                  title={t('materials.deleteConfirm', { name: material.name })}
                  okText={t('materials.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('materials.cancel')}
                  onConfirm={() => remove(material)}
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('materials.deleteNamed', { name: material.name })}
                  />
                </Popconfirm>
              </div>
            </li>
          ))}
        </ul>
      )}
      <StorageLimitDialog open={storageFull} onClose={() => setStorageFull(false)} />
    </section>
  );
}

const unique = (value: string, index: number, all: string[]) => all.indexOf(value) === index;

/** A material's picture: an image's own, a clip's first frame with its length, or a sound's icon and length. */
export function MaterialThumb({
  material,
  preview,
}: {
  material: Material;
  /** Where a sound is heard, one at a time; without it a sound shows no play button. */
  preview?: ReturnType<typeof useAudioPreview>;
}) {
  const { t } = useTranslation();
  const sound = material.kind === 'material-audio' || material.kind === 'tts-scene' || material.kind === 'tts-subtitle';
  if (sound) {
    return (
      <div className="material-thumb material-thumb-audio">
        {preview && material.url ? (
          <Button
            shape="circle"
            icon={preview.playing === material.materialId ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            aria-label={t(preview.playing === material.materialId ? 'materials.pauseNamed' : 'materials.playNamed', {
              name: material.name,
            })}
            onClick={() => preview.toggle(material.materialId, material.url as string)}
          />
        ) : (
          <CustomerServiceOutlined aria-hidden />
        )}
        {material.duration !== null && <span className="material-duration">{formatDuration(material.duration)}</span>}
      </div>
    );
  }
  return (
    <div className="material-thumb">
      {material.cover ? (
        <img src={material.cover} alt={material.name} loading="lazy" />
      ) : (
        <span className="material-thumb-empty">
          {material.kind === 'material-video' ? <VideoCameraOutlined aria-hidden /> : null}
        </span>
      )}
      {material.kind === 'material-video' && (
        <Tag className="material-clip" color="blue">
          {t('materials.clip')}
          {material.duration !== null ? ` ${formatDuration(material.duration)}` : ''}
        </Tag>
      )}
    </div>
  );
}
