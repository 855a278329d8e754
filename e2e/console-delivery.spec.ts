import { expect, test } from '@playwright/test';
import { CHROMIUM } from './chromium.ts';
import { failOnPageProblems } from './support.ts';
import { signUpByApi } from './support-console.ts';

// The first run of a self-hosted server: the console opened by a name other than localhost, over plain http
// (http://<server-ip>:8080). Chromium treats 127.0.0.1 and localhost as secure and would hide a policy that
// sends the console's own scripts to https, so a name of ours is mapped to the loopback address.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const HOST = 'console.test';

test.use({
  launchOptions: { ...CHROMIUM, args: [...CHROMIUM.args, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`] },
});
failOnPageProblems(test);

test('the console loads and signs in over plain http from another host name, its scripts compressed', async ({
  page,
}) => {
  const { email, password } = await signUpByApi(page);
  const scripts: Promise<{ url: string; status: number; encoding: string | undefined; bytes: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.body().then((body) => ({
        url: response.url(),
        status: response.status(),
        encoding: response.headers()['content-encoding'],
        bytes: body.length,
      })),
    );
  });
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));

  await page.goto(`http://${HOST}:${PORT}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in to LeadReel' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`http://${HOST}:${PORT}/dashboard-overview`);
  await expect(page.getByText(email).first()).toBeVisible();

  expect(failed).toEqual([]);
  expect(scripts.length).toBeGreaterThan(1);
  for (const script of await Promise.all(scripts)) {
    expect(script.url.startsWith(`http://${HOST}:${PORT}/`), script.url).toBe(true);
    expect(script.status, script.url).toBe(200);
    // The build leaves files under 1 KB as they are: compression would not pay for its header.
    if (script.bytes >= 1024) expect(['br', 'gzip'], `${script.url} is sent compressed`).toContain(script.encoding);
  }
});
