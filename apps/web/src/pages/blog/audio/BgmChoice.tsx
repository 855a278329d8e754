import type { ProjectSettings } from '@leadreel/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Slider, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blogApi, materialApi } from '../../../api/endpoints.ts';
import { routeKey } from '../../../api/keys.ts';
import { useLatestEditor } from './latestEditor.ts';

/** LeadReel's own music library; it changes only with a release, so it is read once. */
export function useBgmTracks() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: routeKey('blogToVideo.bgm'),
    queryFn: blogApi.bgm,
    staleTime: Number.POSITIVE_INFINITY,
    // LeadReel's tracks are named in the console's language; a track it does not know keeps the server's name.
    select: (tracks) =>
      tracks.map((track) => ({ ...track, name: t(`blogAudio.tracks.${track.trackId}`, { defaultValue: track.name }) })),
  });
}

/** The music change both BGM tabs make, saved over the settings as they are when it is saved. */
export function useSaveBgm() {
  const { editor, latest } = useLatestEditor();
  const save = (change: Partial<ProjectSettings['bgm']>) =>
    latest().saveSettings({ bgm: { ...latest().project.settings.bgm, ...change } });
  return { bgm: editor.project.settings.bgm, save };
}

/** The music in use (a track, the user's own sound, or none), its volume, and No music: on both BGM tabs. */
export function BgmChoice() {
  const { t } = useTranslation();
  const { bgm, save } = useSaveBgm();
  const tracks = useBgmTracks();
  const material = useQuery({
    queryKey: routeKey('material.detail', { materialId: bgm.materialId ?? '' }),
    queryFn: () => materialApi.detail(bgm.materialId as string),
    enabled: Boolean(bgm.materialId),
  });
  const [volume, setVolume] = useState<number | null>(null);
  const name = bgm.trackId
    ? (tracks.data?.find((track) => track.trackId === bgm.trackId)?.name ?? '…')
    : bgm.materialId
      ? (material.data?.name ?? '…')
      : null;
  return (
    <div className="bgm-choice">
      <Typography.Text data-testid="bgm-current">
        {name === null ? t('blogAudio.bgm.none') : t('blogAudio.bgm.current', { name })}
      </Typography.Text>
      <span className="bgm-volume">
        <Typography.Text>{t('blogAudio.bgm.volume', { volume: volume ?? bgm.volume })}</Typography.Text>
        <Slider
          min={0}
          max={100}
          value={volume ?? bgm.volume}
          disabled={name === null}
          ariaLabelForHandle={t('blogAudio.bgm.volumeLabel')}
          style={{ width: 200 }}
          onChange={setVolume}
          onChangeComplete={async (value) => {
            await save({ volume: value });
            // A step taken while this one saved (a held arrow key) stays shown until its own save is in.
            setVolume((shown) => (shown === value ? null : shown));
          }}
        />
      </span>
      <Button disabled={name === null} onClick={() => void save({ trackId: null, materialId: null })}>
        {t('blogAudio.bgm.noMusic')}
      </Button>
    </div>
  );
}
