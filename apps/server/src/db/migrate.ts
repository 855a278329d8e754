import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Loads `migrations/<timestamp>_<name>.ts`, each exporting `up` and `down`. */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((file) => /^\d{14}_[a-z0-9_]+\.ts$/.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = (await import(path.join(MIGRATIONS_DIR, file))) as Migration;
    }
    return migrations;
  }
}

function createMigrator(db: Kysely<unknown>): Migrator {
  return new Migrator({
    db,
    provider: new FolderMigrationProvider(),
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
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
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateToLatest());
}

export async function migrateDown(db: Kysely<unknown>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateDown());
}
