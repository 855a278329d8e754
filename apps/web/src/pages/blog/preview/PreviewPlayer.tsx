import { CaretRightOutlined, PauseOutlined, StepBackwardOutlined, StepForwardOutlined } from '@ant-design/icons';
import type { Preview } from '@leadreel/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Progress, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blogApi } from '../../../api/endpoints.ts';
import { errorText } from '../../../api/index.ts';
import { DIALOG_WIDTH } from '../../../constants.ts';
import { blogKeys } from '../blogData.ts';
import { SceneStage } from './SceneStage.tsx';

/** How often the player's clock moves (the progress bar and a scene without a voice). */
const TICK_MS = 200;
/** The music's share of its volume while a voice speaks over it, so the words stay clear. */
const DUCKED = 0.3;

/** Starts a sound; a browser may refuse (no gesture yet, a format it lacks) and the preview goes on silent. */
function play(media: HTMLMediaElement | null) {
  if (!media) return;
  Promise.resolve()
    .then(() => media.play())
    .catch(() => undefined);
}
function pause(media: HTMLMediaElement | null) {
  try {
    media?.pause();
  } catch {
    // A browser without media playback has nothing to stop.
  }
}

/** The scenes one after the other, with their voices and the music, as the render will lay them out. */
function Player({ preview }: { preview: Preview }) {
  const { t } = useTranslation();
  const { scenes } = preview;
  const [index, setIndex] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const [playing, setPlaying] = useState(true);
  const voice = useRef<HTMLAudioElement>(null);
  const music = useRef<HTMLAudioElement>(null);
  /** The user's recording of the whole script, when it is the voice: one sound under every scene. */
  const track = useRef<HTMLAudioElement>(null);
  const scene = scenes[index];
  const total = scenes.reduce((sum, item) => sum + item.duration, 0);
  const before = scenes.slice(0, index).reduce((sum, item) => sum + item.duration, 0);

  const next = () => {
    if (index + 1 < scenes.length) {
      setIndex(index + 1);
      setElapsed(0);
    } else {
      setElapsed(scene?.duration ?? 0);
      setPlaying(false);
    }
  };
  const nextRef = useRef(next);
  nextRef.current = next;

  // The clock: a scene without a voice lasts its duration; one with a voice lasts until the voice ends.
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setElapsed((value) => value + TICK_MS / 1000);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing]);
  useEffect(() => {
    if (playing && scene && !scene.voice && elapsed >= scene.duration) nextRef.current();
  }, [elapsed, playing, scene]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scene mounts a new voice, which starts if playing.
  useEffect(() => {
    if (playing) {
      play(voice.current);
      play(track.current);
      play(music.current);
    } else {
      pause(voice.current);
      pause(track.current);
      pause(music.current);
    }
  }, [playing, index]);
  useEffect(() => {
    if (music.current && preview.bgm)
      music.current.volume =
        (preview.bgm.volume / 100) * ((scene?.voice || preview.voiceTrack) && playing ? DUCKED : 1);
  }, [preview.bgm, preview.voiceTrack, scene, playing]);

  const go = (to: number) => {
    setIndex(to);
    setElapsed(0);
    // The whole script's recording goes to where that scene's share of it starts.
    if (track.current) track.current.currentTime = scenes.slice(0, to).reduce((sum, item) => sum + item.duration, 0);
  };
  const toggle = () => {
    if (!playing && index === scenes.length - 1 && elapsed >= (scene?.duration ?? 0)) go(0);
    setPlaying(!playing);
  };
  if (!scene) return <Alert type="info" showIcon title={t('errors.blog_scenes_required')} />;
  const percent =
    total > 0 ? Math.min(100, Math.round(((before + Math.min(elapsed, scene.duration)) / total) * 100)) : 0;
  return (
    <div className="blog-player">
      <SceneStage
        aspect={preview.aspect}
        media={scene.media}
        text={scene.text}
        subtitles={preview.subtitles}
        logo={preview.logo}
        zoom={playing}
        label={t('blog.script.sceneNumber', { number: index + 1 })}
      />
      {scene.voice && (
        // biome-ignore lint/a11y/useMediaCaption: the scene's words are its subtitle, shown over the picture.
        <audio key={scene.sceneId} ref={voice} src={scene.voice} onEnded={() => nextRef.current()} />
      )}
      {preview.voiceTrack && (
        // biome-ignore lint/a11y/useMediaCaption: the script's words are the scenes' subtitles, shown over the picture.
        <audio ref={track} src={preview.voiceTrack} data-testid="blog-preview-track" />
      )}
      {preview.bgm && (
        // biome-ignore lint/a11y/useMediaCaption: background music has no words.
        <audio ref={music} src={preview.bgm.url} loop />
      )}
      <Progress
        percent={percent}
        showInfo={false}
        aria-label={t('blog.preview.progress', { percent })}
        className="blog-player-progress"
      />
      <Flex align="center" justify="space-between" gap={8}>
        <Flex gap={4}>
          <Button
            icon={<StepBackwardOutlined />}
            aria-label={t('blog.preview.previous')}
            disabled={index === 0}
            onClick={() => go(index - 1)}
          />
          <Button
            type="primary"
            icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
            aria-label={t(playing ? 'blog.preview.pause' : 'blog.preview.play')}
            onClick={toggle}
          />
          <Button
            icon={<StepForwardOutlined />}
            aria-label={t('blog.preview.next')}
            disabled={index === scenes.length - 1}
            onClick={() => go(index + 1)}
          />
        </Flex>
        <Typography.Text type="secondary">
          {t('blog.preview.scene', { number: index + 1, count: scenes.length })}
        </Typography.Text>
      </Flex>
    </div>
  );
}

/** Preview: the project played in the browser, before any render, as it stands now. */
export function PreviewPlayer({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const preview = useQuery({
    queryKey: blogKeys.preview(projectId),
    queryFn: () => blogApi.preview(projectId),
    // Each opening plays the script as it was last saved.
    gcTime: 0,
    staleTime: 0,
  });
  return (
    <Modal open title={t('blog.preview.title')} width={DIALOG_WIDTH} footer={null} onCancel={onClose} destroyOnHidden>
      {preview.error ? (
        <Alert type="error" showIcon title={errorText(preview.error)} />
      ) : preview.data ? (
        <Player preview={preview.data} />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}
