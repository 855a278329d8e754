import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { watchPageProblems } from './support.ts';
import { signUpByApi } from './support-console.ts';
import { ownLeadReel } from './support-server.ts';
import { inquiryForm, saveSetting, uploadVideo } from './support-video.ts';

// an installation that asks viewers to pass Turnstile: the viewer meets the widget in the form, is told in
// words to pass it, is asked again after the provider refuses a pass, and is thanked once one is accepted.
// The provider is a fake on loopback: its widget script (CAPTCHA_SCRIPT_URL) puts the explicit-render API
// Turnstile documents on `window`, and its siteverify (CAPTCHA_VERIFY_URL) speaks the provider's protocol.

const SITE_KEY = 'e2e-site-key';
const SECRET = 'e2e-secret';

/** The widget: a button the viewer presses to pass, each press a new pass; `reset` asks for another. */
const WIDGET_SCRIPT = `(() => {
  let issued = 0;
  const widgets = [];
  window.turnstile = {
    render(element, options) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'I am human';
      button.addEventListener('click', () => {
        button.textContent = 'Verified';
        issued += 1;
        options.callback(options.sitekey + ':pass-' + issued);
      });
      element.append(button);
      widgets.push(button);
      return 'widget-' + (widgets.length - 1);
    },
    reset(id) {
      widgets[Number(String(id).slice('widget-'.length))].textContent = 'I am human';
    },
  };
})();`;

/** The fake provider: its script, and a siteverify that refuses the first pass and takes each later one once. */
async function fakeTurnstile() {
  const checked: URLSearchParams[] = [];
  const used = new Set<string>();
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url?.startsWith('/api.js')) {
      response.setHeader('content-type', 'text/javascript');
      response.end(WIDGET_SCRIPT);
      return;
    }
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      checked.push(form);
      const pass = form.get('response') ?? '';
      const ok =
        form.get('secret') === SECRET &&
        pass.startsWith(`${SITE_KEY}:`) &&
        !pass.endsWith(':pass-1') &&
        !used.has(pass);
      used.add(pass);
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(ok ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    script: `${url}/api.js?render=explicit`,
    siteverify: `${url}/siteverify`,
    checked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a viewer passes the installation’s challenge in the inquiry form, and the inquiry is stored', async ({
  browser,
}) => {
  const provider = await fakeTurnstile();
  const leadreel = await ownLeadReel({
    DEFAULT_PLAN: 'Pro',
    CAPTCHA_PROVIDER: 'turnstile',
    CAPTCHA_SITE_KEY: SITE_KEY,
    CAPTCHA_SECRET_KEY: SECRET,
    CAPTCHA_VERIFY_URL: provider.siteverify,
    CAPTCHA_SCRIPT_URL: provider.script,
  });
  const context = await browser.newContext({ baseURL: leadreel.url });
  try {
    const page = await context.newPage();
    const { token } = await signUpByApi(page, leadreel.dataDir);
    const videoId = await uploadVideo(page.request, token, 'challenge-tour.mp4');
    await saveSetting(page.request, token, 'form/save', {
      videoId,
      form: inquiryForm({ moment: 'before', skippable: false }),
    });

    const viewer = await context.newPage();
    const problems = watchPageProblems(viewer);
    // Nothing the page asks for leaves this machine: the provider is the fake on loopback.
    const elsewhere: string[] = [];
    await viewer.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => {
        elsewhere.push(route.request().url());
        return route.abort();
      },
    );
    await viewer.goto(`/v/${videoId}`);
    await viewer.getByRole('button', { name: /^Play video: / }).click();
    const form = viewer.getByRole('form', { name: 'Get a quote' });
    await expect(form).toBeVisible();
    const widget = form.getByRole('button', { name: 'I am human' });
    await expect(widget).toBeVisible();
    await form.getByLabel('Your name').fill('Ada Lovelace');
    await form.getByLabel('Work email').fill('ada@example.test');

    // Sent before the challenge is passed: refused, in words, and nothing is asked of the provider.
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('Complete the check above the button first.')).toBeVisible();
    expect(provider.checked).toHaveLength(0);

    // The provider refuses this pass: the viewer is told and the widget asks for a fresh one.
    await widget.click();
    await expect(form.getByRole('button', { name: 'Verified' })).toBeVisible();
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('The check did not pass. Please try it again.')).toBeVisible();
    await expect(widget).toBeVisible();

    await widget.click();
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(viewer.getByText('Thanks!')).toBeVisible();
    expect(provider.checked.map((asked) => asked.get('response'))).toEqual([
      `${SITE_KEY}:pass-1`,
      `${SITE_KEY}:pass-2`,
    ]);

    const leads = await page.request.get('/api/user-form-list/list', { headers: { authorization: `Bearer ${token}` } });
    const { list } = (await leads.json()).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ videoId, answers: { name: 'Ada Lovelace', email: 'ada@example.test' } });
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    await leadreel.close();
    await provider.close();
  }
});
