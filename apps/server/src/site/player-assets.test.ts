import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayerAssets } from './player-assets.ts';

// The player's build writes name.br and name.gz beside its scripts and its copy of hls.js: the server sends
// those bytes, and compresses at start only what the build did not.
const script = (name: string) => `/* ${name} */ window.x = ${JSON.stringify('player code '.repeat(200))};\n`;
let dist: string;
const app = Fastify();
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'leadreel-player-dist-'));
  for (const name of ['player.js', 'hls.light.min.js']) {
    await writeFile(path.join(dist, name), script(name));
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(`${script(name)}//built br`));
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(`${script(name)}//built gz`));
  }
  await writeFile(path.join(dist, 'controls.js'), script('controls.js'));
  registerPlayerAssets(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding: string) => app.inject({ url, headers: { 'accept-encoding': encoding } });

describe('the player scripts', () => {
  it.each(['player.js', 'hls.light.min.js'])('%s is sent as the build compressed it', async (name) => {
    const br = await get(`/player/${name}`, 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${script(name)}//built br`);
    const gz = await get(`/player/${name}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${script(name)}//built gz`);
  });

  it('compresses a script the build left uncompressed', async () => {
    const response = await get('/player/controls.js', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script('controls.js'));
  });
});
