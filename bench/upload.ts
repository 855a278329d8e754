import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { benchAccount, ratioLine, startBenchServer } from './support.ts';

// issue 4 bench:upload: a 2 GiB file through the real console uploader in Chromium to the local driver,
// against a plain copy of the same file on the same disk. Target at least 0.8 of the copy's throughput.
const run = promisify(execFile);
const SIZE = 2 * 1024 ** 3;
const source = path.join(tmpdir(), 'leadreel-bench-upload-2g.mp4');
if (!existsSync(source) || (await stat(source)).size !== SIZE) {
  // Random bytes: nothing along the way can compress or skip them.
  await run('sh', ['-c', `head -c ${SIZE} /dev/urandom > ${source}.tmp && mv ${source}.tmp ${source}`]);
}
const mib = (bytes: number, seconds: number) => bytes / 1024 ** 2 / seconds;

const copyTarget = path.join(tmpdir(), 'leadreel-bench-upload-copy');
await run('sync');
const copyStart = performance.now();
await run('cp', [source, copyTarget]);
await run('sync');
const copySeconds = (performance.now() - copyStart) / 1000;
await rm(copyTarget, { force: true });
console.log(`plain copy: ${copySeconds.toFixed(1)} s, ${mib(SIZE, copySeconds).toFixed(0)} MiB/s`);

// No media worker: this measures the transfer, not the encode that follows it.
const server = await startBenchServer({ WORKERS: '0' });
const browser = await chromium
  .launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  .catch(async (error) => {
    await server.stop();
    throw error;
  });
try {
  const { token } = await benchAccount(server);
  const page = await browser.newPage();
  await page.goto(`${server.url}/videos/index?token=${token}`);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await run('sync');
  const start = performance.now();
  await page.locator('.ant-upload input[type=file]').setInputFiles(source);
  await page.locator('.upload-task .ant-tag', { hasText: /^(Uploaded|Failed)$/ }).waitFor({ timeout: 30 * 60_000 });
  await run('sync');
  const seconds = (performance.now() - start) / 1000;
  const state = await page.locator('.upload-task .ant-tag').textContent();
  if (state !== 'Uploaded') throw new Error(`the upload ended ${state}`);
  console.log(`console uploader: ${seconds.toFixed(1)} s, ${mib(SIZE, seconds).toFixed(0)} MiB/s`);
  console.log(
    ratioLine(
      'upload',
      `${mib(SIZE, seconds).toFixed(0)} MiB/s vs ${mib(SIZE, copySeconds).toFixed(0)} MiB/s`,
      copySeconds / seconds,
      '>=0.8',
    ),
  );
} finally {
  await browser.close();
  await server.stop();
}
