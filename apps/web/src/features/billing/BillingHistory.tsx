import { DownloadOutlined } from '@ant-design/icons';
import type { Order, OrderStatus } from '@leadreel/shared';
import { Alert, App, Button, Card, Flex, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { formatDateMinute } from '../../format.ts';
import { saveFile } from '../../pages/leads/leadQueries.ts';
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

/** A paid order has its invoice, and so does a refunded one (the PDF says it was refunded). */
const invoiced = (order: Order) => (order.status === 'paid' || order.status === 'refunded') && order.invoiceNumber;

/** An order's invoice number and the link that downloads its PDF. */
function InvoiceCell({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [downloading, setDownloading] = useState(false);
  if (!order.invoiceNumber) return <>—</>;
  const download = async () => {
    setDownloading(true);
    try {
      const file = await payApi.invoice(order.orderId);
      saveFile(file.blob, file.filename);
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Flex vertical align="start">
      {/* An invoice number reads as one word: it does not break at its dashes. */}
      <span style={{ whiteSpace: 'nowrap' }}>{order.invoiceNumber}</span>
      {invoiced(order) && (
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={download}
          style={{ paddingInline: 0, height: 'auto' }}
          data-testid={`invoice-download-${order.invoiceNumber}`}
        >
          {t('billing.downloadInvoice')}
        </Button>
      )}
    </Flex>
  );
}

/** The account's orders, newest first, with their invoices to download. */
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
          // Every column at its natural width: the card scrolls sideways on a phone instead of cutting one off.
          scroll={{ x: 'max-content' }}
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
              render: (_, order) => <InvoiceCell order={order} />,
            },
          ]}
        />
      )}
    </Card>
  );
}
