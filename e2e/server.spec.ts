import { expect, test } from '@playwright/test';

test('the server answers health checks and refuses index.html for files and API paths', async ({ request }) => {
  expect((await request.get('/healthz')).status()).toBe(200);
  // A file that does not exist is a 404, not the console's index.html.
  const missing = await request.get('/ads.txt');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toContain('<html');
  // robots.txt is ours now: it points crawlers at the sitemap.
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: ');
  const api = await request.get('/api/does-not-exist');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ statusCode: 404, error: 'not_found', message: 'Not found' });
});
