import { createHash } from 'node:crypto';
import { API_KEYS_MAX, MESSAGES, type PlanType } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { accountOnPlan } from '../../../test/factories.ts';
import { get, post, useTestApp } from '../../../test/helpers.ts';

// API keys, on the real PostgreSQL. `authenticate` is what the public API will call.
const t = useTestApp();

const account = (plan: PlanType = 'Pro') => accountOnPlan(t, plan);
const create = (token: string, body: unknown = { name: 'CRM sync' }) => post(t.app, '/api/api-key/create', body, token);
const rotate = (token: string, id: unknown) => post(t.app, '/api/api-key/change', { id }, token);
const revoke = (token: string, id: unknown) => post(t.app, '/api/api-key/revoke', { id }, token);
const list = (token: string) => get(t.app, '/api/api-key/list', token);
const rowsOf = (accountId: string) =>
  t.db.selectFrom('api_key').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();
const sha256 = (text: string) => createHash('sha256').update(text).digest();

describe('API keys (console)', () => {
  it('creates with the secret shown once, lists without it, rotates and revokes', async () => {
    const owner = await account();
    const created = await create(owner.token, { name: '  CRM sync  ' });
    expect(created.status).toBe(200);
    const { id, secret } = created.body.data;
    expect(secret).toMatch(/^lr_[A-Za-z0-9_-]{43}$/);
    expect(created.body.data).toEqual({
      id,
      name: 'CRM sync',
      prefix: secret.slice(0, 11),
      createdAt: expect.any(Number),
      lastUsedAt: null,
      secret,
    });

    const listed = await list(owner.token);
    expect(listed.body.data).toEqual({
      allowed: true,
      list: [
        { id, name: 'CRM sync', prefix: secret.slice(0, 11), createdAt: created.body.data.createdAt, lastUsedAt: null },
      ],
    });
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(11));

    const rotated = await rotate(owner.token, id);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data).toMatchObject({ id, name: 'CRM sync', lastUsedAt: null });
    expect(rotated.body.data.secret).toMatch(/^lr_[A-Za-z0-9_-]{43}$/);
    expect(rotated.body.data.secret).not.toBe(secret);
    expect(rotated.body.data.prefix).toBe(rotated.body.data.secret.slice(0, 11));

    expect(await revoke(owner.token, id)).toEqual({ status: 200, body: { statusCode: 200, data: null } });
    expect((await list(owner.token)).body.data.list).toEqual([]);
    // Revoked once is gone: neither revoked again nor rotated back to life.
    expect((await revoke(owner.token, id)).body.error).toBe('api_key_not_found');
    expect((await rotate(owner.token, id)).body.error).toBe('api_key_not_found');
  });

  it('stores only the hash of the secret', async () => {
    const owner = await account();
    const { secret } = (await create(owner.token)).body.data;
    const [row] = await rowsOf(owner.accountId);
    expect(Buffer.isBuffer(row?.secret_hash)).toBe(true);
    expect(row?.secret_hash.equals(sha256(secret))).toBe(true);
    const stored = JSON.stringify(row, (_key, value) =>
      value?.type === 'Buffer' ? Buffer.from(value.data).toString('latin1') : value,
    );
    expect(stored).not.toContain(secret.slice(11));
    expect(row?.prefix).toBe(secret.slice(0, 11));
  });

  it("keeps each account to its own keys: another's id is not found, and its key keeps working", async () => {
    const owner = await account();
    const other = await account();
    const { id, secret } = (await create(owner.token)).body.data;
    for (const answer of [await rotate(other.token, id), await revoke(other.token, id)]) {
      expect([answer.status, answer.body.error, answer.body.field]).toEqual([404, 'api_key_not_found', 'id']);
    }
    expect((await list(other.token)).body.data.list).toEqual([]);
    expect(await t.services.apiKeys.authenticate(secret)).toEqual({ accountId: owner.accountId, keyId: id });
    // An id no key has, and one that is not an id at all, are not found either.
    const missing = await rotate(owner.token, '00000000-0000-4000-8000-000000000000');
    expect([missing.status, missing.body.error]).toEqual([404, 'api_key_not_found']);
    const notAnId = await revoke(owner.token, 'not-a-uuid');
    expect([notAnId.status, notAnId.body.error, notAnId.body.field]).toEqual([400, 'api_key_not_found', 'id']);
  });

  it('is refused to plans without canUseApiKey, with the plan message; revoking stays open', async () => {
    for (const plan of ['Free', 'Lite'] as const) {
      const holder = await account(plan);
      expect((await list(holder.token)).body.data).toEqual({ allowed: false, list: [] });
      const refused = await create(holder.token);
      expect(refused).toEqual({
        status: 403,
        body: { statusCode: 403, error: 'api_key_not_allowed', message: MESSAGES.api_key_not_allowed },
      });
    }
    expect(await rowsOf((await account('Free')).accountId)).toEqual([]);

    // A key made on Pro, then the plan lapses to Free: listed, not rotatable, refused by the API, revocable.
    const lapsed = await account('Pro');
    const { id, secret } = (await create(lapsed.token)).body.data;
    await t.db.updateTable('account').set({ plan_type: 'Free' }).where('id', '=', lapsed.accountId).execute();
    expect((await list(lapsed.token)).body.data).toMatchObject({ allowed: false, list: [{ id }] });
    expect((await rotate(lapsed.token, id)).body.error).toBe('api_key_not_allowed');
    expect(await t.services.apiKeys.authenticate(secret)).toEqual({ refused: 'api_key_not_allowed' });
    expect((await rowsOf(lapsed.accountId))[0]?.last_used_at).toBeNull();
    // Upgrading again brings the same key back.
    await t.db.updateTable('account').set({ plan_type: 'Business' }).where('id', '=', lapsed.accountId).execute();
    expect(await t.services.apiKeys.authenticate(secret)).toEqual({ accountId: lapsed.accountId, keyId: id });
    await t.db.updateTable('account').set({ plan_type: 'Free' }).where('id', '=', lapsed.accountId).execute();
    expect((await revoke(lapsed.token, id)).status).toBe(200);
    expect(await t.services.apiKeys.authenticate(secret)).toBeUndefined();
  });

  it('refuses bad bodies with the field and message, and asks for a session', async () => {
    const owner = await account();
    const cases: [unknown, number, string, string | undefined][] = [
      [{ name: '' }, 400, 'api_key_name_required', 'name'],
      [{ name: '   ' }, 400, 'api_key_name_required', 'name'],
      [{}, 400, 'api_key_name_required', 'name'],
      [{ name: null }, 400, 'api_key_name_required', 'name'],
      [{ name: 42 }, 400, 'api_key_name_required', 'name'],
      [{ name: ['a'] }, 400, 'api_key_name_required', 'name'],
      [{ name: 'a'.repeat(61) }, 400, 'api_key_name_too_long', 'name'],
      [{ name: 'CRM\u0000sync' }, 400, 'illegal_input', 'name'],
      [{ name: 'CRM \ud800 sync' }, 400, 'illegal_input', 'name'],
      [{ name: 'CRM', secret: 'lr_mine' }, 400, 'unknown_field', 'secret'],
    ];
    for (const [body, status, error, field] of cases) {
      const answer = await create(owner.token, body);
      expect([answer.status, answer.body.error, answer.body.field], JSON.stringify(body)).toEqual([
        status,
        error,
        field,
      ]);
      expect(answer.body.message, JSON.stringify(body)).toBe(MESSAGES[error as keyof typeof MESSAGES]);
    }
    // A name of exactly 60 characters (after trimming) is fine; the wrong shapes of body are refused.
    expect((await create(owner.token, { name: ` ${'a'.repeat(60)} ` })).status).toBe(200);
    for (const body of [[], 'name', 7, null]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/api-key/create',
        payload: JSON.stringify(body),
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const id of [42, null, '', 'x'.repeat(10_000)]) {
      expect((await rotate(owner.token, id)).status, String(id).slice(0, 10)).toBe(400);
    }
    const extra = await post(
      t.app,
      '/api/api-key/change',
      { id: (await rowsOf(owner.accountId))[0]?.id, x: 1 },
      owner.token,
    );
    expect([extra.status, extra.body.error, extra.body.field]).toEqual([400, 'unknown_field', 'x']);
    expect((await list(owner.token)).body.data.list).toHaveLength(1);

    const signedOut = await create('');
    expect([signedOut.status, signedOut.body.error]).toEqual([403, 'unauthorized']);
    expect((await get(t.app, '/api/api-key/list')).status).toBe(403);
  });

  it(`holds at most ${API_KEYS_MAX} live keys, even when asked at once`, async () => {
    const owner = await account();
    for (let n = 0; n < API_KEYS_MAX - 2; n += 1) expect((await create(owner.token)).status).toBe(200);
    // Five at once for the last two places: the account's lock lets exactly two in.
    const racing = await Promise.all(Array.from({ length: 5 }, () => create(owner.token)));
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 200, 400, 400, 400]);
    const tooMany = await create(owner.token);
    expect(tooMany).toEqual({
      status: 400,
      body: { statusCode: 400, error: 'api_keys_too_many', message: MESSAGES.api_keys_too_many },
    });
    expect((await list(owner.token)).body.data.list).toHaveLength(API_KEYS_MAX);
    // A revoked key frees its place; rotating takes none.
    const [first] = (await list(owner.token)).body.data.list;
    expect((await rotate(owner.token, first.id)).status).toBe(200);
    expect((await revoke(owner.token, first.id)).status).toBe(200);
    expect((await create(owner.token)).status).toBe(200);
    expect((await create(owner.token)).status).toBe(400);
  });
});

