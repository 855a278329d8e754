import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOnPlan } from '../../../test/factories.ts';
import { type FakeDns, fakeDns } from '../../../test/fakes/dns.ts';
import { createTestApp, get, mailsTo, post, type TestApp } from '../../../test/helpers.ts';
import { createDb } from '../../db/database.ts';
import type { JobKind, JobQueue } from '../jobs/jobs.ts';
import { DOMAIN_CHECK, DOMAIN_LOST_MAIL } from './domains.jobs.ts';

// How custom domains are checked against DNS (docs/product.md "Custom domains"): a DNS server on loopback
// holds each test's records, the test clock moves the window and the daily re-check, and Caddy's ask is
// answered from the database alone.
const OWN_HOST = 'leadreel.test';
const TARGET = 'edge.leadreel.test';
const TARGET_V4 = '192.0.2.10';
const TARGET_V6 = '2001:db8::10';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let dns: FakeDns;
let t: TestApp;
beforeAll(async () => {
  dns = await fakeDns();
  t = await createTestApp({
    PUBLIC_URL: `https://${OWN_HOST}`,
    CUSTOM_DOMAIN_TARGET: TARGET,
    DNS_SERVERS: dns.server,
    DNS_TIMEOUT_MS: '150',
  });
  dns.set(TARGET, { A: [TARGET_V4], AAAA: [TARGET_V6] });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

let counter = 0;
const unique = () => {
  counter += 1;
  return `video${counter}.acme${counter}.test`;
};
const add = (token: string, domain: string) => post(t.app, '/api/vod/cname/add', { domain }, token);
const listOf = async (token: string) => (await get(t.app, '/api/vod/cname/list', token)).body.data.list;
const rowOf = (id: string) => t.db.selectFrom('custom_domain').selectAll().where('id', '=', id).executeTakeFirst();
const publish = (domain: string, txtValue: string, cname = TARGET) => {
  dns.set(domain, { CNAME: cname });
  dns.set(`_leadreel.${domain}`, { TXT: [txtValue] });
};
const ask = (domain?: string) =>
  t.app.inject({
    method: 'GET',
    url: domain === undefined ? '/tls/ask' : `/tls/ask?domain=${encodeURIComponent(domain)}`,
    remoteAddress: '127.0.0.1',
    headers: { host: '127.0.0.1:8080' },
  });

/** An account on Pro with one domain, its records published and checked: verified and serving. */
async function verifiedDomain(language?: 'zh_CN') {
  const owner = await accountOnPlan(t, 'Pro');
  if (language) await t.db.updateTable('account').set({ language }).where('id', '=', owner.accountId).execute();
  const domain = unique();
  const added = (await add(owner.token, domain)).body.data;
  publish(domain, added.txtValue);
  await t.services.domains.check(added.id);
  expect((await rowOf(added.id))?.status).toBe('verified');
  return { owner, domain, id: added.id as string, txtValue: added.txtValue as string };
}

describe('verification', () => {
  it('verifies a domain whose CNAME and TXT are published, and the site layer then finds it by its host', async () => {
    const { owner, domain, id } = await verifiedDomain();
    expect(await t.services.domains.resolveHost(domain)).toEqual({
      id,
      accountId: owner.accountId,
      domain,
      folderId: null,
      faviconPath: null,
    });
    // As a Host header may carry it: uppercase, a port, a trailing dot.
    for (const host of [domain.toUpperCase(), `${domain}:443`, `${domain}.`, `${domain.toUpperCase()}.:8443`]) {
      expect((await t.services.domains.resolveHost(host))?.id, host).toBe(id);
    }
    for (const host of ['', 'nope.acme.test', `x.${domain}`, `${domain}\u0000`, '[::1]:80', 'a'.repeat(300)]) {
      expect(await t.services.domains.resolveHost(host), host.slice(0, 20)).toBeNull();
    }
    expect(await t.services.domains.activeForAccount(owner.accountId)).toEqual([{ id, domain, folderId: null }]);
    expect(await t.services.domains.allowCertificate(domain)).toBe(true);
    const [listed] = await listOf(owner.token);
    expect(listed).toMatchObject({ status: 'verified', active: true, failReasons: [] });
    // Checked again in a day.
    expect(listed.nextCheckAt - listed.verifiedAt).toBe(86_400);
  });

  it('accepts a CNAME written with a trailing dot or in capitals', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const domain = unique();
    const added = (await add(owner.token, domain)).body.data;
    publish(domain, added.txtValue, `${TARGET.toUpperCase()}.`);
    await t.services.domains.check(added.id);
    expect((await rowOf(added.id))?.status).toBe('verified');
  });

  it('keeps a domain verifying with the reason while a record is missing, backs off, then fails after 48 hours', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const domain = unique();
    const added = (await add(owner.token, domain)).body.data;
    dns.set(domain, { CNAME: TARGET });
    const delays: number[] = [];
    let row = await rowOf(added.id);
    for (let n = 0; n < 8; n += 1) {
      const due = row?.next_check_at as Date;
      delays.push((due.getTime() - (row?.checked_at ?? new Date(Number.NaN)).getTime()) / MINUTE);
      t.clock.advance(due.getTime() - t.clock.now().getTime());
      expect(await t.services.domains.checkDue()).toBeGreaterThanOrEqual(1);
      row = await rowOf(added.id);
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(row).toMatchObject({
      status: 'verifying',
      active: false,
      attempts: 9,
    });
    expect(JSON.parse(row?.fail_reason ?? '')).toEqual([
      { code: 'txt_missing', values: { name: `_leadreel.${domain}`, value: added.txtValue } },
    ]);

    // The last check falls at the window's end; failing then, the domain fails for good.
    t.clock.advance((row?.verify_until ?? new Date(Number.NaN)).getTime() - t.clock.now().getTime() - MINUTE);
    await t.services.domains.checkDue();
    row = await rowOf(added.id);
    expect(row?.next_check_at?.getTime()).toBe(row?.verify_until?.getTime());
    t.clock.advance(MINUTE);
    await t.services.domains.checkDue();
    const [failed] = await listOf(owner.token);
    expect(failed).toMatchObject({
      status: 'fail',
      active: false,
      nextCheckAt: null,
      failReasons: JSON.parse(row?.fail_reason ?? ''),
    });
    // Publishing the record now changes nothing on its own: it is not checked again until retried.
    publish(domain, added.txtValue);
    t.clock.advance(2 * 86_400_000);
    await t.services.domains.checkDue();
    expect((await rowOf(added.id))?.status).toBe('fail');
    expect((await post(t.app, '/api/vod/cname/retry', { id: added.id }, owner.token)).body.data.status).toBe(
      'verified',
    );
  });

  it('says which record is wrong, by a code with its names and values, for the console to word', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const domain = unique();
    const added = (await add(owner.token, domain)).body.data;
    const txtName = `_leadreel.${domain}`;
    const reasonsWith = async (records: () => void) => {
      records();
      await t.services.domains.check(added.id);
      return (await listOf(owner.token))[0].failReasons;
    };
    expect(
      await reasonsWith(() => {
        dns.set(domain, { CNAME: 'elsewhere.example.test' });
        dns.set(txtName, { TXT: [added.txtValue] });
      }),
    ).toEqual([{ code: 'cname_wrong', values: { name: domain, found: 'elsewhere.example.test', target: TARGET } }]);
    expect(
      await reasonsWith(() => {
        dns.set(domain, { CNAME: TARGET });
        dns.set(txtName, { TXT: ['v=spf1 -all', 'leadreel-verify=someone-else'] });
      }),
    ).toEqual([{ code: 'txt_wrong', values: { name: txtName, value: added.txtValue } }]);
    expect(
      await reasonsWith(() => {
        dns.remove(domain);
        dns.remove(txtName);
      }),
    ).toEqual([
      { code: 'cname_missing', values: { name: domain, target: TARGET } },
      { code: 'txt_missing', values: { name: txtName, value: added.txtValue } },
    ]);
    dns.set(domain, { CNAME: TARGET });
    dns.mode = 'servfail';
    try {
      expect(await reasonsWith(() => undefined)).toEqual([
        { code: 'dns_unanswered', values: { name: domain, problem: 'servfail' } },
        { code: 'dns_unanswered', values: { name: txtName, problem: 'servfail' } },
      ]);
    } finally {
      dns.mode = 'answer';
    }
  });

  it("is not verified by another account's token", async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const other = await accountOnPlan(t, 'Pro');
    const domain = unique();
    const mine = (await add(owner.token, domain)).body.data;
    const theirs = (await add(other.token, unique())).body.data;
    publish(domain, theirs.txtValue);
    await t.services.domains.check(mine.id);
    expect(await rowOf(mine.id)).toMatchObject({ status: 'verifying', active: false });
    expect(await t.services.domains.resolveHost(domain)).toBeNull();
    publish(domain, mine.txtValue);
    await t.services.domains.check(mine.id);
    expect((await rowOf(mine.id))?.status).toBe('verified');
  });

  it("verifies an apex domain by its addresses when they are the target's, not others", async () => {
    const owner = await accountOnPlan(t, 'Pro');
    counter += 1;
    const apex = `apex${counter}.test`;
    const added = (await add(owner.token, apex)).body.data;
    dns.set(`_leadreel.${apex}`, { TXT: [added.txtValue] });
    dns.set(apex, { A: [TARGET_V4, '198.51.100.7'] });
    await t.services.domains.check(added.id);
    expect((await listOf(owner.token))[0].failReasons).toEqual([
      { code: 'apex_addresses', values: { name: apex, found: '192.0.2.10, 198.51.100.7', target: TARGET } },
    ]);
    dns.set(apex, { A: [TARGET_V4], AAAA: [TARGET_V6] });
    await t.services.domains.check(added.id);
    expect((await rowOf(added.id))?.status).toBe('verified');
  });

  it('sends a check job at once when there is a queue, the row due now in case the job is lost', async () => {
    const sent: { kind: string; data: unknown }[] = [];
    const queue: JobQueue = {
      async send<T extends object>(kind: JobKind<T>, data: T) {
        sent.push({ kind: kind.name, data });
      },
    };
    const queued = await createTestApp(
      { PUBLIC_URL: `https://${OWN_HOST}`, DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: '150' },
      { queue },
    );
    try {
      const owner = await accountOnPlan(queued, 'Pro');
      const added = await post(queued.app, '/api/vod/cname/add', { domain: unique() }, owner.token);
      expect(added.body.data).toMatchObject({ status: 'verifying', checkedAt: null });
      expect(added.body.data.nextCheckAt).toBe(Math.floor(queued.clock.now().getTime() / 1000));
      expect(sent).toEqual([{ kind: DOMAIN_CHECK.name, data: { domainId: added.body.data.id } }]);

      // A lost domain's mail is a job of its own, retried while the transport fails.
      const domain = added.body.data.cname as string;
      publish(domain, added.body.data.txtValue, 'leadreel.test');
      await queued.services.domains.check(added.body.data.id);
      dns.remove(domain);
      queued.clock.advance(24 * HOUR);
      await queued.services.domains.checkDue();
      const lost = sent.find((job) => job.kind === DOMAIN_LOST_MAIL.name);
      expect(lost?.data).toEqual({
        accountId: owner.accountId,
        domain,
        reasons: [{ code: 'cname_missing', values: { name: domain, target: OWN_HOST } }],
        at: queued.clock.now().toISOString(),
      });
      const lostMails = async () =>
        (await mailsTo(queued.outbox, owner.email)).filter((mail) => mail.subject?.includes(domain));
      expect(await lostMails()).toEqual([]);
      await queued.services.domains.mailLost(lost?.data as Parameters<typeof queued.services.domains.mailLost>[0]);
      expect(await lostMails()).toHaveLength(1);
    } finally {
      await queued.close();
    }
  });
  it("is checked by the real queue's worker, as in production", async () => {
    const real = await createTestApp(
      { PUBLIC_URL: `https://${OWN_HOST}`, DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: '150' },
      { media: true },
    );
    try {
      const owner = await accountOnPlan(real, 'Pro');
      const added = (await post(real.app, '/api/vod/cname/add', { domain: unique() }, owner.token)).body.data;
      const rowWhen = async (done: (row: Awaited<ReturnType<typeof rowOf>>) => boolean) => {
        for (let waited = 0; waited < 30_000; waited += 100) {
          const row = await real.db
            .selectFrom('custom_domain')
            .selectAll()
            .where('id', '=', added.id)
            .executeTakeFirst();
          if (done(row)) return row;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error('the worker did not check the domain');
      };
      expect(await rowWhen((row) => row?.attempts === 1)).toMatchObject({ status: 'verifying' });
      publish(added.cname, added.txtValue, OWN_HOST);
      expect((await post(real.app, '/api/vod/cname/retry', { id: added.id }, owner.token)).status).toBe(200);
      expect(await rowWhen((row) => row?.status === 'verified')).toMatchObject({ active: true });
    } finally {
      await real.close();
    }
  });
});

