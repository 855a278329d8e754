import { existsSync, readFileSync } from 'node:fs';
import type { Language } from '@leadreel/shared';
import { BILLING_TEXT } from '@leadreel/shared/viewer-text/billing';
import PDFDocument from 'pdfkit';
import type { Seller } from '../../config.ts';
import type { InvoiceBuyer } from '../../db/schema.ts';

/**
 * Noto Sans CJK (Debian's fonts-noto-cjk, installed by scripts/system-deps.sh): it writes Latin and Chinese
 * alike, so a Chinese company name or address prints as itself. The file is a collection; pdfkit picks the
 * Simplified Chinese face by its PostScript name and embeds only the characters used.
 */
const CJK_FONT_FILE = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const CJK_FONT_NAME = 'NotoSansCJKsc-Regular';

// The 19 MB collection is read once per process, not once per invoice; null when it is not installed.
const fonts = new Map<string, Buffer | null>();
function loadFont(file: string): Buffer | null {
  if (!fonts.has(file)) fonts.set(file, existsSync(file) ? readFileSync(file) : null);
  return fonts.get(file) ?? null;
}

/** Everything an invoice prints, already in the reader's language (money, dates, the method's name). */
export type InvoiceDocument = {
  language: Language;
  number: string;
  issued: string;
  seller: Seller;
  buyer: InvoiceBuyer;
  description: string;
  /** A plan's period ("2026/11/25 – 2027/11/25"); null for credits. */
  period: string | null;
  currency: string;
  amount: string;
  method: string;
  /** The day it was refunded, or null while it stands. */
  refunded: string | null;
};

const MARGIN = 50;
const GREY = '#57606a';
const INK = '#1f2328';
const RED = '#cf222e';

/** The invoice as an A4 PDF; `fontFile` is for tests of a machine without the CJK font. */
export function renderInvoicePdf(invoice: InvoiceDocument, fontFile = CJK_FONT_FILE): Promise<Buffer> {
  const font = loadFont(fontFile);
  // Without the CJK font only Helvetica's Latin remains: the labels fall back to English so they stay legible.
  const texts = BILLING_TEXT[font ? invoice.language : 'en'].invoice;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${texts.title} ${invoice.number}`, Author: invoice.seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (font) doc.registerFont('body', font, CJK_FONT_NAME);
  doc.font(font ? 'body' : 'Helvetica');

  const width = doc.page.width - 2 * MARGIN;
  const half = width / 2 - 10;

  doc.fillColor(INK).fontSize(24).text(texts.title, MARGIN, MARGIN);
  if (invoice.refunded) {
    doc
      .fillColor(RED)
      .fontSize(18)
      .text(texts.refunded.toUpperCase(), MARGIN, MARGIN + 4, { width, align: 'right' });
  }
  let y = MARGIN + 44;
  for (const [label, value] of [
    [texts.number, invoice.number],
    [texts.issued, invoice.issued],
  ] as const) {
    doc.fillColor(GREY).fontSize(10).text(label, MARGIN, y, { width: 110 });
    doc.fillColor(INK).text(value, MARGIN + 110, y);
    y += 16;
  }

  y += 20;
  const party = (x: number, title: string, lines: string[]) => {
    doc.fillColor(GREY).fontSize(10).text(title.toUpperCase(), x, y, { width: half });
    doc.fillColor(INK).fontSize(11);
    doc.text(lines.filter((line) => line.trim() !== '').join('\n'), x, y + 16, { width: half });
    return doc.y;
  };
  const { seller, buyer } = invoice;
  const sellerEnd = party(MARGIN, texts.seller, [
    seller.name,
    seller.address,
    seller.taxId ? `${texts.taxId}: ${seller.taxId}` : '',
    seller.email ?? '',
  ]);
  const buyerEnd = party(MARGIN + width / 2 + 10, texts.buyer, [
    buyer.companyName,
    buyer.address,
    buyer.country,
    buyer.taxId ? `${texts.taxId}: ${buyer.taxId}` : '',
    buyer.email,
  ]);
  y = Math.max(sellerEnd, buyerEnd) + 30;

  // The line: description (wide), period, currency, amount (right-aligned).
  const columns = [
    { label: texts.description, x: MARGIN, width: 200 },
    { label: texts.period, x: MARGIN + 205, width: 150 },
    { label: texts.currency, x: MARGIN + 360, width: 50 },
    { label: texts.amount, x: MARGIN + 415, width: width - 415, align: 'right' as const },
  ];
  const rule = (at: number) =>
    doc
      .moveTo(MARGIN, at)
      .lineTo(MARGIN + width, at)
      .lineWidth(0.5)
      .strokeColor('#d0d7de')
      .stroke();
  doc.fillColor(GREY).fontSize(10);
  for (const column of columns) doc.text(column.label, column.x, y, { width: column.width, align: column.align });
  y += 18;
  rule(y);
  y += 8;
  doc.fillColor(INK).fontSize(11);
  const cells = [invoice.description, invoice.period ?? '—', invoice.currency, invoice.amount];
  let rowEnd = y;
  columns.forEach((column, index) => {
    doc.text(cells[index] ?? '', column.x, y, { width: column.width, align: column.align });
    rowEnd = Math.max(rowEnd, doc.y);
  });
  y = rowEnd + 8;
  rule(y);
  y += 10;
  doc.fontSize(12).text(texts.total, MARGIN + 260, y, { width: 150 });
  doc.text(invoice.amount, MARGIN + 415, y, { width: width - 415, align: 'right' });
  y += 34;

  doc.fillColor(GREY).fontSize(10).text(texts.method, MARGIN, y, { width: 110 });
  doc.fillColor(INK).text(invoice.method, MARGIN + 110, y);
  if (invoice.refunded) {
    doc
      .fillColor(RED)
      .fontSize(11)
      .text(texts.refundedOn(invoice.refunded), MARGIN, y + 24, { width });
  }
  doc.end();
  return done;
}
