import { MESSAGES, type PlanType } from '@leadreel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedKeys } from '../../../test/account-deletion.ts';
import { accountOnPlan } from '../../../test/factories.ts';
import { type FakeDns, fakeDns } from '../../../test/fakes/dns.ts';
import { createTestApp, get, post, type TestApp } from '../../../test/helpers.ts';

// Custom domains through the console's routes, on the real PostgreSQL, with a DNS server on loopback
// (docs/product.md "Custom domains"). Without a queue, each add's first check runs at once.
const OWN_HOST = 'leadreel.test';
const TARGET = 'edge.leadreel.test';
let dns: FakeDns;
let t: TestApp;
beforeAll(async () => {
  dns = await fakeDns();
  t = await createTestApp({
    PUBLIC_URL: `https://${OWN_HOST}`,
    CUSTOM_DOMAIN_TARGET: TARGET,
    DNS_SERVERS: dns.server,
    DNS_TIMEOUT_MS: '200',
  });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const account = (plan: PlanType = 'Pro') => accountOnPlan(t, plan);
const list = (token: string) => get(t.app, '/api/vod/cname/list', token);
const add = (token: string, domain: unknown) => post(t.app, '/api/vod/cname/add', { domain }, token);
const del = (token: string, id: unknown) => post(t.app, '/api/vod/cname/del', { id }, token);
const retry = (token: string, id: unknown) => post(t.app, '/api/vod/cname/retry', { id }, token);
const cancel = (token: string, id: unknown) => post(t.app, '/api/vod/cname/cancel', { id }, token);
const reset = (token: string, id: unknown, domain: unknown) =>
  post(t.app, '/api/vod/cname/reset', { id, domain }, token);
const bind = (token: string, id: unknown, folderId: unknown) =>
  post(t.app, '/api/vod/cname/folder', { id, folderId }, token);
const favicon = (token: string, id: unknown, image: unknown) =>
  post(t.app, '/api/vod/cname/favicon', { id, image }, token);
const rowsOf = (accountId: string) =>
  t.db.selectFrom('custom_domain').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();
const rowOf = (id: string) =>
  t.db.selectFrom('custom_domain').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const publish = (domain: string, txtValue: string) => {
  dns.set(domain, { CNAME: TARGET });
  dns.set(`_leadreel.${domain}`, { TXT: [txtValue] });
};
const seconds = () => Math.floor(t.clock.now().getTime() / 1000);
let counter = 0;
const unique = (label = 'video') => {
  counter += 1;
  return `${label}${counter}.acme${counter}.test`;
};

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 1)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40, 2)]);

