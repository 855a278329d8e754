import { SPEECH_TARGETS_MAX, type SpeechEngines, type Subtitle } from '@leadreel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../api/index.ts';
import { useVideoDetailQuery } from '../../api/queries.ts';
import { LinkNotice } from '../../components/LinkNotice.tsx';
import { DubList } from '../../features/speech/DubList.tsx';
import { SpeechEstimate } from '../../features/speech/SpeechEstimate.tsx';
import { SpeechTaskList } from '../../features/speech/SpeechTaskList.tsx';
import { refreshTasks, speechApi, useSpeechEngines, useSpeechEstimate } from '../../features/speech/speechQueries.ts';
import { sameLang } from '../../features/speech/speechText.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { useSubtitleTracks } from './SubtitleSetting.tsx';
import { useLanguageName } from './SubtitleUpload.tsx';
import { ScreenFallback } from './screen.tsx';
import '../../features/speech/speech.css';

/**
 * The languages a track in `source` can go to: those the translation engine pairs with it, and for dubbing
 * only those the voice engine also speaks; never the source itself.
 */
export function allowedTargets(engines: SpeechEngines, source: string, dub: boolean): string[] {
  const targets = engines.translate.pairs
    .filter((pair) => sameLang(pair.from, source) && !sameLang(pair.to, source))
    .map((pair) => pair.to)
    .filter((to) => !dub || engines.speak.languages.some((lang) => sameLang(lang, to)));
  return [...new Map(targets.map((to) => [to.toLowerCase(), to])).values()];
}

/** The track translated from by default: the one viewers see first, else the first. */
const defaultSource = (tracks: Subtitle[]) => (tracks.find((track) => track.isDefault) ?? tracks[0])?.lang ?? null;

/**
 * video settings, global-voice ("GlobalVoice"): a subtitle track translated into other languages, and with
 * "Dub the voice" each translation read aloud as an audio track the player offers; its cost before starting,
 * then this video's tasks and its dubbed languages. Closed from the Frozen period on (translate video).
 */
export function GlobalVoiceSetting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { videoId = '' } = useParams();
  const queryClient = useQueryClient();
  const account = useAccountStore((s) => s.account);
  const languageName = useLanguageName();
  const video = useVideoDetailQuery(videoId);
  const subtitles = useSubtitleTracks(videoId);
  const engines = useSpeechEngines();
  const [source, setSource] = useState<string | null>(null);
  const [targets, setTargets] = useState<string[]>([]);
  const [dub, setDub] = useState(false);
  const [busy, setBusy] = useState(false);

  const locked = isLocked(account, 'translateVideo');
  const tracks = subtitles.data ?? [];
  const sourceLang = source ?? defaultSource(tracks);
  const allowed = engines.data && sourceLang ? allowedTargets(engines.data, sourceLang, dub) : [];
  // A language stays chosen only while the engines can still do it (the source or the dub switch changed).
  const chosen = targets.filter((lang) => allowed.some((candidate) => sameLang(candidate, lang)));
  const estimate = useSpeechEstimate(
    { videoId, kind: dub ? 'dub' : 'translate', sourceLang: sourceLang ?? '', targetLangs: chosen },
    { enabled: !locked && Boolean(sourceLang) && chosen.length > 0 },
  );

  const error = subtitles.error ?? video.error;
  if (error || !subtitles.data || !video.data) return <ScreenFallback error={error} />;

  const start = async () => {
    if (!sourceLang) return;
    setBusy(true);
    try {
      await speechApi.translate({ videoId, sourceLang, targetLangs: chosen, dub });
      message.success(t('speech.globalVoice.started'));
      setTargets([]);
      await refreshTasks(queryClient);
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const price = engines.data ? (dub ? engines.data.prices.dubPerMinute : engines.data.prices.translatePerMinute) : 0;
  const form = () => {
    if (engines.error) return <Alert type="error" showIcon title={errorText(engines.error)} />;
    if (!engines.data) return null;
    if (tracks.length === 0)
      return (
        <LinkNotice
          title={t('speech.globalVoice.noTracks')}
          to={`/video-setting/${videoId}/subtitle`}
          action={t('speech.globalVoice.toSubtitles')}
        />
      );
    return (
      <Form layout="vertical" disabled={locked}>
        <Form.Item label={t('speech.globalVoice.source')} htmlFor="global-voice-source">
          <Select
            id="global-voice-source"
            value={sourceLang}
            onChange={setSource}
            options={tracks.map((track) => ({
              value: track.lang,
              label: t('speech.globalVoice.track', { label: track.label, lang: languageName(track.lang) }),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('speech.globalVoice.dub')} extra={t('speech.globalVoice.dubHelp')}>
          <Switch checked={dub} onChange={setDub} aria-label={t('speech.globalVoice.dub')} />
        </Form.Item>
        <Form.Item
          label={t('speech.globalVoice.targets')}
          htmlFor="global-voice-targets"
          extra={
            allowed.length === 0
              ? t(dub ? 'speech.globalVoice.noDubTargets' : 'speech.globalVoice.noTargets', {
                  lang: languageName(sourceLang ?? ''),
                })
              : t('speech.globalVoice.targetsHelp', { count: SPEECH_TARGETS_MAX })
          }
        >
          <Select
            id="global-voice-targets"
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            value={chosen}
            onChange={setTargets}
            maxCount={SPEECH_TARGETS_MAX}
            disabled={locked || allowed.length === 0}
            placeholder={t('speech.globalVoice.targetsPlaceholder')}
            options={allowed.map((lang) => ({
              value: lang,
              label: tracks.some((track) => sameLang(track.lang, lang))
                ? `${languageName(lang)} ${t('subtitle.langTaken')}`
                : languageName(lang),
            }))}
          />
        </Form.Item>
        <Typography.Text type="secondary" className="speech-engine">
          {dub
            ? t('speech.globalVoice.enginesDub', {
                translate: engines.data.translate.engine,
                speak: engines.data.speak.engine,
                price,
                count: price,
              })
            : t('speech.globalVoice.engines', { translate: engines.data.translate.engine, price, count: price })}
        </Typography.Text>
        {!locked && chosen.length > 0 && <SpeechEstimate estimate={estimate} />}
        <Button
          type="primary"
          loading={busy}
          disabled={chosen.length === 0 || !estimate.data || Boolean(estimate.data.refusal)}
          onClick={() => void start()}
        >
          {t(dub ? 'speech.globalVoice.startDub' : 'speech.globalVoice.start')}
        </Button>
      </Form>
    );
  };

  return (
    <div className="global-voice-setting">
      <Typography.Title level={4}>{video.data.name}</Typography.Title>
      {locked && (
        <LinkNotice
          type="warning"
          className="seo-locked"
          title={t('errors.plan_period')}
          to="/buy-vip"
          action={t('period.renew')}
        />
      )}
      <div className="seo-columns">
        <Card title={t('speech.globalVoice.title')} className="speech-card">
          <Typography.Paragraph type="secondary">{t('speech.globalVoice.intro')}</Typography.Paragraph>
          {form()}
        </Card>
        <div className="speech-side">
          <Card title={t('speech.globalVoice.tasks')}>
            <SpeechTaskList videoId={videoId} locked={locked} />
          </Card>
          <DubList videoId={videoId} locked={locked} />
        </div>
      </div>
    </div>
  );
}