describe('authenticate (for the public API)', () => {
  it('answers the account and key of a live secret, and notes its use at most once a minute', async () => {
    const owner = await account();
    const { id, secret } = (await create(owner.token)).body.data;
    const lastUsed = async () => (await rowsOf(owner.accountId))[0]?.last_used_at?.getTime() ?? null;

    expect(await t.services.apiKeys.authenticate(secret)).toEqual({ accountId: owner.accountId, keyId: id });
    const first = await lastUsed();
    expect(first).toBe(t.clock.now().getTime());
    t.clock.advance(30_000);
    await t.services.apiKeys.authenticate(secret);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(31_000);
    await t.services.apiKeys.authenticate(secret);
    expect(await lastUsed()).toBe(t.clock.now().getTime());
    expect((await list(owner.token)).body.data.list[0].lastUsedAt).toBe(Math.floor(t.clock.now().getTime() / 1000));
  });

  it('refuses a rotated, revoked or malformed secret', async () => {
    const owner = await account();
    const { id, secret } = (await create(owner.token)).body.data;
    const rotated = (await rotate(owner.token, id)).body.data.secret as string;
    expect(await t.services.apiKeys.authenticate(secret)).toBeUndefined();
    expect(await t.services.apiKeys.authenticate(rotated)).toEqual({ accountId: owner.accountId, keyId: id });
    await revoke(owner.token, id);
    expect(await t.services.apiKeys.authenticate(rotated)).toBeUndefined();

    const live = (await create(owner.token)).body.data.secret as string;
    const body = live.slice(3);
    const malformed = [
      '',
      '\u0000',
      `lr_${body.slice(0, 42)}\u0000`,
      `lr_${body.slice(0, 42)}\ud800`,
      `${live}\ud800`,
      `${live}A`,
      live.slice(0, -1),
      'x'.repeat(100_000),
      `sk_${body}`,
      `LR_${body}`,
      ` ${live}`,
      `${live}\n`,
      // Shaped like a key, but no key has it.
      `lr_${'A'.repeat(43)}`,
    ];
    for (const candidate of malformed) {
      expect(await t.services.apiKeys.authenticate(candidate), JSON.stringify(candidate.slice(0, 60))).toBeUndefined();
    }
    expect(await t.services.apiKeys.authenticate(live)).toMatchObject({ accountId: owner.accountId });
  });

  it('refuses every key of an account whose keys were all revoked, or that is gone', async () => {
    const owner = await account();
    const secrets = [(await create(owner.token)).body.data.secret, (await create(owner.token)).body.data.secret];
    await t.services.apiKeys.revokeAll(owner.accountId);
    for (const secret of secrets) expect(await t.services.apiKeys.authenticate(secret)).toBeUndefined();
    expect((await list(owner.token)).body.data.list).toEqual([]);

    const gone = await account();
    const secret = (await create(gone.token)).body.data.secret;
    await t.db.deleteFrom('account').where('id', '=', gone.accountId).execute();
    expect(await t.services.apiKeys.authenticate(secret)).toBeUndefined();
    expect(await rowsOf(gone.accountId)).toEqual([]);
  });

  it('forgets revoked keys after 30 days', async () => {
    const owner = await account();
    const kept = (await create(owner.token)).body.data;
    const dropped = (await create(owner.token)).body.data;
    await revoke(owner.token, dropped.id);
    await t.services.apiKeys.sweep();
    expect(await rowsOf(owner.accountId)).toHaveLength(2);
    t.clock.advance(31 * 86_400_000);
    await t.services.apiKeys.sweep();
    expect((await rowsOf(owner.accountId)).map((row) => row.id)).toEqual([kept.id]);
  });
});
