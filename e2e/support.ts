import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type test as baseTest, expect, type Page } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';

const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');

/** Saves a full-page screenshot as e2e/screenshots/<name>.png for a person to look at. */
export async function snap(page: Page, name: string) {
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
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The newest mail the server's outbox sent to `email` that `match` accepts, waiting for it to arrive. */
export async function mailFromOutbox(email: string, match: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = await simpleParser(await readFile(path.join(outbox, file)));
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined;
      if (to === email && match(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no such mail to ${email}`);
}

/** The newest six-digit code the server's outbox mailed to `email`, waiting for it to arrive. */
export async function codeFromOutbox(email: string): Promise<string> {
  const code = (mail: ParsedMail) => /^(\d{6})$/m.exec(mail.text ?? '')?.[1];
  return code(await mailFromOutbox(email, (mail) => Boolean(code(mail)))) as string;
}

let counter = 0;
export function newEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

/** Fails every test of the file on a page error or a Content-Security-Policy violation in its page. */
export function failOnPageProblems(test: typeof baseTest) {
  const problems = new WeakMap<Page, string[]>();
  test.beforeEach(({ page }) => {
    const seen: string[] = [];
    problems.set(page, seen);
    page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text()))
        seen.push(message.text());
    });
  });
  test.afterEach(({ page }) => {
    expect(problems.get(page)).toEqual([]);
  });
}
