import { DownloadOutlined, TranslationOutlined } from '@ant-design/icons';
import { type Subtitle, toSrt, toWebVtt } from '@leadreel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Dropdown,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { settingsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { routeKey } from '../../api/keys.ts';
import { useVideoDetailQuery } from '../../api/queries.ts';
import { speechApi } from '../../features/speech/speechQueries.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { saveFile } from '../leads/leadQueries.ts';
import { type CueDraft, CueEditor } from './CueEditor.tsx';
import { SpeechGenerate } from './SpeechGenerate.tsx';
import { SubtitleUpload, useLanguageName } from './SubtitleUpload.tsx';
import { ScreenFallback } from './screen.tsx';
import '../../features/speech/speech.css';

const subtitleKey = (videoId: string) => routeKey('settings.subtitles', { videoId });

/** A video's subtitle tracks (the subtitle and GlobalVoice screens). */
export const useSubtitleTracks = (videoId: string) =>
  useQuery({ queryKey: subtitleKey(videoId), queryFn: () => settingsApi.subtitles(videoId), retry: false });

/** A track as a file made in the browser: SRT, or WebVTT as the player reads it. */
const FORMATS = {
  srt: { write: toSrt, type: 'application/x-subrip' },
  vtt: { write: toWebVtt, type: 'text/vtt' },
} as const;
type Format = keyof typeof FORMATS;

