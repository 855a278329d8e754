import { type FormInstance, Result, Skeleton } from 'antd';
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
