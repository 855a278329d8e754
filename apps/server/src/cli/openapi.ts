import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { createDb } from '../db/database.ts';
import { systemClock } from '../lib/clock.ts';
import { createMailer } from '../modules/mail/mailer.ts';

const OUT = path.resolve(import.meta.dirname, '../../openapi.json');

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, sortKeys(inner)]),
    );
  }
  return value;
}

/** Builds the app without a database connection (nothing is queried) and prints its key-sorted OpenAPI document. */
export async function generateOpenApi(): Promise<string> {
  const log = pino({ level: 'silent' });
  const config = parseConfig({ GOOGLE_CLIENT_ID: 'openapi', WEB_DIST: '/nonexistent' });
  const db = createDb('postgres://openapi@127.0.0.1:1/openapi', 1);
  const mailer = createMailer({ from: config.MAIL_FROM, outboxDir: '/nonexistent', log });
  const { app } = await buildApp({ config, db, mailer, clock: systemClock, log });
  await app.ready();
  const document = `${JSON.stringify(sortKeys(app.swagger()), null, 2)}\n`;
  await app.close();
  await db.destroy();
  return document;
}

if (import.meta.main) {
  const document = await generateOpenApi();
  if (process.argv.includes('--check')) {
    const committed = await fs.readFile(OUT, 'utf8').catch(() => '');
    if (committed !== document) {
      process.stderr.write(`${OUT} is out of date: run npm run openapi and commit it\n`);
      process.exit(1);
    }
    process.stdout.write('openapi.json is up to date\n');
  } else {
    await fs.writeFile(OUT, document);
    process.stdout.write(`wrote ${OUT}\n`);
  }
}
