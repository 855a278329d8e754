import type { Dub } from '@leadreel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Empty, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';
import { RemoveButton } from '../../components/RemoveButton.tsx';
import { formatDate, formatSize } from '../../format.ts';
import { useLanguageName } from '../../pages/video-setting/SubtitleUpload.tsx';
import { speechApi, speechKeys } from './speechQueries.ts';

/** GlobalVoice: the video's dubbed languages, each an audio track the player offers, removable after asking. */
export function DubList({ videoId, locked }: { videoId: string; locked: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const languageName = useLanguageName();
  const [busy, setBusy] = useState<string | null>(null);
  const dubs = useQuery({ queryKey: speechKeys.dubs(videoId), queryFn: () => speechApi.dubs(videoId) });

  const remove = async (dub: Dub) => {
    setBusy(dub.lang);
    try {
      await speechApi.removeDub({ videoId, lang: dub.lang });
      queryClient.setQueryData<Dub[]>(speechKeys.dubs(videoId), (old) => old?.filter((d) => d.lang !== dub.lang));
      message.success(t('speech.dubs.removed', { lang: languageName(dub.lang) }));
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setBusy(null);
    }
  };

  const body = () => {
    if (dubs.error) return <Alert type="error" showIcon title={errorText(dubs.error)} />;
    if (!dubs.data) return <Skeleton active paragraph={{ rows: 1 }} />;
    if (dubs.data.length === 0)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('speech.dubs.empty')} />;
    return (
      <ul className="plain-list">
        {dubs.data.map((dub) => (
          <li key={dub.lang} className="plain-list-item">
            <div className="plain-list-main">
              <Typography.Text strong>{languageName(dub.lang)}</Typography.Text>
              <Typography.Text type="secondary" className="speech-task-meta">
                {t('speech.dubs.meta', {
                  label: dub.label,
                  size: formatSize(dub.bytes),
                  date: formatDate(dub.createdAt),
                })}
              </Typography.Text>
            </div>
            <div className="plain-list-actions">
              <RemoveButton
                title={t('speech.dubs.removeConfirm', { lang: languageName(dub.lang) })}
                label={t('speech.dubs.remove')}
                cancelText={t('speech.dubs.keep')}
                loading={busy === dub.lang}
                disabled={locked}
                testId={`remove-dub-${dub.lang}`}
                onConfirm={() => void remove(dub)}
              />
            </div>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <Card title={t('speech.dubs.title')}>
      <Typography.Paragraph type="secondary">{t('speech.dubs.intro')}</Typography.Paragraph>
      {body()}
    </Card>
  );
}
