import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { createDb } from '../db/database.ts';
import { systemClock } from '../lib/clock.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { v1Document } from '../modules/public-api/openapi-v1.ts';
import { clientTypes } from './client-types.ts';

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

const CLIENT = path.resolve(import.meta.dirname, '../../../../packages/api-client');

/**
 * Every generated file and its text: the console API's document, the public API's (written from its
 * catalogue), and the typed client's types generated from the latter.
 */
async function generatedFiles(): Promise<[string, string][]> {
  const v1 = v1Document();
  return [
    [OUT, await generateOpenApi()],
    [path.join(CLIENT, 'openapi.json'), `${JSON.stringify(sortKeys(v1), null, 2)}\n`],
    [path.join(CLIENT, 'src/schema.ts'), clientTypes(v1 as unknown as Parameters<typeof clientTypes>[0])],
  ];
}

if (import.meta.main) {
  const files = await generatedFiles();
  if (process.argv.includes('--check')) {
    let stale = false;
    for (const [file, text] of files) {
      if ((await fs.readFile(file, 'utf8').catch(() => '')) !== text) {
        process.stderr.write(`${file} is out of date: run npm run openapi and commit it\n`);
        stale = true;
      }
    }
    if (stale) process.exit(1);
    process.stdout.write('the OpenAPI documents and the client types are up to date\n');
  } else {
    for (const [file, text] of files) {
      await fs.writeFile(file, text);
      process.stdout.write(`wrote ${file}\n`);
    }
  }
}
