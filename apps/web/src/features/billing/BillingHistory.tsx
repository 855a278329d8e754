import type { Order, OrderStatus } from '@leadreel/shared';
import { Alert, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';
import { formatDateMinute } from '../../format.ts';
import { formatMoney, useOrdersQuery } from './billingQueries.ts';

const PAGE_SIZE = 10;

const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'processing',
  paid: 'success',
  failed: 'error',
  canceled: 'default',
  expired: 'default',
  refunded: 'warning',
};

function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`billing.statuses.${status}`)}</Tag>;
}

/** The account's orders, newest first, with their invoice numbers. */
export function BillingHistory() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const orders = useOrdersQuery(page, PAGE_SIZE);
  return (
    <Card title={t('billing.history')}>
      {orders.error ? (
        <Alert type="error" showIcon title={errorText(orders.error)} />
      ) : (
        <Table<Order>
          rowKey="orderId"
          size="small"
          loading={orders.isLoading || orders.isPlaceholderData}
          dataSource={orders.data?.list ?? []}
          scroll={{ x: 720 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: orders.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          locale={{ emptyText: t('billing.historyEmpty') }}
          columns={[
            {
              title: t('billing.orderedOn'),
              key: 'createdAt',
              width: 150,
              render: (_, order) => formatDateMinute(order.createdAt),
            },
            { title: t('billing.description'), dataIndex: 'description', key: 'description' },
            {
              title: t('billing.amount'),
              key: 'amount',
              align: 'right',
              render: (_, order) => formatMoney(order.amount, order.currency, i18n.language),
            },
            { title: t('billing.method'), key: 'method', render: (_, order) => t(`billing.methods.${order.method}`) },
            {
              title: t('billing.status'),
              key: 'status',
              render: (_, order) => <OrderStatusTag status={order.status} />,
            },
            {
              title: t('billing.invoiceNumber'),
              key: 'invoice',
              // An invoice number reads as one word: it does not break at its dashes.
              render: (_, order) => <span style={{ whiteSpace: 'nowrap' }}>{order.invoiceNumber ?? '—'}</span>,
            },
          ]}
        />
      )}
    </Card>
  );
}