/** video settings, subtitle: SRT or VTT files per language, their lines edited, one track by default. */
export function SubtitleSetting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { videoId = '' } = useParams();
  const queryClient = useQueryClient();
  const account = useAccountStore((s) => s.account);
  const languageName = useLanguageName();
  const [editingId, setEditingId] = useState<string | null>(null);
  // Lines "AI optimise" proposed for a track, shown in its editor until saved or discarded; `round` remounts
  // the editor when a track is optimised again.
  const [draft, setDraft] = useState<(CueDraft & { subtitleId: string; round: number }) | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const video = useVideoDetailQuery(videoId);
  const key = subtitleKey(videoId);
  const subtitles = useSubtitleTracks(videoId);

  const locked = isLocked(account, 'videoSettings');
  // AI tasks are "translate video", closed from the Frozen period on.
  const aiLocked = locked || isLocked(account, 'translateVideo');
  const error = subtitles.error ?? video.error;
  if (error || !subtitles.data || !video.data) return <ScreenFallback error={error} />;
  const tracks = subtitles.data;
  const editing = tracks.find((track) => track.subtitleId === editingId) ?? null;

  /** One action on the list at a time, its button spinning; a refusal said as a message. */
  const run = async (id: string, action: () => Promise<void>) => {
    setBusy(id);
    try {
      await action();
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setBusy(null);
    }
  };
  const makeDefault = (subtitleId: string | null) =>
    run(subtitleId ?? 'none', async () => {
      queryClient.setQueryData(key, await settingsApi.setDefaultSubtitle({ videoId, subtitleId }));
      message.success(t(subtitleId ? 'subtitle.defaultSaved' : 'subtitle.noDefaultSaved'));
    });
  const optimise = (track: Subtitle) =>
    run(`${track.subtitleId}:optimise`, async () => {
      const { engine, cues } = await speechApi.optimise(track.subtitleId);
      setDraft((old) => ({ subtitleId: track.subtitleId, engine, cues, round: (old?.round ?? 0) + 1 }));
      setEditingId(track.subtitleId);
      message.info(t('speech.optimise.loaded', { engine }));
    });
  const download = (track: Subtitle, format: Format) => {
    const name = `${video.data.name.replace(/\.[^.]+$/, '')}.${track.lang}.${format}`;
    saveFile(new Blob([FORMATS[format].write(track.cues)], { type: FORMATS[format].type }), name);
  };
  const remove = (track: Subtitle) =>
    run(track.subtitleId, async () => {
      await settingsApi.deleteSubtitle(track.subtitleId);
      if (editingId === track.subtitleId) setEditingId(null);
      queryClient.setQueryData<Subtitle[]>(key, (old) => old?.filter((s) => s.subtitleId !== track.subtitleId));
      message.success(t('subtitle.deleted'));
    });

  const columns: TableColumnsType<Subtitle> = [
    {
      title: t('subtitle.label'),
      key: 'label',
      render: (_, track) => (
        <Space size={4} wrap>
          <span>{track.label}</span>
          {track.isDefault && <Tag color="blue">{t('subtitle.default')}</Tag>}
        </Space>
      ),
    },
    { title: t('subtitle.lang'), key: 'lang', render: (_, track) => languageName(track.lang) },
    { title: t('subtitle.lines'), key: 'lines', width: 90, render: (_, track) => track.cues.length },
    {
      title: t('subtitle.actions'),
      key: 'actions',
      render: (_, track) => (
        <Space size={0} wrap>
          <Button
            type="link"
            aria-label={t('subtitle.editTrack', { label: track.label })}
            onClick={() => setEditingId(track.subtitleId)}
          >
            {t('subtitle.edit')}
          </Button>
          <Button
            type="link"
            aria-label={t('speech.optimise.track', { label: track.label })}
            disabled={aiLocked || track.cues.length === 0}
            loading={busy === `${track.subtitleId}:optimise`}
            onClick={() => void optimise(track)}
          >
            {t('speech.optimise.button')}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: (['srt', 'vtt'] as const).map((format) => ({
                key: format,
                label: t(`speech.download.${format}`),
                onClick: () => download(track, format),
              })),
            }}
          >
            <Button
              type="link"
              icon={<DownloadOutlined />}
              aria-label={t('speech.download.track', { label: track.label })}
            >
              {t('speech.download.button')}
            </Button>
          </Dropdown>
          {!track.isDefault && (
            <Button
              type="link"
              aria-label={t('subtitle.makeDefaultTrack', { label: track.label })}
              disabled={locked}
              loading={busy === track.subtitleId}
              onClick={() => void makeDefault(track.subtitleId)}
            >
              {t('subtitle.makeDefault')}
            </Button>
          )}
          <Popconfirm
            title={t('subtitle.deleteConfirm', { label: track.label })}
            okText={t('subtitle.delete')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(track)}
            disabled={locked}
          >
            <Button type="link" danger aria-label={t('subtitle.deleteTrack', { label: track.label })} disabled={locked}>
              {t('subtitle.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="subtitle-setting">
      <Typography.Title level={4}>{video.data.name}</Typography.Title>
      {locked && <Alert type="warning" showIcon className="seo-locked" title={t('errors.plan_period')} />}
      <div className="seo-columns">
        <Card
          title={t('subtitle.tracks')}
          extra={
            <Link to={`/video-setting/${videoId}/global-voice`}>
              <Button icon={<TranslationOutlined />}>{t('speech.translateShortcut')}</Button>
            </Link>
          }
        >
          <Typography.Paragraph type="secondary">{t('subtitle.intro')}</Typography.Paragraph>
          <Table<Subtitle>
            rowKey="subtitleId"
            size="small"
            columns={columns}
            dataSource={tracks}
            pagination={false}
            scroll={{ x: 520 }}
            locale={{ emptyText: t('subtitle.empty') }}
          />
          {tracks.length > 0 && (
            <div className="subtitle-no-default">
              <Button
                disabled={locked || !tracks.some((track) => track.isDefault)}
                loading={busy === 'none'}
                onClick={() => void makeDefault(null)}
              >
                {t('subtitle.noDefault')}
              </Button>
              <Typography.Text type="secondary">{t('subtitle.noDefaultHelp')}</Typography.Text>
            </div>
          )}
        </Card>
        <div className="speech-side">
          <SubtitleUpload
            videoId={videoId}
            tracks={tracks}
            locked={locked}
            onUploaded={() => queryClient.invalidateQueries({ queryKey: key })}
          />
          <SpeechGenerate
            videoId={videoId}
            tracks={tracks}
            locked={aiLocked}
            onDone={() => queryClient.invalidateQueries({ queryKey: key })}
          />
        </div>
      </div>
      {editing && (
        <CueEditor
          key={`${editing.subtitleId}:${draft?.subtitleId === editing.subtitleId ? draft.round : 0}`}
          track={editing}
          locked={locked}
          draft={draft?.subtitleId === editing.subtitleId ? draft : null}
          onClose={() => {
            setEditingId(null);
            setDraft(null);
          }}
          onDiscard={() => setDraft(null)}
          onSaved={(saved) => {
            setDraft(null);
            queryClient.setQueryData<Subtitle[]>(key, (old) =>
              old?.map((s) => (s.subtitleId === saved.subtitleId ? saved : s)),
            );
          }}
        />
      )}
    </div>
  );
}
