import { canRetryVideo, type Folder, type GatedFeature, VIDEO_SORTS, type Video } from '@leadreel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Input, Select } from 'antd';
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
import { PreviewDialog } from '../../features/videos/PreviewDialog.tsx';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { VideoSubmissionsDialog } from '../leads/VideoSubmissionsDialog.tsx';
import { ALL, FolderNameDialog, FolderPane } from './FolderPane.tsx';
import { PAGE_SIZE, VideoTable } from './VideoTable.tsx';

/** video list: folders, search, sort, pages, upload and the task list. */
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

  return (
    <div className="video-list">
      <FolderPane
        folders={folderList}
        selected={folder}
        usage={account?.storageAndTraffic}
        on={{
          select: (key) => {
            setFolder(key);
            setPage(1);
          },
          add: () => gated('folders', () => setNaming({ folder: null })),
          rename: (f) => gated('folders', () => setNaming({ folder: f })),
          remove: (f) => gated('folders', () => deleteFolder(f)),
        }}
      />
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
        <VideoTable
          rows={rows}
          loading={list.isLoading || list.isPlaceholderData}
          page={page}
          total={list.data?.total ?? 0}
          onPage={setPage}
          // From Clear on the videos are hidden, not gone: the list says so instead of "no videos yet".
          emptyText={isLocked(account, 'getData') ? t('videos.hiddenByPlan') : undefined}
          actions={(video) => ({
            preview: () => setPreview(video),
            retry:
              canRetryVideo(video) && (video.status === 'failed' || hasTask(video)) ? () => retry(video) : undefined,
            share: () => setSharing({ video, kind: 'share' }),
            embed: () => setSharing({ video, kind: 'embed' }),
            settings: () => navigate(`/video-setting/${video.videoId}/basic-setting`),
            submissions: () => setSubmissions(video),
            move: () => gated('folders', () => setMoving([video])),
            remove: () => deleteVideos([video]),
          })}
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
