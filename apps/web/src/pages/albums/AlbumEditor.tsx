import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ALBUM_TITLE_MAX, ALBUM_VIDEOS_MAX, type Album, type Video } from '@leadreel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Form, Input, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { albumsApi, videosApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { videoKeys } from '../../api/queries.ts';
import { SortableList } from '../../features/sortable/Sortable.tsx';
import { ChooseVideoDialog } from '../../features/videos/ChooseVideoDialog.tsx';
import { formatDuration } from '../../features/videos/format.ts';
import { albumKeys, titleRule, useFeatureGate } from './albumData.ts';

/** What the editor changes besides the title, until it is saved. */
type Draft = { videoIds: string[]; coverVideoId: string | null };

/** The album's videos as records (names, thumbnails): the saved ones read in one call, the added ones as chosen. */
function useAlbumVideos(savedIds: string[], chosen: ReadonlyMap<string, Video>) {
  const saved = useQuery({
    queryKey: videoKeys.status(savedIds),
    queryFn: () => videosApi.status(savedIds),
    enabled: savedIds.length > 0,
  });
  return new Map([...(saved.data ?? []).map((video) => [video.videoId, video] as const), ...chosen]);
}

function VideoRow({ id, video, onRemove }: { id: string; video: Video | undefined; onRemove: () => void }) {
  const { t } = useTranslation();
  const name = video?.name ?? t('albums.loadingVideo');
  return (
    <div className="album-video">
      {video?.thumbnail ? (
        <img className="video-thumb" src={video.thumbnail} alt="" loading="lazy" />
      ) : (
        <div className="video-thumb video-thumb-empty" />
      )}
      <Typography.Text className="album-video-name" ellipsis={{ tooltip: name }}>
        {name}
      </Typography.Text>
      <Typography.Text type="secondary">{formatDuration(video?.duration)}</Typography.Text>
      <Radio value={id} aria-label={t('albums.coverOf', { name })}>
        {t('albums.cover')}
      </Radio>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('albums.removeVideo', { name })}
        onClick={onRemove}
      />
    </div>
  );
}

/**
 * The album's title, its videos in the order the album plays them (dragged, or moved with the keyboard),
 * and which one's thumbnail is the cover. Nothing is kept until Save, which closes from Frozen on with the
 * other slider settings (the period gate asks to renew).
 */
export function AlbumEditor({ album }: { album: Album }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const gated = useFeatureGate();
  const [form] = Form.useForm<{ title: string }>();
  const title = Form.useWatch('title', form);
  const [draft, setDraft] = useState<Draft>({ videoIds: album.videoIds, coverVideoId: album.coverVideoId });
  const [chosen, setChosen] = useState<ReadonlyMap<string, Video>>(new Map());
  const [choosing, setChoosing] = useState(false);
  const videos = useAlbumVideos(album.videoIds, chosen);
  const nameOf = (id: string) => videos.get(id)?.name ?? t('albums.loadingVideo');

  const dirty =
    (title !== undefined && title !== album.title) ||
    draft.coverVideoId !== album.coverVideoId ||
    draft.videoIds.join() !== album.videoIds.join();

  const save = useMutation({
    mutationFn: (values: { title: string }) => albumsApi.edit({ id: album.id, title: values.title.trim(), ...draft }),
    onSuccess: (saved) => {
      queryClient.setQueryData(albumKeys.detail(album.id), saved);
      void queryClient.invalidateQueries({ queryKey: albumKeys.list });
      setDraft({ videoIds: saved.videoIds, coverVideoId: saved.coverVideoId });
      form.setFieldsValue({ title: saved.title });
      message.success(t('albums.saved'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.field === 'title')
        form.setFields([{ name: 'title', errors: [errorText(error)] }]);
      else message.error(errorText(error));
    },
  });
  const onSave = () =>
    gated('sliderSettings', () => {
      form.validateFields().then(
        (values) => save.mutate(values),
        () => undefined,
      );
    });

  const add = (picked: Video[]) => {
    const fresh = picked.filter((video) => !draft.videoIds.includes(video.videoId));
    if (draft.videoIds.length + fresh.length > ALBUM_VIDEOS_MAX) {
      message.error(t('errors.album_videos_too_many'));
      return;
    }
    setChosen(new Map([...chosen, ...fresh.map((video) => [video.videoId, video] as const)]));
    setDraft({ ...draft, videoIds: [...draft.videoIds, ...fresh.map((video) => video.videoId)] });
    setChoosing(false);
  };
  const remove = (id: string) =>
    setDraft({
      videoIds: draft.videoIds.filter((other) => other !== id),
      // The cover leaves with its video; the first video's thumbnail stands in until another is chosen.
      coverVideoId: draft.coverVideoId === id ? null : draft.coverVideoId,
    });

  return (
    <>
      <Form form={form} layout="vertical" initialValues={{ title: album.title }} onFinish={() => onSave()}>
        <Form.Item name="title" label={t('albums.title')} rules={[titleRule(t)]}>
          <Input count={{ show: true, max: ALBUM_TITLE_MAX }} />
        </Form.Item>
      </Form>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5}>
          {t('albums.videos')} ({draft.videoIds.length}/{ALBUM_VIDEOS_MAX})
        </Typography.Title>
        <Button icon={<PlusOutlined />} onClick={() => setChoosing(true)}>
          {t('albums.addVideos')}
        </Button>
      </Flex>
      {draft.videoIds.length === 0 ? (
        <Empty description={t('albums.noVideos')} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('albums.reorderHelp')} {t('albums.coverHelp')}
          </Typography.Paragraph>
          <Radio.Group
            className="album-videos"
            // No cover chosen: the first video's thumbnail is the cover, wherever the videos move.
            value={draft.coverVideoId ?? draft.videoIds[0]}
            onChange={(event) => setDraft({ ...draft, coverVideoId: event.target.value })}
          >
            <SortableList
              items={draft.videoIds}
              itemKey={(id) => id}
              ariaLabel={t('albums.videos')}
              labels={(id) => ({
                drag: t('albums.drag', { name: nameOf(id) }),
                up: t('albums.moveUp', { name: nameOf(id) }),
                down: t('albums.moveDown', { name: nameOf(id) }),
              })}
              onChange={(videoIds) => setDraft({ ...draft, videoIds })}
              renderItem={(id) => <VideoRow id={id} video={videos.get(id)} onRemove={() => remove(id)} />}
            />
          </Radio.Group>
        </>
      )}
      <Flex gap={12} align="center" className="album-save">
        <Button type="primary" onClick={onSave} loading={save.isPending}>
          {t('albums.save')}
        </Button>
        {dirty && <Typography.Text type="warning">{t('albums.unsaved')}</Typography.Text>}
      </Flex>
      <ChooseVideoDialog open={choosing} multiple onClose={() => setChoosing(false)} onChoose={add} />
    </>
  );
}
