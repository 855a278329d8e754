import { CheckOutlined } from '@ant-design/icons';
import type { Product } from '@leadreel/shared';
import { Badge, Button, Card, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, planName } from '../../features/billing/billingQueries.ts';

/**
 * What a card offers: the plan the account has cannot be bought again while it runs (the console contract "Cannot
 * purchase the current package"), but is renewed when the server allows it (ending or lapsed); Free is not sold.
 */
function PlanAction({ product, current, onBuy }: { product: Product; current: boolean; onBuy: () => void }) {
  const { t } = useTranslation();
  if (current && !product.canBuy) {
    return (
      // A disabled button takes no pointer events in some browsers: the wrapper is what the tooltip follows.
      <Tooltip title={t('errors.package_current')}>
        <span className="plan-current">
          <Button block disabled>
            {t('billing.currentPlan')}
          </Button>
        </span>
      </Tooltip>
    );
  }
  if (product.type === 'Free' || !product.canBuy) return null;
  return (
    <Button block type={current || product.isPopular ? 'primary' : 'default'} onClick={onBuy}>
      {current ? t('billing.renew') : t('billing.buyNow')}
    </Button>
  );
}

function Popular({ on, children }: { on: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  if (!on) return children;
  return (
    <Badge.Ribbon text={t('billing.mostPopular')} color="volcano">
      {children}
    </Badge.Ribbon>
  );
}

/** One plan of the console contract product record: name, price for the period, benefits and what can be done. */
export function PlanCard({ product, current, onBuy }: { product: Product; current: boolean; onBuy: () => void }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, product.currency, i18n.language);
  const annual = product.plan === 'yr';
  const name = planName(product, t);
  return (
    <Popular on={product.isPopular}>
      <Card
        className={`plan-card${current ? ' plan-card-current' : ''}${product.isPopular ? ' plan-card-popular' : ''}`}
        data-testid={`plan-${product.type}`}
        title={name}
        // The popular ribbon sits where the tag would; the card's border and button still say it.
        extra={current && !product.isPopular && <Tag color="green">{t('billing.currentPlan')}</Tag>}
      >
        <div className="plan-price">
          <span className="plan-amount">{money(product.productPrice)}</span>
          <Typography.Text type="secondary">
            {product.productPrice > 0 ? product.planDesc : t('billing.freeForever')}
          </Typography.Text>
        </div>
        <div className="plan-notes">
          {annual && product.productPrice > 0 && (
            <Typography.Text type="secondary">
              {t('billing.perMonth', { price: money(product.monthlyPrice) })}
            </Typography.Text>
          )}
          {annual && product.needShowDiscount && product.productDesc && <Tag color="red">{product.productDesc}</Tag>}
        </div>
        <ul className="plan-benefits">
          {product.benefits.map((benefit) => (
            <li key={benefit}>
              <CheckOutlined className="plan-check" />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
        <PlanAction product={product} current={current} onBuy={onBuy} />
      </Card>
    </Popular>
  );
}
