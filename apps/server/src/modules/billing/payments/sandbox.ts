import { randomBytes } from 'node:crypto';
import { type Language, PAYMENT_METHODS } from '@leadreel/shared';
import { BILLING_TEXT, formatMoney } from '@leadreel/shared/viewer-text/billing';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { requestLanguage } from '../../../lib/language.ts';
import { escapeHtml, privatePage, sendPrivatePage } from '../../pages/html.ts';
import type { OrderRow } from '../orders.repo.ts';
import type { OrderService } from '../orders.service.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * The sandbox provider: LeadReel's own checkout page, where the tester chooses what the
 * payment does. Its address is the order's unguessable reference, so only whoever got it (the payer's
 * browser, or the phone that scanned the QR code) can settle it. Everything after the choice is the real
 * path: the same `settle` every provider's notification reaches.
 */
export function sandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    methods: PAYMENT_METHODS,
    publicKey: null,
    async start(order, { origin, returnPath }) {
      const ref = `sbx_${randomBytes(18).toString('base64url')}`;
      const page = `${origin}/pay/sandbox/${ref}`;
      const back = encodeURIComponent(returnPath);
      // A card payer's browser goes to the page and back; a phone scans the page and stays there.
      return {
        providerRef: ref,
        checkoutUrl: `${page}?return=${back}`,
        qrCode: order.method === 'card' ? null : page,
      };
    },
    refund: async (order) => `sbx_refund_${order.id}`,
  };
}

/** The sandbox's checkout reference: `sbx_` and 24 URL-safe characters (18 random bytes). */
const SANDBOX_REF = /^sbx_[\w-]{24}$/;

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans CJK SC",sans-serif;color:#1f1f1f;background:#f5f5f5}
main{max-width:420px;margin:48px auto;padding:24px;border-radius:12px;background:#fff;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{margin:0 0 8px;font-size:20px}.notice{padding:8px 12px;border-radius:6px;background:#fffbe6;border:1px solid #ffe58f;font-size:14px}
.amount{margin:16px 0 4px;font-size:32px;font-weight:700}.item{margin:0 0 20px;color:#595959}
form{display:flex;flex-direction:column;gap:8px}button{padding:10px;border:1px solid #d9d9d9;border-radius:6px;background:#fff;font:inherit;cursor:pointer}
button.pay{border-color:#1677ff;background:#1677ff;color:#fff;font-weight:600}a{color:#1677ff}`;

/** A path inside the console to return to: one of ours, never another site. */
const safeReturn = (value: unknown) =>
  typeof value === 'string' && /^\/buy-(vip|credits)\?order=[0-9a-f-]{36}$/.test(value) ? value : null;

function page(language: Language, body: string) {
  return privatePage(language, BILLING_TEXT[language].sandbox.title, STYLE, body);
}

function checkoutPage(language: Language, order: OrderRow, back: string | null) {
  const t = BILLING_TEXT[language];
  const action = back ? `?return=${encodeURIComponent(back)}` : '';
  const button = (outcome: string, label: string, css = '') =>
    `<button type="submit" name="outcome" value="${outcome}"${css ? ` class="${css}"` : ''}>${escapeHtml(label)}</button>`;
  return page(
    language,
    `<h1>${escapeHtml(t.sandbox.title)}</h1><p class="notice">${escapeHtml(t.sandbox.notice)}</p>
<p class="amount">${escapeHtml(formatMoney(Number(order.amount), order.currency, language))}</p>
<p class="item">${escapeHtml(order.description)} · ${escapeHtml(t.method[order.method])}</p>
<form method="post" action="${escapeHtml(action)}">${button('paid', t.sandbox.pay, 'pay')}${button('failed', t.sandbox.fail)}${button('canceled', t.sandbox.cancel)}</form>`,
  );
}

function donePage(language: Language, status: OrderRow['status']) {
  const t = BILLING_TEXT[language].sandbox;
  const text = status === 'pending' ? t.notFound : t.done[status];
  return page(language, `<h1>${escapeHtml(text)}</h1><p>${escapeHtml(t.closeTab)}</p>`);
}

/** The sandbox checkout page: GET shows the order, POST settles it and returns the payer to the console. */
export const sandboxRoutes: FastifyPluginAsync<{ orders: OrderService; now: () => Date }> = async (
  app,
  { orders, now },
) => {
  // The page's form posts urlencoded; only in this scope.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const send = (reply: FastifyReply, status: number, html: string) => sendPrivatePage(reply, status, STYLE, html);

  type Request = { Params: { ref: string }; Querystring: { return?: string } };

  /** The order a checkout address names; a reference that is not one of ours is looked up nowhere. */
  const orderOf = (ref: string) => (SANDBOX_REF.test(ref) ? orders.byProviderRef('sandbox', ref) : undefined);

  app.get<Request>('/pay/sandbox/:ref', async (request, reply) => {
    const language = requestLanguage(request);
    const order = await orderOf(request.params.ref);
    if (!order)
      return send(reply, 404, page(language, `<h1>${escapeHtml(BILLING_TEXT[language].sandbox.notFound)}</h1>`));
    if (order.status !== 'pending') return send(reply, 200, donePage(language, order.status));
    if (order.expires_at <= now()) return send(reply, 200, donePage(language, 'expired'));
    return send(reply, 200, checkoutPage(language, order, safeReturn(request.query.return)));
  });

  app.post<Request & { Body: { outcome?: string } }>('/pay/sandbox/:ref', async (request, reply) => {
    const language = requestLanguage(request);
    const order = await orderOf(request.params.ref);
    if (!order)
      return send(reply, 404, page(language, `<h1>${escapeHtml(BILLING_TEXT[language].sandbox.notFound)}</h1>`));
    // Only an order still open and within its time is settled here: a canceled, failed or expired one stays
    // so, whatever is posted (the test page is no coupon for orders left from a trial).
    if (order.status !== 'pending') return send(reply, 409, donePage(language, order.status));
    if (order.expires_at <= now()) return send(reply, 409, donePage(language, 'expired'));
    const outcome = request.body?.outcome;
    if (outcome !== 'paid' && outcome !== 'failed' && outcome !== 'canceled') {
      return send(reply, 400, checkoutPage(language, order, safeReturn(request.query.return)));
    }
    const settled = await orders.settle(
      order.id,
      outcome === 'paid'
        ? { status: 'paid', amount: Number(order.amount), currency: order.currency }
        : outcome === 'failed'
          ? { status: 'failed', reason: 'declined in the sandbox' }
          : { status: 'canceled' },
    );
    const back = safeReturn(request.query.return);
    if (back) return reply.redirect(back, 303);
    return send(reply, 200, donePage(language, settled.status));
  });
};
