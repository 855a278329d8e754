import {
  canRetryVideo,
  FOLDER_NAME_MAX,
  type Folder,
  type GatedFeature,
  VIDEO_SORTS,
  type Video,
} from '@leadreel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Dropdown, Input, Menu, Modal, Progress, Select, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { uploadsApi, videosApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import {
  isVideoInProgress,
  queryKeys,
  useFoldersQuery,
  useVideoListQuery,
  useVideoStatusPolling,
  videoKeys,
} from '../../api/queries.ts';
import { CommunityDialog } from '../../components/CommunityDialog.tsx';
import { usePeriodGate } from '../../components/periodGate.ts';
import { EmbedDialog } from '../../features/share/EmbedDialog.tsx';
import { ShareDialog } from '../../features/share/ShareDialog.tsx';
import { uploadEngine, useUploadStore } from '../../features/upload/store.ts';
import { UploadDialog } from '../../features/upload/UploadDialog.tsx';
import { MoveFolderDialog } from '../../features/videos/FolderPicker.tsx';
import { formatDuration } from '../../features/videos/format.ts';
import { PreviewDialog } from '../../features/videos/PreviewDialog.tsx';
import { formatDate, formatSize } from '../../format.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { VideoSubmissionsDialog } from '../leads/VideoSubmissionsDialog.tsx';
import { ROW_ACTIONS_WIDTH, RowActions, StatusCell } from './VideoCells.tsx';

const PAGE_SIZE = 20;
const ALL = 'all';
/**
 * Fixed widths (with the table's 8 px cell padding) that hold each header and value on one line in English
 * and Chinese; the title column takes the rest. At 1280 px the table has about 730 px (issue 13 §10).
 */
const COLUMN_WIDTHS = { duration: 88, status: 150, size: 84, created: 104 };
const VIDEO_TABLE_MIN_WIDTH =
  180 + COLUMN_WIDTHS.duration + COLUMN_WIDTHS.status + COLUMN_WIDTHS.size + COLUMN_WIDTHS.created + ROW_ACTIONS_WIDTH;

/** spec §5 folder name: required, at most 50 characters, in the spec's words. */
export function folderNameError(name: string, t: (key: string) => string) {
  if (name.trim() === '') return t('errors.folder_name_required');
  if (name.trim().length > FOLDER_NAME_MAX) return t('errors.folder_name_too_long');
  return null;
}

