import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Lines of the tracked files that match `pattern` (git grep's extended regular expressions). */
async function linesMatching(pattern: string): Promise<string[]> {
  const found = await promisify(execFile)('git', ['grep', '-nE', pattern, '--', '.', ':!package-lock.json'], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout }) => stdout,
    (error: { code: number; stdout: string }) => (error.code === 1 ? '' : Promise.reject(error)),
  );
  return found.split('\n').filter(Boolean);
}

// A maintainer has the code, the docs and docs/product.md; not our tracker, nor the console spec we were given.
describe('what the code and the docs cite', () => {
  it('never cites a tracker issue', async () => {
    expect(await linesMatching('\\b[Ii]ssues? #?[0-9]+\\b')).toEqual([]);
  });

  it("never cites a section of the console spec: the product's rules are in docs/product.md", async () => {
    expect(await linesMatching("[Ss]pec( §|'s )")).toEqual([]);
  });
});

// One implementation of each, so a fix to one (a character left unescaped, an id shape) reaches every caller.
describe('what the code writes once', () => {
  it('escapes HTML in one place (packages/shared/src/text.ts)', async () => {
    const copies = await linesMatching('(function|const) escapeHtml\\b');
    expect(copies.map((line) => line.split(':')[0])).toEqual(['packages/shared/src/text.ts']);
  });

  it('spells the UUID pattern in one place', async () => {
    const copies = await linesMatching('= /\\^\\[0-9a-f\\]\\{8\\}-');
    expect(copies.map((line) => line.split(':')[0])).toEqual(['packages/shared/src/text.ts']);
  });

  it('builds errors with the error module, never AppError by hand', async () => {
    const byHand = await linesMatching('new AppError\\(');
    expect(byHand.filter((line) => !line.startsWith('apps/server/src/errors.ts:'))).toEqual([]);
  });
});
