import { type FormInstance, Result, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/index.ts';

/** What a video settings screen shows until its data is there: a skeleton, or why it cannot load. */
export function ScreenFallback({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return <Skeleton active />;
  const missing = error instanceof ApiError && error.status === 404;
  return <Result status={missing ? '404' : 'error'} title={missing ? t('errors.video_invalid') : errorText(error)} />;
}

/**
 * A refused save, shown under the field the server named (its `setting.` prefix dropped) when the form has
 * it, else as a message.
 */
export function showSaveError(
  form: FormInstance,
  failure: unknown,
  fields: object,
  message: { error: (text: string) => unknown },
) {
  const field = failure instanceof ApiError ? failure.field?.replace(/^setting\./, '') : undefined;
  if (field && field in fields) form.setFields([{ name: field, errors: [errorText(failure)] }]);
  else message.error(errorText(failure));
}

/**
 * Hands a screen's setting to its form once, when it first arrives for this video, and never again by itself:
 * a later answer in the cache (a cover upload, a refetch, a copy from another video) must not overwrite what
 * the user typed and has not saved yet. A save puts what the server kept into the form itself.
 */
export function useLoadOnce<T>(data: T | undefined, videoId: string, load: (data: T) => void) {
  const loadedFor = useRef<string | null>(null);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    if (!data || loadedFor.current === videoId) return;
    loadedFor.current = videoId;
    loader.current(data);
  }, [data, videoId]);
}
