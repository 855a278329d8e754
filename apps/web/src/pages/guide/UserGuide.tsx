import { Button, Card, Space, Steps, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { GUIDE_STEPS } from '../../constants.ts';
import { useAccountStore } from '../../stores/account.ts';
import { clearGuideStep, guideButton, saveGuideStep, showGuideSkip } from './guideSteps.ts';

/** spec §2: the three-step guide at /guide/user-guide/<step>. */
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
  const button = guideButton(index);

  return (
    <Card style={{ maxWidth: 760, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('guide.title')}
      </Typography.Title>
      <Steps
        current={index}
        items={GUIDE_STEPS.map((s) => ({ title: t(`route.${s}`) }))}
        style={{ marginBottom: 32 }}
      />
      <Typography.Title level={4}>{t(`guide.steps.${step}.title`)}</Typography.Title>
      <Typography.Paragraph>{t(`guide.steps.${step}.text`)}</Typography.Paragraph>
      <Space>
        {showGuideSkip(index) && <Button onClick={finish}>{t('guide.skip')}</Button>}
        <Button type="primary" onClick={() => (index === GUIDE_STEPS.length - 1 ? finish() : go(index + 1))}>
          {t(button.key, { step: button.step, total: button.total })}
        </Button>
      </Space>
    </Card>
  );
}