describe('the daily re-check', () => {
  it('turns off a domain whose CNAME is gone, and mails its owner in their language', async () => {
    for (const language of [undefined, 'zh_CN'] as const) {
      const { owner, domain, id } = await verifiedDomain(language);
      dns.set(domain, { A: ['203.0.113.9'] });
      // Not before its day is up.
      t.clock.advance(23 * HOUR);
      await t.services.domains.checkDue();
      expect((await rowOf(id))?.status).toBe('verified');
      t.clock.advance(HOUR);
      await t.services.domains.checkDue();
      expect(await rowOf(id)).toMatchObject({ status: 'fail', active: false, next_check_at: null });
      expect(JSON.parse((await rowOf(id))?.fail_reason ?? '')).toEqual([
        { code: 'apex_addresses', values: { name: domain, found: '203.0.113.9', target: TARGET } },
      ]);
      expect(await t.services.domains.resolveHost(domain)).toBeNull();
      expect(await t.services.domains.allowCertificate(domain)).toBe(false);
      const mails = (await mailsTo(t.outbox, owner.email)).filter((mail) => mail.subject?.includes(domain));
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      // What the check found, in the account's language, with the names and addresses as DNS has them.
      if (language === 'zh_CN') {
        expect(mail?.subject).toBe(`${domain} 已不再展示您的 LeadReel 视频`);
        expect(mail?.text).toContain(
          `检查结果：\n\n${domain} 没有 CNAME 记录：请添加一条指向 ${TARGET} 的记录（根域名也可以添加与 ${TARGET} 地址相同的 A/AAAA 记录；它现在的地址是 203.0.113.9）。\n\n`,
        );
        expect(mail?.text).not.toMatch(/There is|CNAME record/);
      } else {
        expect(mail?.subject).toBe(`${domain} no longer shows your LeadReel videos`);
        expect(mail?.text).toContain(
          `What the check found:\n\nThere is no CNAME record for ${domain}: add one pointing to ${TARGET} (or, for a root domain, A/AAAA records with the addresses of ${TARGET}; it has 203.0.113.9).\n\n`,
        );
      }
      expect(mail?.text).toContain(`https://${OWN_HOST}/account/custom-domain`);
      // Checked again, nothing more is mailed.
      t.clock.advance(2 * 86_400_000);
      await t.services.domains.checkDue();
      expect((await mailsTo(t.outbox, owner.email)).filter((m) => m.subject?.includes(domain))).toHaveLength(1);
    }
  });

  it('turns off a domain whose TXT record is gone', async () => {
    const { domain, id } = await verifiedDomain();
    dns.remove(`_leadreel.${domain}`);
    t.clock.advance(24 * HOUR);
    await t.services.domains.checkDue();
    expect(await rowOf(id)).toMatchObject({ status: 'fail', active: false });
  });

  it('keeps a domain serving while DNS does not answer (timeout, SERVFAIL), and asks again within the hour', async () => {
    const { owner, domain, id } = await verifiedDomain();
    for (const mode of ['silent', 'servfail'] as const) {
      t.clock.advance(24 * HOUR);
      dns.mode = mode;
      try {
        await t.services.domains.checkDue();
      } finally {
        dns.mode = 'answer';
      }
      const row = await rowOf(id);
      expect(row, mode).toMatchObject({ status: 'verified', active: true, fail_reason: null });
      expect(row?.next_check_at?.getTime(), mode).toBe(t.clock.now().getTime() + HOUR);
      expect(await t.services.domains.resolveHost(domain), mode).not.toBeNull();
    }
    expect((await mailsTo(t.outbox, owner.email)).filter((mail) => mail.subject?.includes(domain))).toEqual([]);
    // The answer back: a day until the next check.
    t.clock.advance(HOUR);
    await t.services.domains.checkDue();
    expect((await rowOf(id))?.next_check_at?.getTime()).toBe(t.clock.now().getTime() + 24 * HOUR);
  });

  it('takes each due domain once, even when two runs overlap', async () => {
    await verifiedDomain();
    t.clock.advance(24 * HOUR);
    const due = await t.db
      .selectFrom('custom_domain')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('next_check_at', '<=', t.clock.now())
      .executeTakeFirstOrThrow();
    expect(Number(due.n)).toBeGreaterThanOrEqual(1);
    const [first, second] = await Promise.all([t.services.domains.checkDue(), t.services.domains.checkDue()]);
    expect(first + second).toBe(Number(due.n));
  });
});

