import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

const run = promisify(execFile);
const PACKAGE = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(PACKAGE, '../..');

// The client as a user installs it: built by its prepack step, copied into another project's node_modules
// (where Node strips no types, so the JavaScript must be there), imported by plain Node, and calling a
// server that checks the key and the path it receives.
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'leadreel-client-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('builds to JavaScript that an installed copy runs with plain Node', { timeout: 120_000 }, async () => {
  const installed = path.join(dir, 'node_modules/@leadreel/api-client');
  await run(
    path.join(ROOT, 'node_modules/.bin/tsc'),
    ['-p', path.join(PACKAGE, 'tsconfig.build.json'), '--outDir', path.join(installed, 'dist')],
    { cwd: PACKAGE },
  );
  const manifest = JSON.parse(await readFile(path.join(PACKAGE, 'package.json'), 'utf8'));
  for (const file of manifest.files as string[]) {
    if (file !== 'dist') await cp(path.join(PACKAGE, file), path.join(installed, file));
  }
  await writeFile(path.join(installed, 'package.json'), JSON.stringify(manifest));
  await mkdir(path.join(dir, 'node_modules'), { recursive: true });
  await symlink(path.join(ROOT, 'node_modules/openapi-fetch'), path.join(dir, 'node_modules/openapi-fetch'));

  const seen: { url?: string; authorization?: string } = {};
  const server = createServer((request, response) => {
    seen.url = request.url;
    seen.authorization = request.headers.authorization;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: [], nextCursor: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const script = `
      import { createLeadReelClient } from '@leadreel/api-client';
      const client = createLeadReelClient({ baseUrl: 'http://127.0.0.1:${port}/', apiKey: 'lr_key' });
      const { data } = await client.GET('/videos', { params: { query: { limit: 5 } } });
      console.log(JSON.stringify(data));`;
    await writeFile(path.join(dir, 'main.mjs'), script);
    const { stdout } = await run(process.execPath, ['main.mjs'], { cwd: dir });
    expect(JSON.parse(stdout)).toEqual({ data: [], nextCursor: null });
    expect(seen).toEqual({ url: '/api/v1/videos?limit=5', authorization: 'Bearer lr_key' });
  } finally {
    server.close();
  }
});
