import { createHmac } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type test as baseTest, expect, type Page } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';

const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');

/**
 * Saves a full-page screenshot as e2e/screenshots/<name>.png for a person to look at. `fullPage: false` keeps
 * to the window, for a page that draws only what is scrolled into view (below it a full page is blank).
 */
export async function snap(page: Page, name: string, { fullPage = true } = {}) {
  await mkdir(SCREENSHOTS, { recursive: true });
  // Let dialogs and notifications finish their entrance animations, so the picture shows what a user sees.
  // Endless ones (spinners) never finish, so only finite animations are waited for, and not for ever.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

/**
 * The newest mail the server's outbox sent to `email` that `match` accepts, waiting for it to arrive. The
 * suite's server by default; `dataDir` names a test's own (support-server.ts).
 */
export async function mailFromOutbox(
  email: string,
  match: (mail: ParsedMail) => boolean,
  dataDir = process.env.E2E_DATA_DIR ?? '',
): Promise<ParsedMail> {
  const outbox = path.join(dataDir, 'mail');
  // A limit, not an expectation: a loaded machine may take long to send a mail.
  for (const until = Date.now() + 120_000; Date.now() < until; ) {
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const raw = await readFile(path.join(outbox, file));
      // The outbox holds every mail of the run: only those naming the address are parsed.
      if (!raw.includes(email)) continue;
      const mail = await simpleParser(raw);
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined;
      if (to === email && match(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const subjects: string[] = [];
  for (const file of await readdir(outbox).catch(() => [] as string[])) {
    const raw = await readFile(path.join(outbox, file));
    if (raw.includes(email)) subjects.push((await simpleParser(raw)).subject ?? '');
  }
  throw new Error(`no such mail to ${email}; its mails: ${JSON.stringify(subjects)}`);
}

/** The newest six-digit code the server's outbox mailed to `email`, waiting for it to arrive. */
export async function codeFromOutbox(email: string, dataDir?: string): Promise<string> {
  const code = (mail: ParsedMail) => /^(\d{6})$/m.exec(mail.text ?? '')?.[1];
  return code(await mailFromOutbox(email, (mail) => Boolean(code(mail)), dataDir)) as string;
}

let counter = 0;
export function newEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.test`;
}

/** Collects what a user would never see go right: page errors and Content-Security-Policy violations. */
export function watchPageProblems(page: Page): string[] {
  const seen: string[] = [];
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text()))
      seen.push(message.text());
  });
  return seen;
}

/** Fails every test of the file on a page error or a Content-Security-Policy violation in its page. */
export function failOnPageProblems(test: typeof baseTest) {
  const problems = new WeakMap<Page, string[]>();
  test.beforeEach(({ page }) => {
    problems.set(page, watchPageProblems(page));
  });
  test.afterEach(({ page }) => {
    expect(problems.get(page)).toEqual([]);
  });
}

/** What a webhook receiver on another host got: each request's headers and raw body. */
export type Hook = { headers: http.IncomingHttpHeaders; body: string };

/** A customer's webhook receiver on loopback, answering 200 to everything and keeping what it got. */
export async function webhookReceiver() {
  const received: Hook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leadreel`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Checks a delivery as a receiver would, with its own HMAC (not the server's code): the
 * `LeadReel-Signature` header is `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 */
export function signatureIsValid(hook: Hook, secret: string): boolean {
  const header = String(hook.headers['leadreel-signature'] ?? '');
  const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
  const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(header)?.[1];
  if (!t || !v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${hook.body}`).digest('hex');
  return v1 === expected && Math.abs(Date.now() / 1000 - Number(t)) < 300;
}

/**
 * A desktop Chrome's user agent. The server drops viewing batches from bots (isbot), and Playwright's
 * headless Chromium says "HeadlessChrome": a viewer whose viewing must count browses with this one.
 */
export const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Safari/537.36';
