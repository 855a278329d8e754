import { AlipayCircleOutlined, CreditCardOutlined, WechatOutlined } from '@ant-design/icons';
import type { Order, PaymentMethod } from '@leadreel/shared';
import { Alert, Button, Checkbox, Descriptions, QRCode, Radio, Result, Skeleton, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';
import { formatMoney, usePaymentConfigQuery } from '../../features/billing/billingQueries.ts';
import { outcomeOf } from './outcome.ts';

/** What the dialog sells: a plan for one billing period, or a credits package. */
export type Purchase = {
  kind: 'plan' | 'credits';
  productId: string;
  /** What is bought ("Pro", "500 credits") and how it is billed ("Billed yearly"). */
  name: string;
  billing: string;
  amount: number;
  currency: string;
};

const METHOD_ICONS: Record<PaymentMethod, ReactNode> = {
  card: <CreditCardOutlined />,
  wechat: <WechatOutlined style={{ color: '#1aad19' }} />,
  alipay: <AlipayCircleOutlined style={{ color: '#1677ff' }} />,
};

/** Step one: what is bought, for how much, and how to pay (only the methods this server takes). */
export function ChooseMethod(props: {
  purchase: Purchase;
  method: PaymentMethod | null;
  onMethod: (method: PaymentMethod) => void;
  onPay: (method: PaymentMethod) => void;
  paying: boolean;
  error: unknown;
  /** Subscription: a plan paid by card renews by itself while this is on. */
  autoRenew: boolean;
  onAutoRenew: (on: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { purchase, onMethod, onPay, paying, error, autoRenew, onAutoRenew } = props;
  const config = usePaymentConfigQuery();
  const amount = formatMoney(purchase.amount, purchase.currency, i18n.language);
  const methods = config.data?.methods.map((entry) => entry.method) ?? [];
  const method = props.method && methods.includes(props.method) ? props.method : (methods[0] ?? null);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions
        column={1}
        items={[
          { key: 'product', label: t('billing.product'), children: `${purchase.name} · ${purchase.billing}` },
          { key: 'amount', label: t('billing.amount'), children: <strong className="pay-amount">{amount}</strong> },
        ]}
      />
      <Typography.Text strong>{t('billing.method')}</Typography.Text>
      {config.error ? (
        <Alert type="error" showIcon title={errorText(config.error)} />
      ) : !config.data ? (
        <Skeleton.Button active block />
      ) : methods.length === 0 ? (
        <Alert type="warning" showIcon title={t('errors.payment_method_unavailable')} />
      ) : (
        <Radio.Group
          optionType="button"
          size="large"
          value={method}
          onChange={(event) => onMethod(event.target.value)}
          options={methods.map((value) => ({
            value,
            label: (
              <Space size={6}>
                {METHOD_ICONS[value]}
                {t(`billing.methods.${value}`)}
              </Space>
            ),
          }))}
        />
      )}
      {purchase.kind === 'plan' && method === 'card' && (
        <Checkbox checked={autoRenew} onChange={(event) => onAutoRenew(event.target.checked)}>
          {t('billing.autoRenew')}
        </Checkbox>
      )}
      {method && method !== 'card' && (
        <Typography.Text type="secondary">
          {purchase.currency !== 'CNY' && `${t('billing.chargedInYuan')} `}
          {purchase.kind === 'plan' && t('billing.noAutoRenew')}
        </Typography.Text>
      )}
      {Boolean(error) && <Alert type="error" showIcon title={errorText(error)} />}
      <Button
        type="primary"
        size="large"
        block
        disabled={!method}
        loading={paying}
        onClick={() => method && onPay(method)}
      >
        {t('billing.pay', { amount })}
      </Button>
    </Space>
  );
}

/** The link to the provider's own payment page (the sandbox's too, so a laptop can complete a QR payment). */
function PaymentPageLink({ order, newTab }: { order: Order; newTab: boolean }) {
  const { t } = useTranslation();
  if (!order.checkoutUrl) return null;
  return (
    <Typography.Link href={order.checkoutUrl} target={newTab ? '_blank' : undefined} rel="noopener noreferrer">
      {t('billing.openPaymentPage')}
    </Typography.Link>
  );
}

/** Step two, WeChat Pay or Alipay: the code to scan with the phone, while the dialog waits for the payment. */
export function ScanToPay({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="pay-scan">
      <Typography.Title level={5}>{t(`billing.scan.${order.method}`)}</Typography.Title>
      {order.qrCode && <QRCode value={order.qrCode} type="svg" size={200} className="pay-qr" />}
      <strong className="pay-amount">{formatMoney(order.amount, order.currency, i18n.language)}</strong>
      <Typography.Text type="secondary">
        <Spin size="small" /> {t('billing.waiting')}
      </Typography.Text>
      <PaymentPageLink order={order} newTab />
    </div>
  );
}

/** Step two, card: the browser is on its way to the checkout page. */
export function GoingToCheckout({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <div className="pay-scan">
      <Spin />
      <Typography.Text>{t('billing.redirecting')}</Typography.Text>
      <PaymentPageLink order={order} newTab={false} />
    </div>
  );
}

/** The end: paid (with the invoice number), failed, canceled or expired, with the way on. */
export function PaymentResult(props: { order: Order; onRetry: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const outcome = outcomeOf(props.order, t);
  if (!outcome) return null;
  return (
    <Result
      status={outcome.tone}
      title={outcome.title}
      subTitle={
        <>
          <div>{outcome.text}</div>
          {outcome.invoice && <div>{outcome.invoice}</div>}
        </>
      }
      extra={[
        outcome.retry && (
          <Button key="retry" type="primary" onClick={props.onRetry}>
            {t('billing.retry')}
          </Button>
        ),
        <Button key="done" type={outcome.retry ? 'default' : 'primary'} onClick={props.onDone}>
          {outcome.retry ? t('billing.close') : t('billing.done')}
        </Button>,
      ]}
    />
  );
}
