import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { get, post, signUp, useTestApp } from '../../../test/helpers.ts';

// B2B buyers' billing details and the PDF invoice of a paid order, with the seller from the SELLER_ settings.
const t = useTestApp({
  BRAND_NAME: 'Acme',
  SELLER_NAME: 'Acme Video Ltd',
  SELLER_ADDRESS: '1 Market Street\\nSan Francisco, CA 94105',
  SELLER_TAX_ID: 'US12-3456789',
  SUPPORT_EMAIL: 'help@acme.test',
});

const DETAILS = {
  companyName: '深圳市示例科技有限公司',
  address: '南山区科技园 1 号\nShenzhen 518057',
  country: 'China',
  taxId: '91440300MA5G0000XX',
};

/** A plan order paid in the sandbox's way: the provider reports it paid. */
async function paidOrder(token: string) {
  const order = (await post(t.app, '/api/pay/stripe', { productId: 'Lite-month-USD', method: 'card' }, token)).body
    .data;
  await t.services.orders.settle(order.orderId, { status: 'paid', amount: order.amount, currency: order.currency });
  return (await get(t.app, `/api/pay/wechat-status?orderId=${order.orderId}`, token)).body.data as {
    orderId: string;
    invoiceNumber: string;
  };
}

async function invoice(orderId: string, token?: string, language = 'en') {
  return t.app.inject({
    method: 'GET',
    url: `/api/pay/invoice?orderId=${orderId}`,
    headers: { 'x-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** The text a PDF reader shows, page by page, with runs on one line joined by spaces. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) lines.push(item.str);
  }
  return lines.join('\n');
}

describe('billing details', () => {
  it('start empty, are saved trimmed, and a field left out is cleared', async () => {
    const { token } = await signUp(t);
    expect((await get(t.app, '/api/pay/billing-details', token)).body.data).toEqual({
      companyName: '',
      address: '',
      country: '',
      taxId: '',
    });
    const saved = await post(t.app, '/api/pay/billing-details', { ...DETAILS, companyName: ' Acme GmbH ' }, token);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ ...DETAILS, companyName: 'Acme GmbH' });
    expect((await get(t.app, '/api/pay/billing-details', token)).body.data).toEqual(saved.body.data);
    await post(t.app, '/api/pay/billing-details', { companyName: 'Acme GmbH' }, token);
    expect((await get(t.app, '/api/pay/billing-details', token)).body.data).toEqual({
      companyName: 'Acme GmbH',
      address: '',
      country: '',
      taxId: '',
    });
  });

  it('refuses text too long, NUL, a lone surrogate or a wrong type with the field, and saves nothing', async () => {
    const { token } = await signUp(t);
    await post(t.app, '/api/pay/billing-details', DETAILS, token);
    for (const [body, field, error] of [
      [{ companyName: 'a'.repeat(201) }, 'companyName', 'company_name_too_long'],
      [{ address: 'a'.repeat(501) }, 'address', 'address_too_long'],
      [{ country: 'a'.repeat(101) }, 'country', 'country_too_long'],
      [{ taxId: '1'.repeat(65) }, 'taxId', 'tax_id_too_long'],
      [{ companyName: 'Acme\u0000' }, 'companyName', 'illegal_input'],
      [{ address: 'Street \ud800' }, 'address', 'illegal_input'],
      [{ taxId: 12345 }, 'taxId', 'illegal_input'],
      [{ country: ['China'] }, 'country', 'illegal_input'],
    ] as const) {
      const answer = await post(t.app, '/api/pay/billing-details', { ...DETAILS, ...body }, token);
      expect(answer.status, field).toBe(400);
      expect(answer.body, field).toMatchObject({ error, field });
    }
    expect((await post(t.app, '/api/pay/billing-details', { ...DETAILS, vat: 'x' }, token)).status).toBe(400);
    expect((await get(t.app, '/api/pay/billing-details', token)).body.data).toEqual(DETAILS);
    expect((await get(t.app, '/api/pay/billing-details')).status).toBe(403);
  });
});

describe('pay invoice', () => {
  it('is a PDF named after its number, with the seller and the buyer as they were when it was issued', async () => {
    const { token, email } = await signUp(t);
    await post(t.app, '/api/pay/billing-details', DETAILS, token);
    const order = await paidOrder(token);
    expect(order.invoiceNumber).toMatch(/^LR-\d{4}-\d{6}$/);
    // Details edited after the payment do not rewrite the invoice already issued.
    await post(t.app, '/api/pay/billing-details', { companyName: 'Renamed Ltd' }, token);

    const answer = await invoice(order.orderId, token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${order.invoiceNumber}.pdf"`);
    expect(answer.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(answer.rawPayload);
    for (const expected of [
      'Invoice',
      order.invoiceNumber,
      'Acme Video Ltd',
      'San Francisco, CA 94105',
      'Tax ID: US12-3456789',
      'help@acme.test',
      DETAILS.companyName,
      'Shenzhen 518057',
      `Tax ID: ${DETAILS.taxId}`,
      email,
      'Lite plan, billed monthly',
      'USD',
      'Credit card',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Renamed Ltd');
    expect(text).not.toContain('REFUNDED');
  });

  it('speaks the console language and marks a refunded order', async () => {
    const { token } = await signUp(t);
    const order = await paidOrder(token);
    await t.services.admin.refund('ops-ana', order.invoiceNumber, 'asked within 14 days');
    const english = await pdfText((await invoice(order.orderId, token)).rawPayload);
    expect(english).toContain('REFUNDED');
    expect(english).toContain('This payment was refunded in full on');
    const chinese = await invoice(order.orderId, token, 'zh_CN');
    expect(chinese.statusCode).toBe(200);
    const text = await pdfText(chinese.rawPayload);
    for (const expected of ['发票', '销售方', '购买方', '已退款', order.invoiceNumber]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("answers 404 for another account's order and for an order without an invoice", async () => {
    const owner = await signUp(t);
    const order = await paidOrder(owner.token);
    const other = await signUp(t);
    const stranger = await invoice(order.orderId, other.token);
    expect([stranger.statusCode, stranger.json().error]).toEqual([404, 'invoice_not_found']);
    const unpaid = (await post(t.app, '/api/pay/stripe', { productId: 'Pro-month-USD', method: 'card' }, owner.token))
      .body.data;
    expect((await invoice(unpaid.orderId, owner.token)).statusCode).toBe(404);
    expect((await invoice('00000000-0000-0000-0000-000000000000', owner.token)).statusCode).toBe(404);
    expect((await invoice('not-an-id', owner.token)).statusCode).toBe(400);
    expect((await invoice(order.orderId)).statusCode).toBe(403);
  });
});
