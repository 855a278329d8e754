import { type Expression, type SqlBool, sql } from 'kysely';
import { badRequest } from '../errors.ts';

/**
 * Cursor pagination over rows ordered newest first by (created_at, id): a page goes on after the last row
 * of the one before, so rows added or deleted meanwhile neither repeat nor skip one (an offset would). The
 * cursor carries that row's time in microseconds, PostgreSQL's own precision (a JavaScript Date would
 * round it and repeat or skip rows made in the same millisecond), and its id.
 */
export type Keyset = { micros: string; id: string };

/** The column to select beside a row so its cursor can be made: its time in microseconds, as text. */
export const cursorAt = (table: string) =>
  sql<string>`(extract(epoch from ${sql.ref(`${table}.created_at`)}) * 1000000)::bigint::text`;

export function encodeCursor(row: { cursor_at: string; id: string }): string {
  return Buffer.from(`${row.cursor_at}.${row.id}`).toString('base64url');
}

const CURSOR = /^(\d{1,19})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The position a cursor names; anything that is not one of ours is a 400. */
export function decodeCursor(cursor: string): Keyset {
  const match = /^[A-Za-z0-9_-]+$/.test(cursor) ? CURSOR.exec(Buffer.from(cursor, 'base64url').toString()) : null;
  if (!match?.[1] || !match[2]) throw badRequest('cursor_invalid', 'cursor');
  return { micros: match[1], id: match[2] };
}

/** The condition "after the cursor" in newest-first order. */
export const afterKeyset = (table: string, after: Keyset): Expression<SqlBool> =>
  sql<SqlBool>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) <
    (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`;

/**
 * One page from `limit + 1` rows fetched in order: the extra row only says there is a next page, whose
 * cursor is the last row kept.
 */
export function keysetPage<R extends { cursor_at: string; id: string }>(rows: R[], limit: number) {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return { rows: kept, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
