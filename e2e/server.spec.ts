import { expect, test } from '@playwright/test';

test('the server answers health checks and refuses index.html for files and API paths', async ({ request }) => {
  expect((await request.get('/healthz')).status()).toBe(200);
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(404);
  const api = await request.get('/api/does-not-exist');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ statusCode: 404, error: 'not_found', message: 'not found' });
});
