import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { lockDataDir, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { type DatabaseTemplates, makeDatabaseTemplates } from './templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * One PostgreSQL for the whole integration run: Debian's PostgreSQL 15 when TEST_DATABASE_URL is set
 * (make test starts one), else the embedded PostgreSQL 18 started through our own code. Each test file
 * makes its own database on it, a copy of templates migrated once (templates.ts).
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('adminDatabaseUrl', external);
    const { templates, drop } = await makeDatabaseTemplates(external);
    project.provide('databaseTemplates', templates);
    return drop;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'leadreel-it-'));
  // PostgreSQL runs as the postgres user, which must be able to enter the folder mkdtemp made 0700.
  await chmod(dataDir, 0o755);
  const log = pino({ level: 'warn' });
  const unlock = await lockDataDir(dataDir);
  const embedded = await startEmbeddedPostgres(dataDir, log);
  const adminUrl = embedded.url.replace(/\/leadreel$/, '/postgres');
  project.provide('adminDatabaseUrl', adminUrl);
  const { templates } = await makeDatabaseTemplates(adminUrl);
  project.provide('databaseTemplates', templates);
  return async () => {
    await embedded.stop();
    await unlock();
    await rm(dataDir, { recursive: true, force: true });
  };
}