function FolderNameDialog(props: {
  open: boolean;
  title: string;
  initial: string;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('videos.save')}
      cancelText={t('videos.cancel')}
      okButtonProps={{ loading: busy }}
      onCancel={props.onClose}
      destroyOnHidden
      onOk={async () => {
        const problem = folderNameError(name, t);
        setError(problem);
        if (problem) return;
        setBusy(true);
        try {
          await props.onSave(name.trim());
        } catch (caught) {
          setError(errorText(caught));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Input
        value={name}
        aria-label={t('videos.folderName')}
        placeholder={t('videos.folderName')}
        status={error ? 'error' : undefined}
        onChange={(event) => setName(event.target.value)}
        onPressEnter={(event) =>
          event.currentTarget.closest('.ant-modal')?.querySelector<HTMLButtonElement>('.ant-btn-primary')?.click()
        }
      />
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Modal>
  );
}

/** spec §2 video list: folders, search, sort, pages, upload and the task list. */
export function VideoList() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useAccountStore((s) => s.account);
  const gate = usePeriodGate();
  const uploadingCount = useUploadStore((s) => s.tasks.filter((task) => task.uploadStatus !== 'success').length);
  const setPanelOpen = useUploadStore((s) => s.setPanelOpen);
  const [community, setCommunity] = useState(Boolean((location.state as { community?: boolean } | null)?.community));
  const [folder, setFolder] = useState<string>(ALL);
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<(typeof VIDEO_SORTS)[number]>('date');
  const [page, setPage] = useState(1);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [naming, setNaming] = useState<{ folder: Folder | null } | null>(null);
  const [moving, setMoving] = useState<Video[] | null>(null);
  const [preview, setPreview] = useState<Video | null>(null);
  const [sharing, setSharing] = useState<{ video: Video; kind: 'share' | 'embed' } | null>(null);
  const [submissions, setSubmissions] = useState<Video | null>(null);

  const gated = (feature: GatedFeature, action: () => void) => (isLocked(account, feature) ? gate(action) : action());

  const folders = useFoldersQuery();
  const list = useVideoListQuery({
    folderId: folder === ALL ? undefined : folder,
    keyword: keyword || undefined,
    sort,
    order: sort === 'name' ? 'asc' : 'desc',
    page,
    pageSize: PAGE_SIZE,
  });
  // Progress of uploads and encodes shows as it happens, from the status call rather than the whole list;
  // an upload this browser sends shows the uploader's own figure (StatusCell), so it is not polled for.
  const sendingIds = useUploadStore((s) =>
    s.tasks
      .filter((task) => task.uploadStatus === 'uploading')
      .map((task) => task.data.videoId)
      .join(' '),
  );
  const sending = useMemo(() => new Set(sendingIds.split(' ')), [sendingIds]);
  const fresh = useVideoStatusPolling(list.data?.list, sending);
  const rows = (list.data?.list ?? []).map((video) => fresh.get(video.videoId) ?? video);
  const settled = [...fresh.values()].some((video) => !isVideoInProgress(video));
  useEffect(() => {
    // A video that finished changes the folder counts and the storage figure too.
    if (settled) {
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.account });
    }
  }, [settled, queryClient]);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: videoKeys.all });
    await queryClient.invalidateQueries({ queryKey: queryKeys.account });
  };
  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      if (done) message.success(done);
      await refresh();
    } catch (error) {
      message.error(errorText(error));
    }
  };

  const folderList = folders.data ?? [];
  // The ids of the videos this browser uploads, as one string: the list re-renders when that set changes,
  // not with every progress tick of an upload (a whole table each second took CPU from the upload itself).
  const taskVideoIds = useUploadStore((s) => s.tasks.map((task) => task.data.videoId).join(' '));
  const hasTask = (video: Video) => taskVideoIds.split(' ').includes(video.videoId);
  /** A failed encode runs again on the server; a failed upload continues from this browser's task (its file). */
  const retry = (video: Video) => {
    if (video.status === 'failed') {
      void run(() => uploadsApi.reUpload({ sourceVideoId: video.videoId }));
      return;
    }
    const task = useUploadStore.getState().tasks.find((item) => item.data.videoId === video.videoId);
    if (task && !task.needsFile) uploadEngine().restart(task.taskId);
    setPanelOpen(true);
  };
  const folderName = (f: Folder) => (f.isDefault ? t('videos.defaultFolder') : f.name);
  const deleteVideos = (videos: Video[]) =>
    modal.confirm({
      title: t('videos.deleteTitle', { count: videos.length }),
      content: t('videos.deleteText'),
      okText: t('videos.delete'),
      okButtonProps: { danger: true },
      cancelText: t('videos.cancel'),
      onOk: () => run(() => videosApi.remove({ videoIds: videos.map((v) => v.videoId) }), t('videos.deleted')),
    });
  const deleteFolder = (f: Folder) =>
    modal.confirm({
      title: t('videos.deleteFolderTitle', { name: f.name }),
      content: t('videos.deleteFolderText'),
      okText: t('videos.delete'),
      okButtonProps: { danger: true },
      cancelText: t('videos.cancel'),
      onOk: () =>
        run(async () => {
          await videosApi.deleteFolder({ folderId: f.folderId });
          if (folder === f.folderId) setFolder(ALL);
        }),
    });

  const usage = account?.storageAndTraffic;
  return (
    <div className="video-list">
      <aside className="video-folders">
        <div className="video-folders-head">
          <Typography.Text strong>{t('videos.folders')}</Typography.Text>
          <Button size="small" onClick={() => gated('folders', () => setNaming({ folder: null }))}>
            {t('videos.addFolder')}
          </Button>
        </div>
        <Menu
          mode="inline"
          className="video-folder-menu"
          // Half antd's indent of 24 px: more of each folder's name shows.
          inlineIndent={12}
          selectedKeys={[folder]}
          onClick={({ key }) => {
            setFolder(key);
            setPage(1);
          }}
          items={[
            { key: ALL, label: t('videos.allVideos') },
            ...folderList.map((f) => ({
              key: f.folderId,
              label: (
                <span className="video-folder-item">
                  <span className="video-folder-name" title={folderName(f)}>
                    {folderName(f)}
                  </span>
                  <span className={f.isDefault ? 'video-folder-count' : 'video-folder-count with-actions'}>
                    {f.videoCount}
                  </span>
                  {!f.isDefault && (
                    <Dropdown
                      trigger={['click']}
                      menu={{
                        items: [
                          {
                            key: 'rename',
                            label: t('videos.rename'),
                            onClick: () => gated('folders', () => setNaming({ folder: f })),
                          },
                          {
                            key: 'delete',
                            label: t('videos.delete'),
                            danger: true,
                            onClick: () => gated('folders', () => deleteFolder(f)),
                          },
                        ],
                      }}
                    >
                      <Button
                        size="small"
                        type="text"
                        className="video-folder-actions"
                        aria-label={t('videos.folderActions', { name: f.name })}
                        onClick={(e) => e.stopPropagation()}
                      >
                        ···
                      </Button>
                    </Dropdown>
                  )}
                </span>
              ),
            })),
          ]}
        />
        {usage && (
          <div className="video-usage" data-testid="storage-usage">
            <Typography.Text type="secondary">
              {t('videos.usage', { used: formatSize(usage.usedStorage), total: formatSize(usage.storage) })}
            </Typography.Text>
            <Progress
              percent={Math.min(100, Math.round((usage.usedStorage / Math.max(1, usage.storage)) * 100))}
              size="small"
              showInfo={false}
            />
          </div>
        )}
      </aside>
      <section className="video-main">
        <div className="video-toolbar">
          <Input.Search
            allowClear
            className="video-search"
            placeholder={t('videos.search')}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage(1);
            }}
          />
          <Select
            value={sort}
            onChange={(value) => {
              setSort(value);
              setPage(1);
            }}
            aria-label={t('videos.sort')}
            options={VIDEO_SORTS.map((value) => ({ value, label: t(`videos.sortBy.${value}`) }))}
          />
          <Badge count={uploadingCount} size="small">
            <Button onClick={() => setPanelOpen(true)}>{t('upload.taskButton')}</Button>
          </Badge>
          <Button type="primary" onClick={() => gated('uploadVideo', () => setUploadOpen(true))}>
            {t('upload.button')}
          </Button>
        </div>
        <Table<Video>
          rowKey="videoId"
          className="video-table"
          size="middle"
          tableLayout="fixed"
          loading={list.isLoading || list.isPlaceholderData}
          dataSource={rows}
          // Below this the columns scroll sideways under the pinned, narrow actions; at 1280 px they all fit.
          scroll={{ x: VIDEO_TABLE_MIN_WIDTH }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          locale={{ emptyText: t('videos.empty') }}
          columns={[
            {
              title: t('videos.video'),
              key: 'video',
              // No width: the title takes what the others leave, and ends in an ellipsis.
              render: (_, video) => (
                <div className="video-title-cell">
                  {video.thumbnail ? (
                    <img className="video-thumb" src={video.thumbnail} alt="" loading="lazy" />
                  ) : (
                    <div className="video-thumb video-thumb-empty" />
                  )}
                  <Typography.Text strong className="video-name" ellipsis={{ tooltip: video.name }}>
                    {video.name}
                  </Typography.Text>
                </div>
              ),
            },
            {
              title: t('videos.duration'),
              dataIndex: 'duration',
              width: COLUMN_WIDTHS.duration,
              render: (value: number | null) => formatDuration(value),
            },
            {
              title: t('videos.status.title'),
              key: 'status',
              width: COLUMN_WIDTHS.status,
              render: (_, video) => <StatusCell video={video} />,
            },
            {
              title: t('videos.size'),
              dataIndex: 'size',
              width: COLUMN_WIDTHS.size,
              render: (value: number) => formatSize(value),
            },
            {
              title: t('videos.created'),
              dataIndex: 'createdAt',
              width: COLUMN_WIDTHS.created,
              render: (value: number) => formatDate(value),
            },
            {
              title: t('videos.actions'),
              key: 'actions',
              width: ROW_ACTIONS_WIDTH,
              fixed: 'right',
              render: (_, video) => (
                <RowActions
                  video={video}
                  on={{
                    preview: () => setPreview(video),
                    retry:
                      canRetryVideo(video) && (video.status === 'failed' || hasTask(video))
                        ? () => retry(video)
                        : undefined,
                    share: () => setSharing({ video, kind: 'share' }),
                    embed: () => setSharing({ video, kind: 'embed' }),
                    settings: () => navigate(`/video-setting/${video.videoId}/basic-setting`),
                    submissions: () => setSubmissions(video),
                    move: () => gated('folders', () => setMoving([video])),
                    remove: () => deleteVideos([video]),
                  }}
                />
              ),
            },
          ]}
        />
      </section>
      <FolderNameDialog
        // A fresh dialog (and fresh state) for each opening.
        key={naming ? (naming.folder?.folderId ?? 'new') : 'closed'}
        open={naming !== null}
        title={naming?.folder ? t('videos.renameFolder') : t('videos.addFolder')}
        initial={naming?.folder?.name ?? ''}
        onClose={() => setNaming(null)}
        onSave={async (name) => {
          if (naming?.folder) await videosApi.renameFolder({ folderId: naming.folder.folderId, name });
          else await videosApi.addFolder({ name });
          setNaming(null);
          await refresh();
        }}
      />
      <ShareDialog video={sharing?.kind === 'share' ? sharing.video : null} onClose={() => setSharing(null)} />
      <EmbedDialog video={sharing?.kind === 'embed' ? sharing.video : null} onClose={() => setSharing(null)} />
      <MoveFolderDialog
        open={moving !== null}
        folders={folderList}
        exclude={moving?.length === 1 ? moving[0]?.folderId : undefined}
        onClose={() => setMoving(null)}
        onChoose={async (folderId) => {
          await run(
            () => videosApi.move({ videoIds: (moving ?? []).map((v) => v.videoId), folderId }),
            t('videos.moved'),
          );
          setMoving(null);
        }}
      />
      <UploadDialog
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        folders={folderList}
        folderId={folder === ALL ? undefined : folder}
      />
      <PreviewDialog video={preview} onClose={() => setPreview(null)} />
      <VideoSubmissionsDialog video={submissions} onClose={() => setSubmissions(null)} />
      <CommunityDialog
        open={community}
        onClose={() => {
          setCommunity(false);
          navigate(location.pathname, { replace: true, state: null });
        }}
      />
    </div>
  );
}
