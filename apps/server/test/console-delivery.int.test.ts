import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from './helpers.ts';

// How the built console reaches a browser: its security headers on plain http and on https, and its files
// precompressed at build (name.br, name.gz beside each) served by Accept-Encoding.
const SCRIPT = `console.log(${JSON.stringify('a console bundle '.repeat(200))});\n`;
const INDEX = '<!doctype html><title>console</title><div id="root"></div>';

let dist: string;
let database: TestDatabase;
let plain: TestApp;
let secure: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'leadreel-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  // Different bytes in each file, so a test knows which one was sent.
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(`${SCRIPT}//br`));
  await writeFile(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(`${SCRIPT}//gz`));
  await writeFile(path.join(dist, 'assets', 'only-plain-def456.js'), SCRIPT);
  database = await createTestDatabase();
  plain = await createTestApp({ WEB_DIST: dist, PUBLIC_URL: 'http://192.0.2.10:8080' }, { database });
  secure = await createTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://video.example.test' }, { database });
});
afterAll(async () => {
  await plain?.close();
  await secure?.close();
  await database?.drop();
  await rm(dist, { recursive: true, force: true });
});

describe('the console over plain http', () => {
  it.each(['/', '/login', '/api/config'])(
    '%s does not ask the browser to upgrade its requests to https, nor to remember https',
    async (url) => {
      const response = await plain.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('upgrades requests and sends HSTS when the public address is https', async () => {
    const response = await secure.app.inject({ method: 'GET', url: '/login' });
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });
});

describe('the console files, compressed', () => {
  const get = (url: string, acceptEncoding?: string) =>
    plain.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli file to a browser that takes brotli, cached for a year', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`${SCRIPT}//br`);
  });

  it('sends the gzip file to a client that takes only gzip', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(`${SCRIPT}//gz`);
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it('sends the file itself to a client that takes no encoding, or when no compressed copy was built', async () => {
    for (const response of [await get('/assets/index-abc123.js'), await get('/assets/only-plain-def456.js', 'br')]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(SCRIPT);
      expect(response.headers['cache-control']).toContain('immutable');
    }
  });

  it.each(['/', '/login', '/index.html'])('%s is revalidated on every visit', async (url) => {
    const response = await get(url, 'br');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
