import { chromium } from 'playwright-core';
import { lighthousePerformance } from './lighthouse.ts';
import { startBenchServer } from './support.ts';

// bench:console-load: compressed bytes of script a browser fetches before the sign-in screen is
// interactive (the form shown and the load event fired), against a budget of 150 KB; Lighthouse's mobile
// performance of /login printed beside it. Runs the built console (npm run build first). Target: at most 1.0.
const BUDGET = 150 * 1024;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const server = await startBenchServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // Each script asked for before the screen was interactive, and what it cost on the wire (body as sent).
  let interactive = false;
  const early: Promise<{ url: string; bytes: number; encoding: string }>[] = [];
  page.on('request', (request) => {
    if (interactive || request.resourceType() !== 'script') return;
    early.push(
      (async () => {
        const response = await request.response();
        await response?.finished();
        const sizes = await request.sizes();
        const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
        return { url: new URL(request.url()).pathname, bytes: sizes.responseBodySize, encoding };
      })(),
    );
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'visible', timeout: 120_000 });
  await page.getByLabel('Email').waitFor({ state: 'visible' });
  interactive = true;
  const scripts = await Promise.all(early);
  await context.close();
  const bytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
  const encodings = [...new Set(scripts.map((script) => script.encoding))].join(', ');
  if (process.env.BENCH_VERBOSE)
    for (const script of scripts) console.log(`  ${script.bytes} B ${script.encoding} ${script.url}`);
  console.log(`/login: ${scripts.length} scripts, ${bytes} B on the wire (${encodings}) before the form is usable`);

  const lighthouse = await lighthousePerformance(`${server.url}/login`, RUNS);
  console.log(
    `Lighthouse mobile performance of /login (median of ${RUNS}): ${lighthouse.score}; ${lighthouse.metrics}`,
  );
  const kb = (bytes / 1024).toFixed(1);
  console.log(
    `console-load: ${kb} KB JS compressed, lighthouse mobile performance ${lighthouse.score} ratio=${(bytes / BUDGET).toFixed(2)} target <=1.0`,
  );
} finally {
  await browser.close();
  await server.stop();
}
