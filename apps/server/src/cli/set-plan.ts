/**
 * Grants a plan to an account by hand: `node apps/server/src/cli/set-plan.ts <email> <Free|Lite|Pro|Business>`.
 * For operators until billing sells plans (and for a self-hosted team that wants every feature). Uses
 * DATABASE_URL, or the embedded PostgreSQL of DATA_DIR while `make start` runs it.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { PLAN_TYPES, type PlanType } from '@leadreel/shared';
import { parseConfig } from '../config.ts';
import { createDb } from '../db/database.ts';
import { createAccountRepo } from '../modules/account/account.repo.ts';
import { grantPlan } from '../modules/account/account.service.ts';

/** The running embedded server's address: its password file, and the port in postmaster.pid (4th line). */
async function embeddedUrl(dataDir: string): Promise<string> {
  const password = (await fs.readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  const pid = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => {
    throw new Error(`the embedded PostgreSQL of ${dataDir} is not running: start LeadReel first`);
  });
  const port = Number(pid.split('\n')[3]);
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/leadreel`;
}

async function main() {
  const [email, plan] = process.argv.slice(2);
  if (!email || !PLAN_TYPES.includes(plan as PlanType)) {
    console.error(`usage: set-plan.ts <email> <${PLAN_TYPES.join('|')}>`);
    process.exit(2);
  }
  const config = parseConfig(process.env);
  const db = createDb(config.DATABASE_URL ?? (await embeddedUrl(path.resolve(config.DATA_DIR))), 1);
  try {
    if (await grantPlan(createAccountRepo(db), email, plan as PlanType)) {
      console.log(`${email} is now on ${plan}`);
    } else {
      console.error(`no account with the email ${email}`);
      process.exitCode = 1;
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
