import { Button, Empty, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';

/** The figures could not be read: why, and a way to ask again. */
export function FiguresFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('analytics.failed')}
      subTitle={errorText(error)}
      extra={<Button onClick={onRetry}>{t('analytics.retry')}</Button>}
    />
  );
}

/** Nothing played in the range, and how plays come. */
export function NoPlays({ help }: { help: string }) {
  const { t } = useTranslation();
  return (
    <Empty className="analytics-empty" description={t('analytics.noPlays')}>
      <Typography.Text type="secondary">{help}</Typography.Text>
    </Empty>
  );
}
