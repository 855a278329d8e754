import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';

/** A folder of migrations and the table that records which ran: the application's, or analytics' own. */
export type MigrationSet = { dir: string; table: string };

export const APP_MIGRATIONS: MigrationSet = {
  dir: path.join(import.meta.dirname, 'migrations'),
  table: 'kysely_migration',
};

/** Loads `<dir>/<timestamp>_<name>.ts`, each exporting `up` and `down`. */
class FolderMigrationProvider implements MigrationProvider {
  private readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(this.dir)).filter((file) => /^\d{14}_[a-z0-9_]+\.ts$/.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = (await import(path.join(this.dir, file))) as Migration;
    }
    return migrations;
  }
}

function createMigrator(db: Kysely<unknown>, set: MigrationSet): Migrator {
  return new Migrator({
    db,
    provider: new FolderMigrationProvider(set.dir),
    migrationTableName: set.table,
    migrationLockTableName: `${set.table}_lock`,
  });
}

function unwrap(result: MigrationResultSet): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`migration ${failed ?? '(unknown)'} failed: ${String(result.error)}`, { cause: result.error });
  }
  return (result.results ?? []).map((r) => r.migrationName);
}

/** Applies every pending migration; Kysely takes a lock so concurrent servers migrate once. */
export async function migrateToLatest(db: Kysely<unknown>, set = APP_MIGRATIONS): Promise<string[]> {
  return unwrap(await createMigrator(db, set).migrateToLatest());
}

export async function migrateDown(db: Kysely<unknown>, set = APP_MIGRATIONS): Promise<string[]> {
  return unwrap(await createMigrator(db, set).migrateDown());
}
