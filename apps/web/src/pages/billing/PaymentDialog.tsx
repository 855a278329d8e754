import type { Order, PaymentMethod } from '@leadreel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { DIALOG_WIDTH } from '../../constants.ts';
import { refreshAfterPayment, useOrderPolling } from '../../features/billing/billingQueries.ts';
import { ChooseMethod, GoingToCheckout, PaymentResult, type Purchase, ScanToPay } from './PaymentSteps.tsx';

export type { Purchase };

/**
 * "payment dialog", payment methods, Payment: success, failed, canceled. Card goes to the
 * checkout page, which sends the browser back to the page with `?order=` (CheckoutReturn takes it from
 * there); WeChat Pay and Alipay show a code to scan here and follow the order every 2 s until it settles.
 * Closing while the order waits cancels it, so it does not linger as unpaid.
 */
export function PaymentDialog({ purchase, onClose }: { purchase: Purchase | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  // Card payments renew by default, as Wistia's and Vimeo's plans do; the holder can turn it off here.
  const [autoRenew, setAutoRenew] = useState(true);
  const [order, setOrder] = useState<Order | null>(null);
  const polled = useOrderPolling(order?.orderId ?? null);
  // The order as last heard of: the poll's answer once there is one for this order, else as it was created.
  const current = order && polled.data?.orderId === order.orderId ? polled.data : order;

  const create = useMutation({
    mutationFn: ({ kind, productId, currency, method }: Purchase & { method: PaymentMethod }) => {
      if (kind === 'plan') return payApi.buyPlan({ productId, method, ...(method === 'card' ? { autoRenew } : {}) });
      // A package in the currency its list was priced in (a plan's product id names its own currency).
      return payApi.buyCredits({ productId, method, currency });
    },
    onSuccess: (created) => {
      setOrder(created);
      if (created.method === 'card' && created.checkoutUrl && created.status === 'pending') {
        // A full navigation: the checkout page is the provider's (or the sandbox's), not a console route.
        window.location.assign(created.checkoutUrl);
      }
    },
  });

  const refreshed = useRef<string | null>(null);
  useEffect(() => {
    if (current?.status !== 'paid' || refreshed.current === current.orderId) return;
    refreshed.current = current.orderId;
    void refreshAfterPayment(queryClient);
  }, [current, queryClient]);

  const startAgain = () => {
    setOrder(null);
    create.reset();
  };
  const close = () => {
    // Best effort: an order nobody cancels expires within the hour all the same.
    if (current?.status === 'pending') payApi.cancelOrder(current.orderId).catch(() => undefined);
    startAgain();
    onClose();
  };

  let body = null;
  if (purchase && !current) {
    body = (
      <ChooseMethod
        purchase={purchase}
        method={method}
        onMethod={setMethod}
        onPay={(chosen) => create.mutate({ ...purchase, method: chosen })}
        paying={create.isPending}
        error={create.error}
        autoRenew={autoRenew}
        onAutoRenew={setAutoRenew}
      />
    );
  } else if (current?.status === 'pending') {
    body = (
      <>
        {current.method === 'card' ? <GoingToCheckout order={current} /> : <ScanToPay order={current} />}
        {polled.error && <Alert type="error" showIcon title={errorText(polled.error)} />}
      </>
    );
  } else if (current) {
    body = <PaymentResult order={current} onRetry={startAgain} onDone={close} />;
  }

  return (
    <Modal
      open={purchase !== null}
      title={t('billing.dialogTitle')}
      width={DIALOG_WIDTH}
      footer={null}
      onCancel={close}
      // A click beside the dialog must not cancel an order the phone is paying.
      mask={{ closable: false }}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
