import type { CreditKind, CreditLedger as Ledger } from '@leadreel/shared';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../features/billing/billingQueries.ts';
import { formatDateMinute } from '../../format.ts';

type Entry = Ledger['list'][number];

const KIND_COLORS: Record<CreditKind, string> = {
  purchase: 'green',
  grant: 'blue',
  spend: 'default',
  refund: 'gold',
  expiry: 'default',
  reversal: 'red',
};

/** Credits added with a plus, taken with a minus sign (U+2212), grouped as the language groups digits. */
export const signedCredits = (amount: number, language: string) =>
  `${amount < 0 ? '\u2212' : '+'}${formatNumber(Math.abs(amount), language)}`;

/** The account's credit ledger, newest first, a page at a time. */
export function CreditLedger(props: {
  ledger: Ledger | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table<Entry>
      rowKey="id"
      loading={props.loading}
      dataSource={props.ledger?.list ?? []}
      scroll={{ x: 640 }}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.ledger?.total ?? 0,
        onChange: props.onPage,
        showSizeChanger: false,
        hideOnSinglePage: true,
      }}
      locale={{ emptyText: t('billing.ledgerEmpty') }}
      columns={[
        { title: t('billing.date'), key: 'date', width: 170, render: (_, entry) => formatDateMinute(entry.createdAt) },
        {
          title: t('billing.kind'),
          key: 'kind',
          width: 130,
          render: (_, entry) => <Tag color={KIND_COLORS[entry.kind]}>{t(`billing.kinds.${entry.kind}`)}</Tag>,
        },
        {
          title: t('billing.change'),
          key: 'amount',
          width: 120,
          align: 'right',
          render: (_, entry) => (
            <Typography.Text type={entry.amount < 0 ? 'secondary' : 'success'}>
              {signedCredits(entry.amount, i18n.language)}
            </Typography.Text>
          ),
        },
        { title: t('billing.reference'), key: 'reference', render: (_, entry) => entry.reference ?? '—' },
      ]}
    />
  );
}
