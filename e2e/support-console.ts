import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { codeFromOutbox, newEmail } from './support.ts';

const run = promisify(execFile);

export const LANGS = [
  { code: 'en', label: 'English' },
  { code: 'zh_CN', label: '简体中文' },
] as const;

/** Picks a language in the console's switch, as a user does. */
export async function switchLanguage(page: Page, label: string) {
  await page
    .getByLabel(/^(Language|语言)$/)
    .first()
    .selectOption({ label });
  await expect(page.locator('html')).toHaveAttribute('lang', label === 'English' ? 'en' : 'zh-CN');
}

/** Registers through the register screen with the code from the server's outbox. */
export async function registerThroughUi(page: Page, password = 'first password 1') {
  const email = newEmail();
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await page.getByLabel('Verification code').fill(await codeFromOutbox(email));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  return { email, password };
}

/** Signs up through the API (faster) and hands the token to the console by its token login. */
export async function signUpByApi(page: Page, dataDir?: string) {
  const email = newEmail('api');
  const password = 'api password 123';
  const sent = await page.request.post('/api/auth/verify-code', { data: { email, scene: 'signup' } });
  expect(sent.status()).toBe(200);
  const code = await codeFromOutbox(email, dataDir);
  const signup = await page.request.post('/api/auth/signup', { data: { email, password, code } });
  const token = (await signup.json()).data.accessToken as string;
  return { email, password, token };
}

/** An operator's command (`leadreel admin ...`), against the e2e server's embedded PostgreSQL; its output. */
export async function admin(...args: string[]) {
  const { stdout } = await run(
    path.resolve(import.meta.dirname, '../bin/leadreel'),
    ['admin', ...args, '--as', 'e2e'],
    {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    },
  );
  return stdout;
}

/** The operator's command (`leadreel admin plan`). */
export async function grantPlan(email: string, plan: string) {
  expect(await admin('plan', email, plan)).toContain(`is now on ${plan}`);
}
