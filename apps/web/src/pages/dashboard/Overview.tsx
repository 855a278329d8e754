import { Button, Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatSize } from '../../format.ts';
import { useAccountStore, usePlanName } from '../../stores/account.ts';

export function Overview() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccountStore((s) => s.account);
  const planName = usePlanName(t);
  if (!account) return null;
  const { storage, usedStorage, traffic, usedTraffic } = account.storageAndTraffic;
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('dashboard.welcome')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('dashboard.intro')}</Typography.Paragraph>
        <Button type="primary" onClick={() => navigate('/guide/user-guide')}>
          {t('dashboard.startGuide')}
        </Button>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title={t('dashboard.plan')} value={planName} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title={t('dashboard.videos')} value={account.videoTotal} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title={t('dashboard.storage')} value={`${formatSize(usedStorage)} / ${formatSize(storage)}`} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title={t('dashboard.traffic')} value={`${formatSize(usedTraffic)} / ${formatSize(traffic)}`} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