describe('custom domains: adding', () => {
  it('adds a domain with its records to publish, lists it with the cap and the target, and checks it at once', async () => {
    const owner = await account();
    const added = await add(owner.token, 'Video.ACME.test.');
    expect(added.status).toBe(200);
    const domain = added.body.data;
    expect(domain).toEqual({
      id: expect.any(String),
      cname: 'video.acme.test',
      cnameValue: TARGET,
      txtName: '_leadreel.video.acme.test',
      txtValue: expect.stringMatching(/^leadreel-verify=[A-Za-z0-9_-]{32}$/),
      status: 'verifying',
      active: false,
      // The first check ran: nothing is published yet, and it says which records are missing.
      failReasons: [
        { code: 'cname_missing', values: { name: 'video.acme.test', target: TARGET } },
        { code: 'txt_missing', values: { name: '_leadreel.video.acme.test', value: expect.any(String) } },
      ],
      replacesId: null,
      folderId: null,
      faviconUrl: null,
      createdAt: seconds(),
      checkedAt: seconds(),
      verifiedAt: null,
      nextCheckAt: seconds() + 60,
    });
    expect(domain.failReasons[1].values.value).toBe(domain.txtValue);
    const row = await rowOf(domain.id);
    expect(row.verify_until?.getTime()).toBe(t.clock.now().getTime() + 48 * 3_600_000);
    expect(row.attempts).toBe(1);
    expect((await list(owner.token)).body.data).toEqual({ list: [domain], cap: 3, target: TARGET });

    publish('video.acme.test', domain.txtValue);
    await t.services.domains.check(domain.id);
    const [verified] = (await list(owner.token)).body.data.list;
    expect(verified).toMatchObject({ status: 'verified', active: true, failReasons: [], verifiedAt: seconds() });
  });

  it('normalises what was typed, and refuses what is not a domain name, each with its message', async () => {
    const owner = await account();
    const idn = await add(owner.token, 'vidéo.acme.test');
    expect([idn.status, idn.body.data.cname]).toEqual([200, 'xn--vido-dpa.acme.test']);
    const cases: [unknown, string][] = [
      ['192.0.2.1', 'domain_ip'],
      ['[2001:db8::1]', 'domain_ip'],
      ['2001:db8::1', 'domain_ip'],
      ['video.acme.test:8443', 'domain_invalid'],
      ['video.acme.test/watch', 'domain_invalid'],
      ['https://video.acme.test', 'domain_invalid'],
      ['*.acme.test', 'domain_invalid'],
      ['video..acme.test', 'domain_invalid'],
      ['-video.acme.test', 'domain_invalid'],
      ['video', 'domain_invalid'],
      ['localhost', 'domain_invalid'],
      ['video.localhost', 'domain_reserved'],
      [OWN_HOST, 'domain_reserved'],
      [`${OWN_HOST.toUpperCase()}.`, 'domain_reserved'],
      [TARGET, 'domain_reserved'],
      [`pages.${OWN_HOST}`, 'domain_reserved'],
      ['', 'domain_required'],
      ['   ', 'domain_required'],
      [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}.test`, 'domain_invalid'],
      [`${'a'.repeat(64)}.test`, 'domain_invalid'],
      ['vid\u0000eo.acme.test', 'illegal_input'],
      ['vid\ud800eo.acme.test', 'illegal_input'],
      [42, 'domain_required'],
      [null, 'domain_required'],
      [['video.acme.test'], 'domain_required'],
      [{ domain: 'video.acme.test' }, 'domain_required'],
    ];
    for (const [domain, error] of cases) {
      const refused = await add(owner.token, domain);
      expect([refused.status, refused.body.error, refused.body.field], JSON.stringify(domain)).toEqual([
        400,
        error,
        'domain',
      ]);
      expect(refused.body.message, JSON.stringify(domain)).toBe(MESSAGES[error as keyof typeof MESSAGES]);
    }
    const extra = await post(t.app, '/api/vod/cname/add', { domain: 'ok.acme.test', token: 'mine' }, owner.token);
    expect([extra.status, extra.body.error, extra.body.field]).toEqual([400, 'unknown_field', 'token']);
    expect((await rowsOf(owner.accountId)).map((row) => row.domain)).toEqual(['xn--vido-dpa.acme.test']);
    // The longest name DNS carries (253 characters) is fine.
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(56)}.test`;
    expect(longest).toHaveLength(253);
    expect((await add(owner.token, longest)).status).toBe(200);
  });

  it('gives a domain to one account at a time, in any state: verifying, verified or failed', async () => {
    const owner = await account();
    const other = await account();
    const domain = unique();
    const mine = (await add(owner.token, domain)).body.data;
    const refused = await add(other.token, domain.toUpperCase());
    expect(refused).toEqual({
      status: 409,
      body: { statusCode: 409, error: 'domain_taken', field: 'domain', message: MESSAGES.domain_taken },
    });
    expect((await add(owner.token, domain)).body.error).toBe('domain_taken');
    publish(domain, mine.txtValue);
    await t.services.domains.check(mine.id);
    expect((await rowOf(mine.id)).status).toBe('verified');
    expect((await add(other.token, domain)).body.error).toBe('domain_taken');
    expect((await cancel(owner.token, mine.id)).body.error).toBe('domain_not_verifying');
    expect(await rowsOf(other.accountId)).toEqual([]);

    // Removed, the name is free again: anyone adding it gets a new token and starts afresh.
    expect(await del(owner.token, mine.id)).toEqual({ status: 200, body: { statusCode: 200, data: null } });
    expect(await t.services.domains.resolveHost(domain)).toBeNull();
    const again = (await add(owner.token, domain)).body.data;
    expect(again.id).not.toBe(mine.id);
    expect(again.txtValue).not.toBe(mine.txtValue);
    expect(again).toMatchObject({ status: 'verifying', active: false, verifiedAt: null });
    expect((await rowOf(again.id)).attempts).toBe(1);
  });

  it(`stops at the plan's cap however often it is asked, and at once`, async () => {
    const owner = await account('Pro');
    const answers: number[] = [];
    for (let n = 0; n < 1000; n += 1) {
      const answer = await add(owner.token, `v${n}.cap.test`);
      answers.push(answer.status);
      if (answer.status !== 200) {
        expect(answer.body).toEqual({
          statusCode: 400,
          error: 'domains_too_many',
          message: MESSAGES.domains_too_many,
        });
      }
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(3);
    expect(answers.slice(0, 3)).toEqual([200, 200, 200]);
    expect(await rowsOf(owner.accountId)).toHaveLength(3);

    // Lite holds one; ten at once for its one place let exactly one in.
    const lite = await account('Lite');
    const racing = await Promise.all(Array.from({ length: 10 }, (_, n) => add(lite.token, `r${n}.race.test`)));
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    expect(await rowsOf(lite.accountId)).toHaveLength(1);
    expect((await list(lite.token)).body.data.cap).toBe(1);
    // Removing one frees its place.
    await del(owner.token, (await rowsOf(owner.accountId))[0]?.id);
    expect((await add(owner.token, 'freed.cap.test')).status).toBe(200);
  });

  it("is a paid plan's: Free is refused the list and every change, with the plan message", async () => {
    const free = await account('Free');
    const refused = { statusCode: 403, error: 'domain_not_allowed', message: MESSAGES.domain_not_allowed };
    expect(await list(free.token)).toEqual({ status: 403, body: refused });
    expect(await add(free.token, unique())).toEqual({ status: 403, body: refused });
    expect(await rowsOf(free.accountId)).toEqual([]);

    // A plan that lapsed to Free: its domain is not listed nor changed, but can be given up.
    const lapsed = await account('Pro');
    const { id } = (await add(lapsed.token, unique())).body.data;
    await t.db.updateTable('account').set({ plan_type: 'Free' }).where('id', '=', lapsed.accountId).execute();
    expect((await list(lapsed.token)).status).toBe(403);
    for (const answer of [
      await retry(lapsed.token, id),
      await reset(lapsed.token, id, unique()),
      await bind(lapsed.token, id, null),
      await favicon(lapsed.token, id, PNG.toString('base64')),
    ]) {
      expect(answer.body.error).toBe('domain_not_allowed');
    }
    expect((await cancel(lapsed.token, id)).body.data.status).toBe('fail');
    expect((await del(lapsed.token, id)).status).toBe(200);
    expect(await rowsOf(lapsed.accountId)).toEqual([]);
  });

  it('is closed from the Frozen period on, where the domains are still listed and may be given up', async () => {
    const owner = await account('Business');
    const kept = (await add(owner.token, unique())).body.data;
    t.clock.advance(1000);
    const given = (await add(owner.token, unique())).body.data;
    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('id', '=', owner.accountId).execute();
    const period = { statusCode: 403, error: 'plan_period', message: MESSAGES.plan_period };
    expect(await add(owner.token, unique())).toEqual({ status: 403, body: period });
    for (const answer of [
      await retry(owner.token, kept.id),
      await reset(owner.token, kept.id, unique()),
      await bind(owner.token, kept.id, owner.folderId),
      await favicon(owner.token, kept.id, PNG.toString('base64')),
    ]) {
      expect(answer).toEqual({ status: 403, body: period });
    }
    expect((await list(owner.token)).body.data).toMatchObject({ cap: 10, list: [{ id: kept.id }, { id: given.id }] });
    expect((await del(owner.token, given.id)).status).toBe(200);
    expect((await rowsOf(owner.accountId)).map((row) => [row.id, row.folder_id, row.favicon])).toEqual([
      [kept.id, null, null],
    ]);
  });
});

describe('custom domains: each domain', () => {
  it("answers another account's domain as not found on every route, and changes nothing", async () => {
    const owner = await account();
    const stranger = await account();
    const { id } = (await add(owner.token, unique())).body.data;
    const before = await rowsOf(owner.accountId);
    const notFound = { statusCode: 404, error: 'domain_not_found', field: 'id', message: MESSAGES.domain_not_found };
    for (const answer of [
      await del(stranger.token, id),
      await retry(stranger.token, id),
      await cancel(stranger.token, id),
      await reset(stranger.token, id, unique()),
      await bind(stranger.token, id, null),
      await bind(stranger.token, id, stranger.folderId),
      await favicon(stranger.token, id, PNG.toString('base64')),
    ]) {
      expect(answer).toEqual({ status: 404, body: notFound });
    }
    expect(await rowsOf(owner.accountId)).toEqual(before);
    expect(await rowsOf(stranger.accountId)).toEqual([]);
    expect((await list(stranger.token)).body.data.list).toEqual([]);
    // An id no domain has is the same 404; one that is not an id is a 400 naming the field.
    expect((await del(owner.token, '00000000-0000-4000-8000-000000000000')).body.error).toBe('domain_not_found');
    const notAnId = await retry(owner.token, 'not-a-uuid');
    expect([notAnId.status, notAnId.body.error, notAnId.body.field]).toEqual([400, 'domain_not_found', 'id']);
  });

  it('retries a verifying or failed domain with a new 48 h window, and cancels only a verifying one', async () => {
    const owner = await account();
    const domain = (await add(owner.token, unique())).body.data;
    const canceled = await cancel(owner.token, domain.id);
    expect(canceled.body.data).toMatchObject({
      status: 'fail',
      failReasons: [{ code: 'canceled', values: {} }],
      nextCheckAt: null,
    });
    expect(await cancel(owner.token, domain.id)).toEqual({
      status: 409,
      body: { statusCode: 409, error: 'domain_not_verifying', field: 'id', message: MESSAGES.domain_not_verifying },
    });
    // A canceled domain is never checked again on its own.
    t.clock.advance(3 * 3_600_000);
    await t.services.domains.checkDue();
    const lastChecked = (await rowOf(domain.id)).checked_at as Date;
    expect(Math.floor(lastChecked.getTime() / 1000)).toBe(domain.checkedAt);
    expect(t.clock.now().getTime() - lastChecked.getTime()).toBeGreaterThanOrEqual(3 * 3_600_000);

    const retried = await retry(owner.token, domain.id);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'verifying', checkedAt: seconds(), nextCheckAt: seconds() + 60 });
    const row = await rowOf(domain.id);
    expect([row.attempts, row.verify_until?.getTime()]).toEqual([1, t.clock.now().getTime() + 48 * 3_600_000]);

    publish(domain.cname, retried.body.data.txtValue);
    expect((await retry(owner.token, domain.id)).body.data).toMatchObject({ status: 'verified', active: true });
    expect((await retry(owner.token, domain.id)).body.error).toBe('domain_not_verifying');
    expect((await cancel(owner.token, domain.id)).body.error).toBe('domain_not_verifying');
  });

  it('reads a reason stored in words before reasons were codes: cancelled as canceled, others as they were', async () => {
    const owner = await account();
    const domain = (await add(owner.token, unique())).body.data;
    const stored = async (failReason: string) => {
      await t.db.updateTable('custom_domain').set({ fail_reason: failReason }).where('id', '=', domain.id).execute();
      return (await list(owner.token)).body.data.list[0].failReasons;
    };
    expect(await stored('Verification canceled')).toEqual([{ code: 'canceled', values: {} }]);
    const words = `There is no TXT record at _leadreel.${domain.cname}: add one with the value ${domain.txtValue}.`;
    expect(await stored(words)).toEqual([{ code: 'other', values: { text: words } }]);
    // JSON that is not a list of reasons is words too.
    expect(await stored('{"code":"txt_missing"}')).toEqual([
      { code: 'other', values: { text: '{"code":"txt_missing"}' } },
    ]);
  });

  it('binds a folder of the account, not of another, and unbinds', async () => {
    const owner = await account();
    const other = await account();
    const { id } = (await add(owner.token, unique())).body.data;
    const folder = (await post(t.app, '/api/vod/video/folder/add', { name: 'Launch' }, owner.token)).body.data;
    expect(folder.folderId).toEqual(expect.any(String));
    expect((await bind(owner.token, id, folder.folderId)).body.data).toMatchObject({ id, folderId: folder.folderId });
    for (const folderId of [other.folderId, '00000000-0000-4000-8000-000000000000']) {
      const refused = await bind(owner.token, id, folderId);
      expect([refused.status, refused.body.error, refused.body.field]).toEqual([404, 'folder_invalid', 'folderId']);
    }
    expect((await bind(owner.token, id, 'nope')).body.error).toBe('folder_invalid');
    expect((await rowOf(id)).folder_id).toBe(folder.folderId);
    expect((await bind(owner.token, id, null)).body.data.folderId).toBeNull();
    expect((await rowOf(id)).folder_id).toBeNull();
  });

  it('keeps a favicon (JPG or PNG by its bytes, at most 2 MB), serves it, and replaces it', async () => {
    const owner = await account();
    const { id } = (await add(owner.token, unique())).body.data;
    const saved = await favicon(owner.token, id, PNG.toString('base64'));
    expect(saved.status).toBe(200);
    const url = saved.body.data.faviconUrl as string;
    expect(url).toMatch(new RegExp(`^/brand-media/domain/${id}/favicon-[0-9a-f]{16}\\.png$`));
    const served = await t.app.inject({ method: 'GET', url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const replaced = (await favicon(owner.token, id, JPG.toString('base64'))).body.data.faviconUrl as string;
    expect(replaced).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: replaced })).rawPayload.equals(JPG)).toBe(true);
    for (const probe of [url.replace(id, '00000000-0000-4000-8000-000000000000'), '/brand-media/domain/x/y']) {
      expect((await t.app.inject({ method: 'GET', url: probe })).statusCode).toBe(404);
    }

    const gif = Buffer.from('GIF89a....................');
    const cases: [string, string][] = [
      [gif.toString('base64'), 'image_file_invalid'],
      ['not an image at all', 'image_file_invalid'],
      [Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]).toString('base64'), 'image_too_large'],
      ['', 'image_file_invalid'],
    ];
    for (const [image, error] of cases) {
      const refused = await favicon(owner.token, id, image);
      expect([refused.status, refused.body.error], error).toEqual([400, error]);
    }
    expect((await list(owner.token)).body.data.list[0].faviconUrl).toBe(replaced);
    // Its files live under the account's media, which account deletion erases whole.
    expect(await storedKeys(t, owner.accountId)).toEqual([
      expect.stringMatching(new RegExp(`^media/${owner.accountId}/domains/${id}/favicon-[0-9a-f]{16}\\.jpg/image$`)),
    ]);
    expect((await del(owner.token, id)).status).toBe(200);
    expect(await storedKeys(t, owner.accountId)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: replaced })).statusCode).toBe(404);
  });

  it('goes with its account, files and all', async () => {
    const owner = await account();
    const { id } = (await add(owner.token, unique())).body.data;
    await favicon(owner.token, id, PNG.toString('base64'));
    expect(await storedKeys(t, owner.accountId)).toHaveLength(1);
    const deletion = {
      reason: 'switching',
      note: '',
      agreed: true,
      phrase: owner.email,
    };
    expect((await post(t.app, '/api/account/delete', deletion, owner.token)).status).toBe(200);
    t.clock.advance(15 * 86_400_000);
    await t.services.accountDeletion.run();
    expect(await rowsOf(owner.accountId)).toEqual([]);
    expect(await storedKeys(t, owner.accountId)).toEqual([]);
  });

  it('asks for a session', async () => {
    expect((await list('')).status).toBe(403);
    expect((await add('', unique())).status).toBe(403);
  });
});
