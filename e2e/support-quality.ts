import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type TestInfo } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

// Public pages as search engines and checkers judge them: Lighthouse's accessibility, best practices and SEO
// on a phone, and the Nu HTML checker. Performance scores measure speed, which a test must not: the benches
// print them.
const run = promisify(execFile);
const requireCjs = createRequire(import.meta.url);

/** An audit's failing items, shortened: the elements or URLs Lighthouse names. */
function itemsOf(audit: Result['audits'][string]) {
  const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
  return (details?.items ?? [])
    .map((item) => {
      const node = item.node as { snippet?: string; selector?: string; explanation?: string } | undefined;
      const source = (item.sourceLocation ?? item.source) as { url?: string } | undefined;
      const where = node?.snippet ?? node?.selector ?? item.url ?? source?.url;
      const what = item.description ?? node?.explanation;
      return [where, what].filter(Boolean).join(' ').replace(/\s+/g, ' ').slice(0, 240);
    })
    .filter(Boolean)
    .slice(0, 3);
}

/** What keeps a category from a full score: its audits that failed or could not run, heaviest first. */
function failingAudits(lhr: Result, categoryId: string) {
  const category = lhr.categories[categoryId];
  if (!category) return `no category ${categoryId}`;
  const lines = category.auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit &&
        (audit.scoreDisplayMode === 'error' ||
          (audit.score !== null && audit.score < 1 && !['informative', 'manual'].includes(audit.scoreDisplayMode))),
    )
    .sort((a, b) => b.ref.weight - a.ref.weight)
    .map(({ ref, audit }) => {
      const a = audit as Result['audits'][string];
      const score = a.score === null ? 'error' : Math.round(a.score * 100);
      const value = a.displayValue ? ` (${a.displayValue})` : '';
      const why = a.errorMessage ?? a.explanation;
      const items = itemsOf(a).map((item) => `\n      ${item}`);
      return `  - ${ref.id}: ${a.title}${value} [score ${score}, weight ${ref.weight}]${why ? ` ${why}` : ''}${items.join('')}`;
    });
  return lines.length > 0 ? lines.join('\n') : '  (no failing audit)';
}

/**
 * Lighthouse on a phone at `url` (its canonical address, so the canonical link is on the same site): each
 * category's score, expected at least as `atLeast` says, every page request on this machine.
 */
export async function expectLighthouse(url: string, testInfo: TestInfo, atLeast: Record<string, number>) {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    logLevel: 'error',
  });
  let result: Awaited<ReturnType<typeof lighthouse>>;
  try {
    // network-requests (a performance audit) shows what the page loaded; no speed score is computed.
    const audit = () =>
      lighthouse(url, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: Object.keys(atLeast),
        onlyAudits: ['network-requests'],
      });
    result = await audit();
    // Lighthouse's own "run Lighthouse again" failure (its trace missed the navigation start), not the page's.
    if (result?.lhr.runtimeError?.code === 'NO_NAVSTART') result = await audit();
  } finally {
    chrome.kill();
  }
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  await testInfo.attach(`lighthouse-${new URL(url).pathname.replace(/\W+/g, '-')}.html`, {
    body: String(result.report),
    contentType: 'text/html',
  });
  expect(lhr.runtimeError, JSON.stringify(lhr.runtimeError)).toBeUndefined();
  const scores = Object.fromEntries(
    Object.values(lhr.categories).map((category) => [
      category.id,
      category.score === null ? null : Math.round(category.score * 100),
    ]),
  );
  console.log(`Lighthouse ${lhr.lighthouseVersion} on ${url}: ${JSON.stringify(scores)}`);
  for (const warning of lhr.runWarnings) console.log(`Lighthouse warning: ${warning}`);
  for (const [id, score] of Object.entries(scores))
    if (score !== 100) console.log(`${lhr.categories[id]?.title} ${score}:\n${failingAudits(lhr, id)}`);

  // Everything the page loaded came from this server: no audit needed the internet.
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
  const foreign = requests
    .map((item) => item.url)
    .filter((u) => /^https?:/.test(u) && !['localhost', '127.0.0.1'].includes(new URL(u).hostname));
  expect.soft(requests.length, 'requests Lighthouse saw').toBeGreaterThan(0);
  expect.soft(foreign, 'requests that left this machine').toEqual([]);

  for (const [id, least] of Object.entries(atLeast)) {
    const score = scores[id] ?? null;
    expect
      .soft(
        score ?? -1,
        `${lhr.categories[id]?.title ?? id} is ${score}, at least ${least} expected; failing audits:\n${failingAudits(lhr, id)}`,
      )
      .toBeGreaterThanOrEqual(least);
  }
}

type NuMessage = {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
};

/** The Nu HTML checker's errors in `pages` (a file name and its HTML each), its warnings attached to the test. */
export async function nuErrors(pages: [string, Buffer | string][], testInfo: TestInfo): Promise<string[]> {
  const work = await mkdtemp(path.join(tmpdir(), 'leadreel-e2e-vnu-'));
  try {
    const files: string[] = [];
    for (const [name, html] of pages) {
      const file = path.join(work, name);
      await writeFile(file, html);
      files.push(file);
    }
    const jar = String(requireCjs('vnu-jar'));
    // vnu exits 1 when it reports an error; its report is on stdout either way.
    const stdout = await run('java', ['-jar', jar, '--format', 'json', '--stdout', ...files], {
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      (done) => done.stdout,
      (error: NodeJS.ErrnoException & { stdout?: string }) => {
        if (error.code === 'ENOENT') throw new Error('java is not installed: make test installs default-jre-headless');
        if (!error.stdout) throw error;
        return error.stdout;
      },
    );
    const { version, messages } = JSON.parse(stdout) as { version: string; messages: NuMessage[] };
    const describe = (m: NuMessage) =>
      `${path.basename(m.url ?? '')}:${m.lastLine ?? '?'}:${m.lastColumn ?? '?'} ${m.type}${m.subType ? `/${m.subType}` : ''}: ${m.message}${m.extract ? `\n    ${m.extract.trim()}` : ''}`;
    const errors = messages.filter((m) => m.type !== 'info');
    const warnings = messages.filter((m) => m.type === 'info');
    console.log(`Nu HTML checker ${version}: ${errors.length} errors, ${warnings.length} warnings or notes`);
    if (warnings.length > 0) {
      const text = warnings.map(describe).join('\n');
      console.log(`Nu HTML checker warnings:\n${text}`);
      await testInfo.attach('vnu-warnings.txt', { body: text, contentType: 'text/plain' });
    }
    return errors.map(describe);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
