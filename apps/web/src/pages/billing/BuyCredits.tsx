import { Button, Card, Result, Skeleton, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';
import {
  formatMoney,
  formatNumber,
  useCreditLedgerQuery,
  useCreditsProductsQuery,
} from '../../features/billing/billingQueries.ts';
import './billing.css';
import { CheckoutReturn } from './CheckoutReturn.tsx';
import { CreditLedger } from './CreditLedger.tsx';
import { CurrencySwitch } from './CurrencySwitch.tsx';
import { PaymentDialog, type Purchase } from './PaymentDialog.tsx';

const PAGE_SIZE = 20;

/** buy-credits "credits purchase": the balance, the packages for sale, and where credits went. */
export function BuyCredits() {
  const { t, i18n } = useTranslation();
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const packages = useCreditsProductsQuery(currency);
  const ledger = useCreditLedgerQuery(page, PAGE_SIZE);
  const offer = packages.data;

  return (
    <div className="billing-page">
      <CheckoutReturn />
      <div className="billing-head">
        <Typography.Title level={4}>{t('route.buy-credits')}</Typography.Title>
        {offer && <CurrencySwitch currencies={offer.currencies} value={offer.currency} onChange={setCurrency} />}
      </div>
      <Card className="credits-balance">
        <Statistic
          title={t('billing.balance')}
          value={ledger.data?.balance ?? 0}
          loading={!ledger.data && !ledger.error}
          formatter={(value) => formatNumber(Number(value), i18n.language)}
        />
      </Card>
      <Typography.Title level={5}>{t('billing.packages')}</Typography.Title>
      {packages.error ? (
        <Result status="error" title={errorText(packages.error)} />
      ) : !offer ? (
        <Skeleton active />
      ) : (
        <div className="plan-grid">
          {offer.list.map((item) => {
            const name = t('billing.credits', {
              count: item.credits,
              amount: formatNumber(item.credits, i18n.language),
            });
            const price = formatMoney(item.productPrice, item.currency, i18n.language);
            return (
              <Card key={item.productId} className="plan-card" data-testid={`credits-${item.productId}`} title={name}>
                <div className="plan-price">
                  <span className="plan-amount">{price}</span>
                  <Typography.Text type="secondary">{t('billing.oneTime')}</Typography.Text>
                </div>
                <Button
                  block
                  type="primary"
                  disabled={!item.canBuy}
                  aria-label={t('billing.buyCredits', { name })}
                  onClick={() =>
                    setPurchase({
                      kind: 'credits',
                      productId: item.productId,
                      name,
                      billing: t('billing.oneTime'),
                      amount: item.productPrice,
                      currency: item.currency,
                    })
                  }
                >
                  {t('billing.buy')}
                </Button>
              </Card>
            );
          })}
        </div>
      )}
      <Typography.Title level={5}>{t('billing.ledger')}</Typography.Title>
      {ledger.error ? (
        <Result status="error" title={errorText(ledger.error)} />
      ) : (
        <CreditLedger
          ledger={ledger.data}
          loading={ledger.isLoading || ledger.isPlaceholderData}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
        />
      )}
      <PaymentDialog purchase={purchase} onClose={() => setPurchase(null)} />
    </div>
  );
}
