import { Button, Card, Space, Steps, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { GUIDE_STEPS } from '../../constants.ts';
import { useAccountStore } from '../../stores/account.ts';
import './guide.css';
import { useGuideVideo, useInquiryFormStep, useStartStep, useWhatsappStep } from './GuideSteps.tsx';
import { clearGuideStep, guideButton, saveGuideStep, showGuideSkip } from './guideSteps.ts';

/**
 * the three-step guide at /guide/user-guide/<step>. Each step does what it names for the account's
 * newest video: start-guide uploads one, whatsapp turns its WhatsApp button on, inquiry-form its inquiry form.
 * Next/Finish does the step's action first and stays on the step when it is refused; Skip goes on without it.
 */
export function UserGuide() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useAccountStore((s) => s.account?.userId);
  const name = location.pathname.split('/').pop() ?? '';
  const index = Math.max(0, GUIDE_STEPS.indexOf(name as (typeof GUIDE_STEPS)[number]));
  const step = GUIDE_STEPS[index] ?? 'start-guide';

  useEffect(() => {
    if (userId) saveGuideStep(userId, index);
  }, [userId, index]);

  const go = (next: number) => navigate(`/guide/user-guide/${GUIDE_STEPS[next]}`);
  const finish = () => {
    if (userId) clearGuideStep(userId);
    navigate('/videos/index', { state: { community: true } });
  };
  const { video } = useGuideVideo();
  const backToUpload = () => go(0);
  const views = {
    'start-guide': useStartStep(video),
    whatsapp: useWhatsappStep(video, backToUpload),
    'inquiry-form': useInquiryFormStep(video, backToUpload),
  };
  const view = views[step];
  const last = index === GUIDE_STEPS.length - 1;
  const advance = () => (last ? finish() : go(index + 1));
  const button = guideButton(index);

  return (
    <Card className="guide" style={{ maxWidth: 760, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('guide.title')}
      </Typography.Title>
      <Steps
        current={index}
        items={GUIDE_STEPS.map((s) => ({ title: t(`route.${s}`) }))}
        style={{ marginBottom: 32 }}
      />
      <Typography.Title level={4}>{t(`guide.steps.${step}.title`)}</Typography.Title>
      <div className="guide-step">{view.body}</div>
      <Space style={{ marginTop: 24 }}>
        {showGuideSkip(index) && <Button onClick={advance}>{t('guide.skip')}</Button>}
        <Button
          key={step}
          type="primary"
          loading={view.busy}
          onClick={async () => {
            if (await view.run()) advance();
          }}
        >
          {t(button.key, { step: button.step, total: button.total })}
        </Button>
      </Space>
    </Card>
  );
}
