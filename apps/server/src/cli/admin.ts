/**
 * `leadreel admin`: what an operator does by hand. Uses the server's environment:
 * DATABASE_URL, or the embedded PostgreSQL of DATA_DIR while LeadReel runs. Each action is logged with who
 * ran it: --as NAME, else the system user.
 *
 *   leadreel admin show <email>
 *   leadreel admin plan <email> <Free|Lite|Pro|Business> [--until YYYY-MM-DD]
 *   leadreel admin credits <email> <amount> [--reason TEXT]
 *   leadreel admin refund <invoice number|order id> [--reason TEXT]
 *   leadreel admin referrer <email> <on|off>
 *   leadreel admin payout <email>
 *   leadreel admin log [--limit N]
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PLAN_TYPES, type PlanType } from '@leadreel/shared';
import { formatSize } from '@leadreel/shared/sizes';
import { AdminError } from '../modules/admin/admin.service.ts';

const USAGE = `usage:
  leadreel admin show <email>
  leadreel admin plan <email> <${PLAN_TYPES.join('|')}> [--until YYYY-MM-DD]
  leadreel admin credits <email> <amount> [--reason TEXT]
  leadreel admin refund <invoice number|order id> [--reason TEXT]
  leadreel admin referrer <email> <on|off>
  leadreel admin payout <email>
  leadreel admin log [--limit N]
options: --as NAME (who runs it; default the system user)`;

const COMMANDS = ['show', 'plan', 'credits', 'refund', 'referrer', 'payout', 'log'];

/** The running embedded server's address: its password file, and the port in postmaster.pid (4th line). */
async function embeddedUrl(dataDir: string): Promise<string> {
  const password = (await fs.readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  const pid = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => {
    throw new AdminError(`the embedded PostgreSQL of ${dataDir} is not running: start LeadReel first`);
  });
  const port = Number(pid.split('\n')[3]);
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/leadreel`;
}

/** The end of a YYYY-MM-DD day in UTC: a plan opened "until" a day runs through it. */
function endOfDay(day: string): Date {
  const start = Date.parse(`${day}T00:00:00Z`);
  // The round trip refuses days a month does not have (2030-02-31), which Date.parse may roll over.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== day) {
    throw new AdminError(`--until: a date as YYYY-MM-DD, not ${day}`);
  }
  return new Date(start + 86_400_000 - 1000);
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      until: { type: 'string' },
      reason: { type: 'string' },
      limit: { type: 'string' },
      as: { type: 'string' },
    },
  });
  const [command, ...rest] = positionals;
  const operator = values.as ?? process.env.SUDO_USER ?? os.userInfo().username;
  if (!command || !COMMANDS.includes(command)) throw new UsageError();

  // Loaded once the command is known to be one, so a mistyped command answers at once.
  const [
    { pino },
    { parseConfig },
    { createDb },
    { systemClock },
    { createMailer },
    { createServices },
    { openJobs },
    { JOB_KINDS },
  ] = await Promise.all([
    import('pino'),
    import('../config.ts'),
    import('../db/database.ts'),
    import('../lib/clock.ts'),
    import('../modules/mail/mailer.ts'),
    import('../services.ts'),
    import('../modules/jobs/jobs.ts'),
    import('../modules/index.ts'),
  ]);
  const config = parseConfig(process.env);
  const log = pino({ level: 'silent' });
  const url = config.DATABASE_URL ?? (await embeddedUrl(config.dataDir));
  const db = createDb(url, 2);
  // What an action sets off (mails, rebuilding a lapsed account's videos) goes to the server's workers
  // as jobs, written with the action; this process runs none itself.
  const jobs =
    command === 'show' || command === 'log'
      ? undefined
      : await openJobs({ connectionString: url, log, kinds: JOB_KINDS });
  try {
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.dataDir, 'mail'),
      log,
    });
    const { admin } = createServices({ config, db, mailer, clock: systemClock, log, queue: jobs });
    if (command === 'show') {
      const [email] = rest;
      if (!email) throw new UsageError();
      const account = await admin.show(email);
      console.log(
        [
          `${account.email} (${account.id}), ${account.language}, since ${account.createdAt.toISOString().slice(0, 10)}`,
          `plan ${account.plan}, ${account.period}, ${account.periodEnd ? `ends ${account.periodEnd.toISOString()}` : 'no end'}`,
          `storage ${formatSize(account.storage.used)} of ${formatSize(account.storage.cap)}`,
          `traffic ${formatSize(account.traffic.used)} of ${formatSize(account.traffic.cap)} this period`,
          `credits ${account.credits}`,
        ].join('\n'),
      );
    } else if (command === 'plan') {
      const [email, plan] = rest;
      if (!email || !PLAN_TYPES.includes(plan as PlanType)) throw new UsageError();
      const until = values.until ? endOfDay(values.until) : null;
      await admin.openPlan(operator, email, plan as PlanType, until);
      console.log(`${email} is now on ${plan}${until ? ` until ${values.until}` : ''}`);
    } else if (command === 'credits') {
      const [email, amount] = rest;
      if (!email || !amount || !/^\d+$/.test(amount)) throw new UsageError();
      const balance = await admin.grantCredits(operator, email, Number(amount), values.reason ?? '');
      console.log(`${email} has ${balance} credits`);
    } else if (command === 'refund') {
      const [reference] = rest;
      if (!reference) throw new UsageError();
      const order = await admin.refund(operator, reference, values.reason ?? '');
      console.log(
        `${order.invoiceNumber ?? order.orderId} is refunded: ${order.amount} ${order.currency} (minor units)`,
      );
    } else if (command === 'referrer') {
      const [email, on] = rest;
      if (!email || (on !== 'on' && on !== 'off') || rest.length > 2) throw new UsageError();
      await admin.setReferrer(operator, email, on === 'on');
      console.log(`${email} is ${on === 'on' ? 'now' : 'no longer'} a referrer`);
    } else if (command === 'payout') {
      const [email] = rest;
      if (!email || rest.length > 1) throw new UsageError();
      for (const { currency, amount } of await admin.payout(operator, email)) {
        console.log(`${email} is paid out ${amount} ${currency} (minor units)`);
      }
    } else {
      const limit = Number(values.limit ?? 20);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError();
      for (const row of await admin.log(limit)) {
        console.log(
          `${row.created_at.toISOString()} ${row.operator} ${row.action} ${row.account_email ?? '-'} ${JSON.stringify(row.detail)}`,
        );
      }
    }
  } finally {
    await jobs?.stop();
    await db.destroy();
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(USAGE);
    process.exit(2);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
