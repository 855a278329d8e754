import type { BillingPlan, Product } from '@leadreel/shared';
import { Result, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';
import { planName, useProductsQuery } from '../../features/billing/billingQueries.ts';
import './billing.css';
import { CheckoutReturn } from './CheckoutReturn.tsx';
import { CurrencySwitch } from './CurrencySwitch.tsx';
import { PaymentDialog, type Purchase } from './PaymentDialog.tsx';
import { PlanCard } from './PlanCard.tsx';

/** buy-vip "plan purchase": the plans side by side for a billing period and currency. */
export function BuyVip() {
  const { t } = useTranslation();
  // Unchosen, the server answers with the billing the running plan was bought with, else yearly (the
  // default period): a monthly customer first sees the monthly cards, theirs marked, and can switch.
  const [plan, setPlan] = useState<BillingPlan | undefined>(undefined);
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const products = useProductsQuery({ plan, currency });
  const data = products.data;

  const buy = (product: Product) =>
    setPurchase({
      kind: 'plan',
      productId: product.productId,
      name: planName(product, t),
      billing: product.plan === 'yr' ? t('billing.billedYearly') : t('billing.billedMonthly'),
      amount: product.productPrice,
      currency: product.currency,
    });

  return (
    <div className="billing-page">
      <CheckoutReturn />
      <div className="billing-head">
        <Typography.Title level={4}>{t('route.buy-vip')}</Typography.Title>
        <Space wrap size={12}>
          <Segmented<BillingPlan>
            value={plan ?? data?.plan ?? 'yr'}
            onChange={setPlan}
            options={[
              { value: 'month', label: t('billing.monthly') },
              {
                value: 'yr',
                label: (
                  <span>
                    {t('billing.annual')}
                    {data && data.annualSavingPercent > 0 && (
                      <Tag color="red" className="billing-save">
                        {t('billing.save', { percent: data.annualSavingPercent })}
                      </Tag>
                    )}
                  </span>
                ),
              },
            ]}
          />
          {data && <CurrencySwitch currencies={data.currencies} value={data.currency} onChange={setCurrency} />}
        </Space>
      </div>
      {products.error ? (
        <Result status="error" title={errorText(products.error)} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <div className="plan-grid">
          {data.list.map((product) => (
            <PlanCard key={product.productId} product={product} current={product.current} onBuy={() => buy(product)} />
          ))}
        </div>
      )}
      <PaymentDialog purchase={purchase} onClose={() => setPurchase(null)} />
    </div>
  );
}
