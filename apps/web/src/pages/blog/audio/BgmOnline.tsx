import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/index.ts';
import { useAudioPreview } from '../../../features/materials/useAudioPreview.ts';
import { formatDuration } from '../../../features/videos/format.ts';
import { BgmChoice, useBgmTracks, useSaveBgm } from './BgmChoice.tsx';
import './audio.css';

/** Background music "Online": LeadReel's own library of tracks, each to hear and to use. */
export function BgmOnline() {
  const { t } = useTranslation();
  const tracks = useBgmTracks();
  const { bgm, save } = useSaveBgm();
  const preview = useAudioPreview();
  const [saving, setSaving] = useState<string | null>(null);

  const use = async (trackId: string) => {
    setSaving(trackId);
    await save({ trackId, materialId: null });
    setSaving(null);
  };

  return (
    <div className="blog-audio">
      <BgmChoice />
      {tracks.isPending ? (
        <Spin />
      ) : tracks.isError ? (
        <Alert type="error" showIcon title={errorText(tracks.error)} />
      ) : tracks.data.length === 0 ? (
        <Empty description={t('blogAudio.bgm.noTracks')} />
      ) : (
        <ul className="bgm-tracks">
          {tracks.data.map((track) => {
            const playing = preview.playing === track.trackId;
            const inUse = bgm.trackId === track.trackId;
            return (
              <li key={track.trackId} className="bgm-track">
                <Button
                  shape="circle"
                  icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
                  aria-label={t(playing ? 'materials.pauseNamed' : 'materials.playNamed', { name: track.name })}
                  onClick={() => preview.toggle(track.trackId, track.url)}
                />
                <Typography.Text className="bgm-track-name">{track.name}</Typography.Text>
                <Typography.Text type="secondary">{formatDuration(track.duration)}</Typography.Text>
                <Button
                  size="small"
                  type={inUse ? 'default' : 'primary'}
                  disabled={inUse}
                  loading={saving === track.trackId}
                  aria-label={t('materials.useNamed', { name: track.name })}
                  onClick={() => void use(track.trackId)}
                >
                  {inUse ? t('materials.inUse') : t('materials.use')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
