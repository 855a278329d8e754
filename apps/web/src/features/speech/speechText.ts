import type { SpeechTask } from '@leadreel/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { timeAgo } from '../../format.ts';
import { useLanguageName } from '../../pages/video-setting/SubtitleUpload.tsx';

/** Whether two language tags name the same language (engines and tracks may spell the case differently). */
export const sameLang = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Why a task failed, in the console's language: the server's message key translated, then the engine's own
 * words when it gave any (they are the engine's, so they stay as written).
 */
export function taskErrorText(t: TFunction, exists: (key: string) => boolean, error: SpeechTask['error']) {
  if (!error) return null;
  const key = `errors.${error.code}`;
  const reason = exists(key) ? t(key) : error.code;
  return error.detail ? t('speech.task.reasonDetail', { reason, detail: error.detail }) : reason;
}

/** How a task's languages read: "English", or "English → French, Spanish". */
export function useTaskLanguages() {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  return (task: Pick<SpeechTask, 'kind' | 'sourceLang' | 'targetLangs'>) =>
    task.kind === 'transcribe'
      ? languageName(task.sourceLang)
      : t('speech.task.languages', {
          source: languageName(task.sourceLang),
          targets: task.targetLangs.map(languageName).join(t('speech.listSeparator')),
        });
}

/** "5 minutes ago", from a time in seconds. */
export const agoText = (t: TFunction, seconds: number) => {
  const ago = timeAgo(seconds);
  return t(`timeAgo.${ago.unit}`, { count: ago.count });
};
