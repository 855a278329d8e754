import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, type Running, startServer, waitReady } from '../apps/server/test/processes.ts';

const CLOCK_SERVER = path.resolve(import.meta.dirname, 'clock-server.ts');
const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

/**
 * A LeadReel of a test's own, beside the suite's shared one, for what needs other settings (a payment
 * provider) or a clock of its own: its own data folder, embedded PostgreSQL and outbox. `restart` stops it
 * gracefully and starts it again on the same data with the clock `offsetDays` ahead, as an operator's restart
 * would, with the time moved on.
 */
export async function ownLeadReel(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leadreel-e2e-own-'));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as the postgres user
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let server: Running | null = null;
  /** What the servers stopped so far logged, for a failing test to print. */
  let earlierLogs = '';

  async function stop() {
    if (!server) return;
    const stopping = server;
    server = null;
    stopping.child.kill('SIGTERM');
    await stopping.exited;
    earlierLogs += stopping.output();
  }
  async function start(offsetDays: number) {
    server = startServer(
      dataDir,
      port,
      {
        PUBLIC_URL: url,
        WEB_DIST,
        LOG_LEVEL: 'warn',
        // Months pass between a test's steps: its sessions must outlive them.
        SESSION_IDLE_DAYS: '365',
        SESSION_MAX_DAYS: '3650',
        E2E_CLOCK_OFFSET_DAYS: String(offsetDays),
        ...env,
      },
      CLOCK_SERVER,
    );
    await waitReady(server);
  }
  await start(0);

  return {
    url,
    dataDir,
    /** Everything each start of this LeadReel logged (warnings and errors), oldest first. */
    log: () => earlierLogs + (server?.output() ?? ''),
    restart: async (offsetDays: number) => {
      await stop();
      await start(offsetDays);
    },
    close: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
