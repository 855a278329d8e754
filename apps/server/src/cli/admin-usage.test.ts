import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');

/** The usage `leadreel admin` prints for a bad command: one line per command it takes. */
async function printedUsage(): Promise<string[]> {
  const failed = await promisify(execFile)(path.join(root, 'bin/leadreel'), ['admin'], { cwd: root }).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failed?.code).toBe(2);
  return (failed?.stderr ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('leadreel admin '));
}

describe("the operators' guide lists every command `leadreel admin` takes", () => {
  it('has the same commands, with the same arguments, as the usage the command prints', async () => {
    const usage = await printedUsage();
    expect(usage.length).toBeGreaterThan(5);
    const guide = await readFile(path.join(root, 'docs/operations.md'), 'utf8');
    // The guide's block: `bin/leadreel admin <command> <arguments>`, then a description after two spaces or more.
    const documented = [...guide.matchAll(/^bin\/(leadreel admin \S.*?)(?:\s{2,}.*)?$/gm)].map((m) => m[1]);
    expect(documented).toEqual(usage);
  });

  it('names every command in the short usage of bin/leadreel', async () => {
    const commands = (await printedUsage()).map((line) => line.split(' ')[2]);
    const script = await readFile(path.join(root, 'bin/leadreel'), 'utf8');
    const short = /usage: leadreel admin <([^>]+)>/.exec(script)?.[1]?.split('|');
    expect(short).toEqual(commands);
  });
});
