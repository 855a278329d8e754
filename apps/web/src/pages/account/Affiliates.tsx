import type { AffiliateRow, AffiliateTotals, ReferredAccount } from '@leadreel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  QRCode,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { affiliatesApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { routeKey } from '../../api/keys.ts';
import { formatMoney } from '../../features/billing/billingQueries.ts';
import { CopyButton } from '../../features/share/CopyButton.tsx';
import { formatDate } from '../../format.ts';

const PAGE_SIZE = 20;
const DAY = 'YYYY-MM-DD';

/** One currency's sums: earned, reversed, pending and paid out. */
function Totals({ totals }: { totals: AffiliateTotals }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, totals.currency, i18n.language);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, md: 4 }}
      data-testid={`affiliate-totals-${totals.currency}`}
      items={[
        { key: 'earned', label: t('affiliates.earned'), children: money(totals.earned) },
        { key: 'reversed', label: t('affiliates.reversed'), children: money(totals.reversed) },
        { key: 'pending', label: t('affiliates.pending'), children: money(totals.pending) },
        { key: 'paidOut', label: t('affiliates.paidOut'), children: money(totals.paidOut) },
      ]}
    />
  );
}

/**
 * The affiliate program (the console contract affiliate-system, shown to referrers only): the referral link with copy and a QR code,
 * the rule of what earns, what was earned, the accounts referred (from their sign-up on, paid or not), and each commission or
 * reversal with its date, masked user, plan and profit, filtered by a range of days.
 */
export function Affiliates() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [page, setPage] = useState(1);
  const [referredPage, setReferredPage] = useState(1);
  const query = {
    page,
    pageSize: PAGE_SIZE,
    referredPage,
    ...(range ? { from: range[0].format(DAY), to: range[1].format(DAY) } : {}),
  };
  const data = useQuery({
    queryKey: routeKey('pay.affiliateData', query),
    queryFn: () => affiliatesApi.data(query),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<AffiliateRow> = [
    { title: t('affiliates.date'), key: 'date', width: 130, render: (_, row) => formatDate(row.date) },
    { title: t('affiliates.user'), dataIndex: 'user', key: 'user', ellipsis: true },
    {
      title: t('affiliates.plan'),
      key: 'plan',
      render: (_, row) => (row.plan ? row.plan : t('affiliates.credits')),
    },
    {
      title: t('affiliates.profit'),
      key: 'profit',
      align: 'right',
      render: (_, row) => (
        <Typography.Text type={row.profit < 0 ? 'danger' : undefined}>
          {formatMoney(row.profit, row.currency, i18n.language)}
        </Typography.Text>
      ),
    },
    {
      title: t('affiliates.status'),
      key: 'status',
      render: (_, row) => (
        <Flex gap={4} wrap>
          {row.kind === 'reversal' && <Tag color="warning">{t('affiliates.reversal')}</Tag>}
          <Tag color={row.status === 'paid_out' ? 'success' : 'processing'}>
            {t(`affiliates.statuses.${row.status}`)}
          </Tag>
        </Flex>
      ),
    },
  ];

  const referredColumns: TableColumnsType<ReferredAccount> = [
    { title: t('affiliates.signedUp'), key: 'date', width: 130, render: (_, row) => formatDate(row.date) },
    { title: t('affiliates.user'), dataIndex: 'user', key: 'user', ellipsis: true },
    {
      title: t('affiliates.state'),
      key: 'state',
      render: (_, row) => (
        <Tag color={row.state === 'paid' ? 'success' : 'default'}>{t(`affiliates.states.${row.state}`)}</Tag>
      ),
    },
  ];

  return (
    <div className="affiliates-page">
      <Typography.Title level={4}>{t('route.affiliate-system')}</Typography.Title>
      {data.error ? (
        <Alert type="error" showIcon title={errorText(data.error)} />
      ) : (
        <Flex vertical gap={16}>
          {data.data && (
            <Card title={t('affiliates.linkTitle')}>
              <Flex gap={24} wrap align="center">
                <QRCode value={data.data.link} type="svg" size={140} className="affiliate-qr" />
                <Flex vertical gap={8} style={{ minWidth: 0, flex: 1 }}>
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                    {t('affiliates.intro', { percent: data.data.percent })}
                  </Typography.Paragraph>
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="affiliate-rule">
                    {t('affiliates.rule')}
                  </Typography.Paragraph>
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text code data-testid="affiliate-link" style={{ wordBreak: 'break-all' }}>
                      {data.data.link}
                    </Typography.Text>
                    <CopyButton text={data.data.link} label={t('affiliates.copyLink')} type="primary" />
                  </Flex>
                </Flex>
              </Flex>
            </Card>
          )}
          {data.data && (
            <Card title={t('affiliates.totalsTitle')}>
              {data.data.totals.length === 0 ? (
                <Typography.Text type="secondary">{t('affiliates.noTotals')}</Typography.Text>
              ) : (
                data.data.totals.map((totals) => <Totals key={totals.currency} totals={totals} />)
              )}
              <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                {t('affiliates.totalsHelp')}
              </Typography.Paragraph>
            </Card>
          )}
          <Card title={t('affiliates.referred')}>
            <Table<ReferredAccount>
              rowKey="id"
              size="small"
              aria-label={t('affiliates.referred')}
              loading={data.isLoading || data.isPlaceholderData}
              dataSource={data.data?.referred.list ?? []}
              columns={referredColumns}
              scroll={{ x: 480 }}
              pagination={{
                current: referredPage,
                pageSize: PAGE_SIZE,
                total: data.data?.referred.total ?? 0,
                onChange: setReferredPage,
                showSizeChanger: false,
                hideOnSinglePage: true,
              }}
              locale={{ emptyText: <Empty description={t('affiliates.noReferred')} /> }}
            />
          </Card>
          <Card
            title={t('affiliates.referrals')}
            extra={
              <DatePicker.RangePicker
                aria-label={t('affiliates.range')}
                format="YYYY/MM/DD"
                value={range}
                onChange={(value) => {
                  setRange(value?.[0] && value[1] ? [value[0], value[1]] : null);
                  setPage(1);
                }}
              />
            }
          >
            <Table<AffiliateRow>
              rowKey="id"
              size="small"
              aria-label={t('affiliates.referrals')}
              loading={data.isLoading || data.isPlaceholderData}
              dataSource={data.data?.list ?? []}
              columns={columns}
              scroll={{ x: 640 }}
              pagination={{
                current: page,
                pageSize: PAGE_SIZE,
                total: data.data?.total ?? 0,
                onChange: setPage,
                showSizeChanger: false,
                hideOnSinglePage: true,
              }}
              locale={{ emptyText: <Empty description={t('affiliates.empty')} /> }}
            />
          </Card>
        </Flex>
      )}
    </div>
  );
}
