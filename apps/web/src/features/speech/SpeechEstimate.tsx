import type { Estimate } from '@leadreel/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';
import { LinkNotice } from '../../components/LinkNotice.tsx';

/**
 * What a task will cost before it starts ("credit calculations"): the minutes charged, the credits and the
 * balance; or why it cannot start, with the way out when there is one (buy credits, a longer plan).
 */
export function SpeechEstimate({ estimate }: { estimate: UseQueryResult<Estimate> }) {
  const { t } = useTranslation();
  if (estimate.error)
    return <Alert type="error" showIcon className="speech-estimate" title={errorText(estimate.error)} />;
  if (!estimate.data) return <Skeleton active paragraph={false} className="speech-estimate" />;
  const { minutes, credits, balance, maxMinutes, refusal } = estimate.data;
  const cost = (
    <Typography.Paragraph className="speech-estimate" data-testid="speech-estimate">
      {t('speech.estimate.cost', { minutes, credits, balance, count: credits })}
    </Typography.Paragraph>
  );
  if (refusal === 'credits_insufficient')
    return (
      <>
        {cost}
        <LinkNotice
          type="warning"
          className="speech-estimate"
          title={t('errors.credits_insufficient')}
          to="/buy-credits"
          action={t('speech.estimate.buyCredits')}
        />
      </>
    );
  if (refusal === 'speech_video_too_long')
    return (
      <LinkNotice
        type="warning"
        className="speech-estimate"
        title={t('speech.estimate.tooLong', { reason: t('errors.speech_video_too_long'), minutes, max: maxMinutes })}
        to="/buy-vip"
        action={t('speech.estimate.upgrade')}
      />
    );
  if (refusal) return <Alert type="warning" showIcon className="speech-estimate" title={t(`errors.${refusal}`)} />;
  return cost;
}