describe("Caddy's ask", () => {
  it('allows a verified serving domain only: 200 with no body, 404 for anything else', async () => {
    const { domain } = await verifiedDomain();
    const owner = await accountOnPlan(t, 'Pro');
    const verifying = unique();
    await add(owner.token, verifying);
    const failed = unique();
    const failedId = (await add(owner.token, failed)).body.data.id;
    await post(t.app, '/api/vod/cname/cancel', { id: failedId }, owner.token);

    const allowed = await ask(domain);
    expect([allowed.statusCode, allowed.body]).toEqual([200, '']);
    expect((await ask(domain.toUpperCase())).statusCode).toBe(200);
    for (const name of [verifying, failed, 'unknown.acme.test', OWN_HOST, '', `${domain}/x`, 'a\u0000b', 'é.test']) {
      expect((await ask(name)).statusCode, name).toBe(404);
    }
    expect((await ask()).statusCode).toBe(404);
    const twice = await t.app.inject({ method: 'GET', url: `/tls/ask?domain=${domain}&domain=${domain}` });
    expect(twice.statusCode).toBe(404);
  });

  it('refuses when the database is down', async () => {
    const broken = createDb('postgres://nobody@127.0.0.1:1/none', 1);
    const down = await createTestApp(
      { PUBLIC_URL: `https://${OWN_HOST}` },
      { database: { db: broken, url: '', drop: () => broken.destroy() } },
    );
    try {
      const answer = await down.app.inject({ method: 'GET', url: '/tls/ask?domain=video.acme.test' });
      expect(answer.statusCode).toBe(503);
    } finally {
      await down.close();
      await broken.destroy().catch(() => undefined);
    }
  });
});

