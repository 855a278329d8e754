import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';
import { CHROMIUM } from './chromium.ts';

// One throwaway data folder per run, shared with the test workers through the environment.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'leadreel-e2e-'));
  chmodSync(process.env.E2E_DATA_DIR, 0o755); // embedded PostgreSQL runs as the postgres user
}
const PORT = Number(process.env.E2E_PORT ?? 8181);
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results'),
  // Two files at a time, one per core: each test signs up accounts of its own, and much of a test is waiting on
  // the server, ffmpeg or the browser. Tests inside a file keep their order.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous limits: a loaded CI box can be several times slower than a quiet one, and a wait only ends early
  // when its condition holds, so a long limit costs nothing on a green run.
  // The longest tests (upload, encode, play, mail) take two minutes on a quiet machine; ten is the limit for one.
  timeout: 600_000,
  expect: { timeout: 60_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-US',
    viewport: { width: 1366, height: 860 },
    // A failed test keeps a screenshot of where it stopped and the page's accessibility tree then
    // (error-context.md), not a trace: the browser is most of the suite's CPU on two cores, and recording
    // every action's DOM for a trace cost a seventh of the wall time (console and leads specs: 182 against
    // 156 s; the browser's CPU 218 against 197 s). `--trace on` brings it back to debug a failure.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
  webServer: {
    command: `node ${SERVER_NODE_FLAGS.join(' ')} ${path.join(root, 'apps/server/src/main.ts')}`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      COMMUNITY_URL: 'https://chat.example.test/invite/leadreel',
      // The tests' webhook receivers listen on loopback; the guard's refusals are covered by the server's tests.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // The blog posts blog-to-video reads are pages the tests serve on loopback, for the same reason.
      ARTICLE_FETCH_ALLOW_PRIVATE_TARGETS: 'true',
    },
  },
});
