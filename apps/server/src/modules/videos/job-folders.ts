import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Media jobs' temporary folders (the source when storage is S3, everything the pipeline writes), named by
 * the machine and the process that owns them: `leadreel-job-<host>-<pid>-XXXXXX`. A worker killed with -9
 * cannot remove its own, so every worker sweeps, when it starts, the folders whose process is gone.
 * Folders of another machine sharing the same temporary folder are left alone: their pids mean
 * nothing here.
 */
const PREFIX = 'leadreel-job-';
const OWNED = /^leadreel-job-(.+)-(\d+)-[A-Za-z0-9]{6}$/;
/** Folders of versions that did not name their owner: a media job never runs longer than 6 hours (jobs.ts). */
const UNNAMED = /^leadreel-job-[A-Za-z0-9]{6}$/;
const UNNAMED_STALE_MS = 6 * 3600 * 1000;
/** The file in a job folder that holds the pid of the ffmpeg the job is running, if any. */
const CHILD_FILE = 'ffmpeg.pid';

export async function createJobFolder(root: string): Promise<string> {
  await fs.mkdir(root, { recursive: true });
  return fs.mkdtemp(path.join(root, `${PREFIX}${os.hostname()}-${process.pid}-`));
}

/** Notes (or clears) the ffmpeg a job folder's job is running, for the sweep below. */
export async function recordChild(folder: string, pid: number | null): Promise<void> {
  const file = path.join(folder, CHILD_FILE);
  if (pid === null) await fs.rm(file, { force: true });
  else await fs.writeFile(file, String(pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Where the kernel cannot kill ffmpeg with its worker (no setpriv: run-ffmpeg.ts), the dead job's ffmpeg
 * may still run: it is ended if that pid is still an ffmpeg or ffprobe and an orphan, adopted by init
 * (checked in /proc, so a pid reused by anything else, another worker's ffmpeg included, is never touched).
 */
async function endOrphan(folder: string) {
  const pid = Number(await fs.readFile(path.join(folder, CHILD_FILE), 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 1) return;
  const command = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // "pid (comm) state ppid ...": the command may hold spaces and parentheses, so read after the last one.
  const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  if (!/^(\S*\/)?ff(mpeg|probe)\0/.test(command) || parent !== 1) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Ended meanwhile.
  }
}

/**
 * Removes the job folders under `root` that no live job owns: this machine's whose process has ended, and
 * unnamed ones older than any job can run. Answers the folders removed.
 */
export async function sweepJobFolders(root: string, now = Date.now()): Promise<string[]> {
  const entries = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(PREFIX)) continue;
    const folder = path.join(root, entry.name);
    const owned = OWNED.exec(entry.name);
    let stale = false;
    if (owned) stale = owned[1] === os.hostname() && Number(owned[2]) !== process.pid && !isAlive(Number(owned[2]));
    else if (UNNAMED.test(entry.name)) {
      const stat = await fs.stat(folder).catch(() => null);
      stale = stat !== null && now - stat.mtimeMs > UNNAMED_STALE_MS;
    }
    if (!stale) continue;
    await endOrphan(folder);
    await fs.rm(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}
