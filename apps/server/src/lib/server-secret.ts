import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

/**
 * A 256-bit key shared by every server process through the database: the first process to ask creates
 * it, the rest read the same one, so a credential signed by one API process verifies on another.
 */
export async function serverSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insertInto('server_secret')
    .values({ name, secret: randomBytes(32) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secret').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
  return row.secret;
}
