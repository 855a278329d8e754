import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** A Lighthouse figure: the category's score (0-100) and the metrics behind it, as Lighthouse words them. */
export type LighthouseFigure = { score: number; metrics: string };

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
];

/**
 * Lighthouse's mobile performance (its default config: a mid-range phone, simulated slow 4G) of `url` in
 * Debian's Chromium, the median of `runs` runs, since one run's score moves with the machine's load. A
 * benchmark figure, never a test's: it measures speed.
 */
export async function lighthousePerformance(url: string, runs = 3): Promise<LighthouseFigure> {
  const figures: LighthouseFigure[] = [];
  for (let i = 0; i < runs; i++) figures.push(await runOnce(url));
  figures.sort((a, b) => a.score - b.score);
  return figures[Math.floor(figures.length / 2)] as LighthouseFigure;
}

async function runOnce(url: string): Promise<LighthouseFigure> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    logLevel: 'error',
  });
  try {
    const audit = () => lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
    let result = await audit();
    // Lighthouse's own "run Lighthouse again" failure (its trace missed the navigation start), not the page's.
    if (result?.lhr.runtimeError?.code === 'NO_NAVSTART') result = await audit();
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${JSON.stringify(lhr.runtimeError)}`);
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) throw new Error(`Lighthouse gave ${url} no performance score`);
    const metrics = METRICS.map((id) => `${lhr.audits[id]?.title} ${lhr.audits[id]?.displayValue}`).join(', ');
    return { score: Math.round(score * 100), metrics };
  } finally {
    chrome.kill();
  }
}