describe('reset', () => {
  it('keeps the old domain serving until the new one is verified, then the old one is gone', async () => {
    const { owner, domain: old, id: oldId } = await verifiedDomain();
    const folder = (await post(t.app, '/api/vod/video/folder/add', { name: 'Site' }, owner.token)).body.data;
    await post(t.app, '/api/vod/cname/folder', { id: oldId, folderId: folder.folderId }, owner.token);
    const brand = {
      name: 'Northwind',
      logo: null,
      favicon: null,
      pageBackgroundColor: '#ffffff',
      buttonColor: '#0958d9',
      buttonFontColor: '#ffffff',
      domainId: oldId,
    };
    expect((await post(t.app, '/api/brand/add', brand, owner.token)).status).toBe(200);
    const next = unique();
    t.clock.advance(1000);
    const reset = await post(t.app, '/api/vod/cname/reset', { id: oldId, domain: next }, owner.token);
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({
      cname: next,
      status: 'verifying',
      active: false,
      replacesId: oldId,
      folderId: folder.folderId,
    });
    expect((await t.services.domains.resolveHost(old))?.id).toBe(oldId);
    expect(await t.services.domains.resolveHost(next)).toBeNull();
    expect((await listOf(owner.token)).map((domain: { id: string }) => domain.id)).toEqual([oldId, reset.body.data.id]);

    publish(next, reset.body.data.txtValue);
    await t.services.domains.check(reset.body.data.id);
    expect(await rowOf(oldId)).toBeUndefined();
    expect(await t.services.domains.resolveHost(old)).toBeNull();
    expect(await t.services.domains.resolveHost(next)).toMatchObject({
      id: reset.body.data.id,
      folderId: folder.folderId,
    });
    expect(await listOf(owner.token)).toEqual([
      expect.objectContaining({ id: reset.body.data.id, status: 'verified', active: true, replacesId: null }),
    ]);
    // The brand went with it: the new domain's pages have the old one's look.
    expect((await get(t.app, '/api/brand/list', owner.token)).body.data.list).toEqual([
      expect.objectContaining({ name: 'Northwind', domainId: reset.body.data.id, domain: next }),
    ]);
    expect(await t.services.brands.forDomain(reset.body.data.id)).toMatchObject({ name: 'Northwind' });
  });

  it('lets the pending replacement go one past the cap, and no further', async () => {
    const owner = await accountOnPlan(t, 'Lite');
    const only = (await add(owner.token, unique())).body.data;
    expect((await add(owner.token, unique())).body.error).toBe('domains_too_many');
    const taken = await post(t.app, '/api/vod/cname/reset', { id: only.id, domain: only.cname }, owner.token);
    expect([taken.status, taken.body.error]).toEqual([409, 'domain_taken']);
    const replacement = await post(t.app, '/api/vod/cname/reset', { id: only.id, domain: unique() }, owner.token);
    expect(replacement.status).toBe(200);
    const again = await post(t.app, '/api/vod/cname/reset', { id: only.id, domain: unique() }, owner.token);
    expect([again.status, again.body.error]).toEqual([400, 'domains_too_many']);
    expect(await listOf(owner.token)).toHaveLength(2);
  });
});
