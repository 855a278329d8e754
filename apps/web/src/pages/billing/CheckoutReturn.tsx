import { useQueryClient } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { payApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { refreshAfterPayment, useOrderPolling } from '../../features/billing/billingQueries.ts';
import { outcomeOf } from './outcome.ts';

/** How long a page back from checkout waits for the provider to tell the server how the payment went. */
export const RETURN_WAIT_MS = 60_000;

function ReturnedOrder({
  orderId,
  canceled,
  onDismiss,
}: {
  orderId: string;
  canceled: boolean;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Back by the checkout's cancel link: the order is canceled (unless the provider has it paid already).
  useEffect(() => {
    if (canceled) void payApi.cancelOrder(orderId).catch(() => undefined);
  }, [canceled, orderId]);
  const [until] = useState(() => Date.now() + RETURN_WAIT_MS);
  const [gaveUp, setGaveUp] = useState(false);
  const order = useOrderPolling(orderId, until);
  const status = order.data?.status;

  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), RETURN_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (status === 'paid') void refreshAfterPayment(queryClient);
  }, [status, queryClient]);

  const closable = { onClose: onDismiss, 'aria-label': t('billing.close') };
  if (order.error) return <Alert type="error" showIcon closable={closable} title={errorText(order.error)} />;
  const outcome = order.data && outcomeOf(order.data, t);
  if (!outcome) {
    return gaveUp ? (
      <Alert type="warning" showIcon closable={closable} title={t('billing.returnPending')} />
    ) : (
      <Alert type="info" showIcon icon={<Spin size="small" />} title={t('billing.returnChecking')} />
    );
  }
  return (
    <Alert
      type={outcome.tone}
      showIcon
      closable={closable}
      title={outcome.title}
      description={
        <>
          <div>{outcome.text}</div>
          {outcome.invoice && <div>{outcome.invoice}</div>}
        </>
      }
    />
  );
}

/**
 * Back from the checkout page at `?order=<id>` (the console contract Payment: success, failed, canceled), with `&canceled=1`
 * when the payer left it by its cancel link: follows the order
 * until it settles, for a minute at most, says how it went at the top of the page, and forgets the parameter
 * when dismissed.
 */
export function CheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const orderId = params.get('order');
  if (!orderId) return null;
  const dismiss = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('order');
        next.delete('canceled');
        return next;
      },
      { replace: true },
    );
  return (
    <div className="billing-return">
      <ReturnedOrder key={orderId} orderId={orderId} canceled={params.get('canceled') === '1'} onDismiss={dismiss} />
    </div>
  );
}
