import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { type InvoiceDocument, renderInvoicePdf } from './invoice-pdf.ts';

const INVOICE: InvoiceDocument = {
  language: 'zh_CN',
  number: 'LR-2026-000042',
  issued: '2026/11/28',
  seller: { name: 'Acme Video Ltd', address: '1 Market Street\nSan Francisco', taxId: null, email: null },
  buyer: { email: 'ada@example.test', companyName: 'Acme GmbH', address: '', country: 'Germany', taxId: '' },
  description: 'Pro plan, billed yearly',
  period: '2026/11/28 – 2027/11/28',
  currency: 'USD',
  amount: '$489.00',
  method: 'Credit card',
  refunded: null,
};

// Helvetica is not embedded: a reader brings its own, and pdf.js keeps its copy here.
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function text(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
}

describe('the invoice PDF', () => {
  it('prints Chinese labels with the CJK font, and leaves out what the seller and buyer did not give', async () => {
    const printed = await text(await renderInvoicePdf(INVOICE));
    for (const expected of ['发票', '发票号', 'LR-2026-000042', '销售方', 'Acme Video Ltd', 'San Francisco', '合计']) {
      expect(printed, expected).toContain(expected);
    }
    expect(printed).not.toContain('税号');
    expect(printed).not.toContain('已退款');
  });

  it('falls back to Helvetica and English labels on a machine without the CJK font', async () => {
    const bytes = await renderInvoicePdf(INVOICE, '/nonexistent/NotoSansCJK-Regular.ttc');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const printed = await text(bytes);
    for (const expected of ['Invoice', 'LR-2026-000042', 'Acme GmbH', 'Germany', '$489.00', 'Total']) {
      expect(printed, expected).toContain(expected);
    }
  });
});
