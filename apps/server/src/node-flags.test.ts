import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

describe('the flags the server runs with', () => {
  it('are the same in `make start` and `make worker` as in the tests and benchmarks', async () => {
    const makefile = await readFile(path.resolve(import.meta.dirname, '../../../Makefile'), 'utf8');
    const launches = makefile.split('\n').filter((line) => /\bnode\b.*apps\/server\/src\/(main|worker)\.ts/.test(line));
    expect(launches).toHaveLength(2);
    for (const line of launches) expect(line).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} apps/server/src/`);
  });
});
