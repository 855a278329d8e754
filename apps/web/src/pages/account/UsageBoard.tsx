import { Card, Descriptions, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, useCreditLedgerQuery } from '../../features/billing/billingQueries.ts';
import { formatSize } from '../../format.ts';
import { useAccountStore } from '../../stores/account.ts';

const percent = (used: number, total: number) => (total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 0);

/**
 * memberships' usage board: storage and this period's bandwidth against the plan, the videos, the
 * credits with what the plan adds each month, and what the plan allows of domains, brands, video slides
 * and sites (the console contract caps per plan).
 */
export function UsageBoard() {
  const { t, i18n } = useTranslation();
  const account = useAccountStore((s) => s.account);
  const credits = useCreditLedgerQuery(1, 1);
  if (!account) return null;
  const { storage, usedStorage, traffic, usedTraffic } = account.storageAndTraffic;
  const { caps } = account.entitlements;
  const allowance = (count: number) => (count > 0 ? t('memberships.upTo', { count }) : t('memberships.notInPlan'));
  const balance = credits.data?.balance;
  return (
    <Card title={t('memberships.usage')}>
      <Typography.Text>{t('memberships.storage')}</Typography.Text>
      <Progress percent={percent(usedStorage, storage)} />
      <Typography.Text type="secondary">
        {t('memberships.of', { used: formatSize(usedStorage), total: formatSize(storage) })}
      </Typography.Text>
      <div style={{ height: 16 }} />
      <Typography.Text>{t('memberships.traffic')}</Typography.Text>
      <Progress percent={percent(usedTraffic, traffic)} status={usedTraffic >= traffic ? 'exception' : undefined} />
      <Typography.Text type="secondary">
        {t('memberships.of', { used: formatSize(usedTraffic), total: formatSize(traffic) })}
      </Typography.Text>
      <Descriptions column={{ xs: 1, sm: 2 }} style={{ marginTop: 20 }} data-testid="usage-board">
        <Descriptions.Item label={t('memberships.videos')}>
          {formatNumber(account.videoTotal, i18n.language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('memberships.credits')}>
          {/* A number reads as one word: on a phone it does not break between its digits. */}
          <span style={{ whiteSpace: 'nowrap' }}>
            {balance === undefined ? '—' : formatNumber(balance, i18n.language)}
          </span>
          {caps.creditsPerPeriod > 0 && (
            // A margin, not a space: the item's content lays its children out as flex items, which drop spaces.
            <Typography.Text type="secondary" style={{ marginInlineStart: 6 }}>
              {t('memberships.creditsPerMonth', { count: caps.creditsPerPeriod })}
            </Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('memberships.domains')}>
          {allowance(account.privileges.cnameCount)}
        </Descriptions.Item>
        <Descriptions.Item label={t('memberships.brands')}>{allowance(caps.brands)}</Descriptions.Item>
        <Descriptions.Item label={t('memberships.videoSlides')}>
          {allowance(account.privileges.videoSlideCount)}
        </Descriptions.Item>
        <Descriptions.Item label={t('memberships.sites')}>{allowance(caps.sites)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
