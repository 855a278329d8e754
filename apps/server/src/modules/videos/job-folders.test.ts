import { spawnSync } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobFolder, recordChild, sweepJobFolders } from './job-folders.ts';

// a worker killed with -9 left its job folder forever.
let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'leadreel-sweep-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

/** The pid of a process that has ended. */
function deadPid(): number {
  const { pid } = spawnSync('true');
  return pid as number;
}

describe('sweepJobFolders', () => {
  it('removes the folders of this machine whose process has ended, and only those', { timeout: 60_000 }, async () => {
    const host = os.hostname();
    const dead = path.join(root, `leadreel-job-${host}-${deadPid()}-aB3dE6`);
    const mine = await createJobFolder(root);
    const live = path.join(root, `leadreel-job-${host}-1-Xy7zQ2`);
    const elsewhere = path.join(root, `leadreel-job-other-host.example-${deadPid()}-Kp9wR4`);
    const oldUnnamed = path.join(root, 'leadreel-job-Ab12Cd');
    const youngUnnamed = path.join(root, 'leadreel-job-Ef34Gh');
    const unrelated = path.join(root, 'leadreel-bench-Ij56Kl');
    for (const folder of [dead, live, elsewhere, oldUnnamed, youngUnnamed, unrelated]) {
      await fs.mkdir(folder);
      await fs.writeFile(path.join(folder, 'source'), 'bytes');
    }
    await recordChild(mine, 12345);
    const sevenHoursAgo = new Date(Date.now() - 7 * 3600 * 1000);
    await fs.utimes(oldUnnamed, sevenHoursAgo, sevenHoursAgo);

    expect((await sweepJobFolders(root)).sort()).toEqual([dead, oldUnnamed].sort());
    for (const kept of [mine, live, elsewhere, youngUnnamed, unrelated]) expect(existsSync(kept)).toBe(true);
    expect(existsSync(dead)).toBe(false);
    expect(await sweepJobFolders(root)).toEqual([]);
  });

  it('names a job folder by machine and process, and keeps the running child in it', async () => {
    const folder = await createJobFolder(root);
    expect(path.basename(folder)).toMatch(new RegExp(`^leadreel-job-${os.hostname()}-${process.pid}-\\w{6}$`));
    await recordChild(folder, 4242);
    expect(await fs.readFile(path.join(folder, 'ffmpeg.pid'), 'utf8')).toBe('4242');
    await recordChild(folder, null);
    expect(existsSync(path.join(folder, 'ffmpeg.pid'))).toBe(false);
  });

  it('answers nothing for a root that does not exist', async () => {
    expect(await sweepJobFolders(path.join(root, 'missing'))).toEqual([]);
  });
});
