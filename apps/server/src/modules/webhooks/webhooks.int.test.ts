import { WEBHOOKS_MAX } from '@leadreel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOnPlan, videoWithForm as factoryVideoWithForm, leadFrom } from '../../../test/factories.ts';
import { type Receiver, receiver } from '../../../test/fakes/webhook-receiver.ts';
import {
  createTestApp,
  createTestDatabase,
  get,
  post,
  type TestApp,
  type TestDatabase,
} from '../../../test/helpers.ts';
import type { EventMap } from '../../modules/events/events.ts';
import type { JobQueue } from '../../modules/jobs/jobs.ts';
import { verifySignature } from '../../modules/webhooks/signature.ts';
import {
  WEBHOOK_CONTACT_CLICKED,
  WEBHOOK_DELIVERY,
  WEBHOOK_LEAD_CREATED,
} from '../../modules/webhooks/webhooks.jobs.ts';

// account-level webhooks. Two apps share one database: `open` may reach loopback
// (WEBHOOK_ALLOW_PRIVATE_TARGETS, as the e2e app does) and hosts the receivers; `guarded` runs with the
// SSRF guard as deployed. Jobs are recorded by a queue of ours and run by calling the job handler.
let database: TestDatabase;
let open: TestApp;
let guarded: TestApp;
let hooks: Receiver;
let canary: Receiver;
let canary6: Receiver;
const queued: string[] = [];
const announced: Array<() => Promise<void>> = [];
const queue: JobQueue = {
  send: async (kind, data) => {
    if (kind === WEBHOOK_DELIVERY) queued.push((data as { deliveryId: string }).deliveryId);
    if (kind === WEBHOOK_LEAD_CREATED) {
      announced.push(() => open.services.webhooks.leadCreated((data as { leadId: string }).leadId));
    }
    if (kind === WEBHOOK_CONTACT_CLICKED) {
      announced.push(() => open.services.webhooks.contactClicked(data as EventMap['contact.clicked']));
    }
  },
};
/** Runs the fan-out jobs that submissions and clicks wrote, as a worker would once they committed. */
async function fanOut() {
  for (const run of announced.splice(0)) await run();
}

beforeAll(async () => {
  database = await createTestDatabase();
  [open, guarded, hooks, canary, canary6] = await Promise.all([
    createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, { database, queue }),
    createTestApp({}, { database, queue }),
    receiver(),
    receiver(),
    receiver('::1'),
  ]);
});
afterAll(async () => {
  for (const server of [hooks, canary, canary6]) server?.close();
  await open?.close();
  await guarded?.close();
  await database?.drop();
});

const account = (plan: 'Free' | 'Pro' = 'Pro') => accountOnPlan(open, plan);
const videoWithForm = (owner: { accountId: string; folderId: string }) => factoryVideoWithForm(open, owner);

let ip = 1;
/** The anonymous viewer the player names on their lead and their clicks. */
const VIEWER = 'viewer_0123456789abcdef';
const submitLead = (videoId: string) =>
  submitted(
    open.app.inject({
      method: 'POST',
      url: '/api/public/lead',
      remoteAddress: `10.9.0.${ip++}`,
      payload: { ...leadFrom(videoId), viewerId: VIEWER },
    }),
  );
/** A submission's answer, once the fan-out it announced has run. */
async function submitted<T>(answer: Promise<T>): Promise<T> {
  const response = await answer;
  await fanOut();
  return response;
}
const deliveriesOf = (endpointId: string) =>
  open.db.selectFrom('webhook_delivery').selectAll().where('endpoint_id', '=', endpointId).execute();
const create = (app: TestApp, token: string, body: Record<string, unknown>) =>
  post(app.app, '/api/webhook/create', { events: ['lead.created'], ...body }, token);

describe('webhook endpoints (CRUD)', () => {
  it('creates with a secret shown once, lists, updates, rolls the secret and deletes', async () => {
    const { token } = await account();
    const created = await create(open, token, { url: hooks.url, events: ['lead.created', 'contact.clicked'] });
    expect(created.status).toBe(200);
    const { id, secret } = created.body.data;
    expect(secret).toMatch(/^whsec_/);
    expect(created.body.data).toMatchObject({
      url: hooks.url,
      enabled: true,
      events: ['lead.created', 'contact.clicked'],
    });
    const listed = await get(open.app, '/api/webhook/list', token);
    expect(listed.body.data).toEqual({
      allowed: true,
      list: [expect.objectContaining({ id, secretHint: `whsec_…${secret.slice(-4)}` })],
    });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const updated = await post(
      open.app,
      '/api/webhook/update',
      { id, url: `${hooks.url}?v=2`, events: ['contact.clicked'], enabled: false },
      token,
    );
    expect(updated.body.data).toMatchObject({ url: `${hooks.url}?v=2`, events: ['contact.clicked'], enabled: false });
    const rolled = await post(open.app, '/api/webhook/roll-secret', { id }, token);
    expect(rolled.body.data.secret).toMatch(/^whsec_/);
    expect(rolled.body.data.secret).not.toBe(secret);
    expect((await post(open.app, '/api/webhook/delete', { id }, token)).status).toBe(200);
    expect((await get(open.app, '/api/webhook/list', token)).body.data.list).toEqual([]);
  });

  it('refuses bad input with the field and message', async () => {
    const { token } = await account();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: '' }, 'webhook_url_invalid', 'url'],
      [{ url: 'not a url' }, 'webhook_url_invalid', 'url'],
      [{ url: 'ftp://files.example.test/hook' }, 'webhook_url_invalid', 'url'],
      [{ url: 'javascript:alert(1)' }, 'webhook_url_invalid', 'url'],
      [{ url: `https://hooks.example.test/${'a'.repeat(2048)}` }, 'webhook_url_too_long', 'url'],
      [{ url: 'https://user:pw@hooks.example.test/' }, 'webhook_url_credentials', 'url'],
      [{ url: 'https://hooks.example.test/', events: [] }, 'webhook_events_required', 'events'],
      [{ url: 'https://hooks.example.test/', events: ['lead.deleted'] }, 'webhook_event_invalid', 'events.0'],
      [
        { url: 'https://hooks.example.test/', events: ['lead.created', 'lead.created'] },
        'webhook_event_invalid',
        'events',
      ],
      [{ url: 'https://hooks.example.test/', secret: 'mine' }, 'unknown_field', 'secret'],
    ];
    for (const [body, error, field] of cases) {
      const answer = await create(open, token, body);
      expect([answer.status, answer.body.error, answer.body.field], JSON.stringify(body)).toEqual([400, error, field]);
    }
    // Addresses that name a refused network are refused when saved; names are checked at each delivery.
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://[::1]/',
      'http://0x7f000001/',
      'http://2130706433/',
      'http://10.0.0.5/',
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost:3000/',
    ]) {
      const answer = await create(guarded, token, { url });
      expect([answer.status, answer.body.error], url).toEqual([400, 'webhook_url_blocked']);
    }
    // Allowing private targets still refuses every metadata service and all of link-local.
    for (const url of [
      'http://169.254.169.254/',
      'http://169.254.170.2/v2/credentials',
      'http://100.100.100.200/latest/meta-data/',
      'http://192.0.0.192/opc/v2/instance/',
      'http://169.254.10.1/',
      'http://[fe80::1]/',
      'http://[fd00:ec2::254]/',
    ]) {
      const answer = await create(open, token, { url });
      expect([answer.status, answer.body.error], url).toEqual([400, 'webhook_url_blocked']);
    }
    expect((await get(open.app, '/api/webhook/list', token)).body.data.list).toEqual([]);
  });

  it(`keeps each account to its own endpoints, at most ${WEBHOOKS_MAX}`, async () => {
    const owner = await account();
    const other = await account();
    const { id } = (await create(open, owner.token, { url: hooks.url })).body.data;
    const missing = [
      ['/api/webhook/update', { id, url: hooks.url, events: ['lead.created'], enabled: true }],
      ['/api/webhook/delete', { id }],
      ['/api/webhook/roll-secret', { id }],
      ['/api/webhook/test', { id }],
    ] as const;
    for (const [route, body] of missing) {
      const answer = await post(open.app, route, body, other.token);
      expect([answer.status, answer.body.error], route).toEqual([404, 'webhook_not_found']);
    }
    const log = await get(open.app, `/api/webhook/deliveries?id=${id}`, other.token);
    expect([log.status, log.body.error]).toEqual([404, 'webhook_not_found']);
    expect(hooks.received).toEqual([]);
    for (let n = 1; n < WEBHOOKS_MAX; n += 1)
      expect((await create(open, owner.token, { url: hooks.url })).status).toBe(200);
    const tooMany = await create(open, owner.token, { url: hooks.url });
    expect([tooMany.status, tooMany.body.error]).toEqual([400, 'webhooks_too_many']);
  });

  it('is a paid plan feature, closed from the Frozen period', async () => {
    const free = await account('Free');
    expect((await get(open.app, '/api/webhook/list', free.token)).body.data).toEqual({ allowed: false, list: [] });
    const refused = await create(open, free.token, { url: hooks.url });
    expect([refused.status, refused.body.error]).toEqual([403, 'webhooks_not_allowed']);

    // An endpoint made while paid gets nothing once the account is Free: webhooks would carry what Free masks.
    const downgraded = await account();
    const { id } = (await create(open, downgraded.token, { url: hooks.url })).body.data;
    const videoId = await videoWithForm(downgraded);
    await open.db.updateTable('account').set({ plan_type: 'Free' }).where('id', '=', downgraded.accountId).execute();
    expect((await submitLead(videoId)).statusCode).toBe(200);
    expect(await deliveriesOf(id)).toEqual([]);

    const frozen = await account();
    await open.db
      .updateTable('account')
      .set({ vip_period: 'frozen-period' })
      .where('id', '=', frozen.accountId)
      .execute();
    for (const answer of [
      await get(open.app, '/api/webhook/list', frozen.token),
      await create(open, frozen.token, { url: hooks.url }),
    ]) {
      expect([answer.status, answer.body.error]).toEqual([403, 'plan_period']);
    }
  });
});

describe('deliveries', () => {
  it('sends a signed lead.created to the subscribed, enabled endpoints, and contact.clicked to its own', async () => {
    const owner = await account();
    const videoId = await videoWithForm(owner);
    const leads = (await create(open, owner.token, { url: hooks.url })).body.data;
    const clicks = (await create(open, owner.token, { url: `${hooks.url}?clicks`, events: ['contact.clicked'] })).body
      .data;
    const off = (await create(open, owner.token, { url: `${hooks.url}?off`, enabled: false })).body.data;
    hooks.received.length = 0;

    expect((await submitLead(videoId)).statusCode).toBe(200);
    const [delivery] = await deliveriesOf(leads.id);
    expect(delivery).toMatchObject({ event: 'lead.created', status: 'pending', attempts: 0 });
    expect(await deliveriesOf(clicks.id)).toEqual([]);
    expect(await deliveriesOf(off.id)).toEqual([]);
    expect(queued).toContain(delivery?.id);
    await open.services.webhooks.deliver(delivery?.id as string);

    const [received] = hooks.received;
    expect(received?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'LeadReel-Webhooks/1',
      'leadreel-event': 'lead.created',
      'leadreel-delivery': delivery?.id,
    });
    const signature = String(received?.headers['leadreel-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const now = Math.floor(Date.now() / 1000);
    expect(verifySignature(leads.secret, received?.body ?? '', signature, { nowSeconds: now })).toBe(true);
    expect(verifySignature(clicks.secret, received?.body ?? '', signature, { nowSeconds: now })).toBe(false);
    const body = JSON.parse(received?.body ?? '{}');
    expect(body).toEqual({
      id: delivery?.event_id,
      type: 'lead.created',
      created: expect.any(Number),
      data: expect.any(Object),
    });
    expect(body.data).toMatchObject({
      videoId,
      videoName: 'pricing-tour.mp4',
      second: 12.5,
      pageUrl: 'https://customer.example/pricing',
      referrer: 'https://search.example.test/',
      language: 'en-GB',
      answers: { name: 'Ada Lovelace', email: 'ada@example.test', message: 'Call me.' },
      viewerId: VIEWER,
      fields: [
        { id: 'name', kind: 'name', label: 'Name' },
        { id: 'email', kind: 'email', label: 'Email' },
        { id: 'message', kind: 'message', label: 'Message' },
      ],
    });
    const log = await get(open.app, `/api/webhook/deliveries?id=${leads.id}`, owner.token);
    expect(log.body.data).toEqual({
      total: 1,
      list: [
        expect.objectContaining({
          event: 'lead.created',
          status: 'delivered',
          statusCode: 200,
          attempts: 1,
          error: null,
        }),
      ],
    });

    const click = await open.app.inject({
      method: 'POST',
      url: '/api/public/click',
      payload: {
        videoId,
        kind: 'whatsapp',
        second: 3,
        page: 'https://customer.example/',
        referrer: '',
        viewerId: VIEWER,
      },
    });
    expect(click.statusCode).toBe(204);
    await fanOut();
    const [clicked] = await deliveriesOf(clicks.id);
    await open.services.webhooks.deliver(clicked?.id as string);
    expect(JSON.parse(hooks.received.at(-1)?.body ?? '{}')).toMatchObject({
      type: 'contact.clicked',
      data: {
        videoId,
        videoName: 'pricing-tour.mp4',
        kind: 'whatsapp',
        second: 3,
        pageUrl: 'https://customer.example/',
        // The same viewer as on the lead: a CRM joins the click to the person.
        viewerId: VIEWER,
      },
    });
    expect(hooks.received.at(-1)?.headers['leadreel-event']).toBe('contact.clicked');
  });

  it('records a failed attempt and throws so the queue retries, then delivers; the last attempt fails for good', async () => {
    const owner = await account();
    const videoId = await videoWithForm(owner);
    const { id } = (await create(open, owner.token, { url: hooks.url })).body.data;
    await submitLead(videoId);
    await submitLead(videoId);
    const [first, second] = await deliveriesOf(id);
    hooks.status = 500;
    try {
      await expect(open.services.webhooks.deliver(first?.id as string)).rejects.toThrow(/500/);
      expect((await deliveriesOf(id)).find((row) => row.id === first?.id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_status_code: 500,
      });
      // The twentieth attempt is the last: recorded as failed, and the job ends.
      await open.db
        .updateTable('webhook_delivery')
        .set({ attempts: 19 })
        .where('id', '=', second?.id as string)
        .execute();
      await open.services.webhooks.deliver(second?.id as string);
    } finally {
      hooks.status = 200;
    }
    await open.services.webhooks.deliver(first?.id as string);
    const rows = await deliveriesOf(id);
    expect(rows.find((row) => row.id === first?.id)).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_status_code: 200,
    });
    expect(rows.find((row) => row.id === second?.id)).toMatchObject({
      status: 'failed',
      attempts: 20,
      last_status_code: 500,
    });
    // A repeated job for a finished delivery sends nothing.
    const before = hooks.received.length;
    await open.services.webhooks.deliver(first?.id as string);
    expect(hooks.received.length).toBe(before);

    // The owner resends the failed one from the log: the same event, now, logged as a new delivery.
    const resent = await post(open.app, '/api/webhook/redeliver', { deliveryId: second?.id }, owner.token);
    expect(resent.body.data).toMatchObject({ event: 'lead.created', status: 'delivered', statusCode: 200 });
    expect(resent.body.data.eventId).toBe(second?.event_id);
    expect(resent.body.data.id).not.toBe(second?.id);
    expect(JSON.parse(hooks.received.at(-1)?.body ?? '{}').id).toBe(second?.event_id);
    hooks.status = 500;
    const refused = await post(open.app, '/api/webhook/redeliver', { deliveryId: second?.id }, owner.token).finally(
      () => {
        hooks.status = 200;
      },
    );
    // Sent while the owner waits: failed at once, not left to the queue.
    expect(refused.body.data).toMatchObject({ status: 'failed', statusCode: 500, attempts: 1 });
    const stranger = await account();
    for (const [body, status] of [
      [{ deliveryId: second?.id }, 404],
      [{ deliveryId: 'not-a-uuid' }, 400],
      [{}, 400],
    ] as const) {
      const answer = await post(open.app, '/api/webhook/redeliver', body, stranger.token);
      expect([answer.status, answer.body.error]).toEqual([status, 'webhook_delivery_not_found']);
    }
  });

  it('sends a test event while the owner waits, and logs it', async () => {
    const owner = await account();
    const { id, secret } = (await create(open, owner.token, { url: hooks.url, enabled: false })).body.data;
    const sent = await post(open.app, '/api/webhook/test', { id }, owner.token);
    expect(sent.body.data).toMatchObject({ event: 'test', status: 'delivered', statusCode: 200, attempts: 1 });
    const received = hooks.received.at(-1);
    expect(JSON.parse(received?.body ?? '{}')).toMatchObject({ type: 'test', data: { endpointId: id } });
    expect(
      verifySignature(secret, received?.body ?? '', String(received?.headers['leadreel-signature']), {
        nowSeconds: Math.floor(Date.now() / 1000),
      }),
    ).toBe(true);
    hooks.status = 503;
    const failed = await post(open.app, '/api/webhook/test', { id }, owner.token).finally(() => {
      hooks.status = 200;
    });
    expect(failed.body.data).toMatchObject({ status: 'failed', statusCode: 503, attempts: 1 });
    const log = await get(open.app, `/api/webhook/deliveries?id=${id}&pageSize=1`, owner.token);
    expect(log.body.data.total).toBe(2);
    expect(log.body.data.list).toEqual([expect.objectContaining({ status: 'failed', statusCode: 503 })]);
  });
});

describe('the SSRF guard at delivery (WEBHOOK_ALLOW_PRIVATE_TARGETS off)', () => {
  it('sends nothing to loopback, however the address is written, nor to the metadata service', async () => {
    const owner = await account();
    const port = new URL(canary.url).port;
    // Saved where the setting allowed them (or resolving elsewhere then): the check that counts is at delivery.
    const urls = [
      canary.url,
      canary6.url,
      `http://0x7f000001:${port}/hook`,
      `http://017700000001:${port}/hook`,
      `http://localhost:${port}/hook`,
    ];
    const ids: string[] = [];
    for (const url of urls) ids.push((await create(open, owner.token, { url })).body.data.id);
    const metadata = await open.db
      .insertInto('webhook_endpoint')
      .values({
        account_id: owner.accountId,
        url: 'http://169.254.169.254/latest/meta-data/',
        events: ['lead.created'],
        secret: 'whsec_x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(metadata.id);
    for (const id of ids) {
      const sent = await post(guarded.app, '/api/webhook/test', { id }, owner.token);
      expect(sent.body.data, id).toMatchObject({ status: 'failed', statusCode: null, error: 'blocked_address' });
    }
    // A queued event is refused the same way and failed at once with its reason in the log, not retried.
    const videoId = await videoWithForm(owner);
    await submitLead(videoId);
    const delivery = (await deliveriesOf(ids[0] as string)).find((row) => row.event === 'lead.created');
    const failed = await guarded.services.webhooks.deliver(delivery?.id as string);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, last_error: 'blocked_address' });
    const log = await get(guarded.app, `/api/webhook/deliveries?id=${ids[0]}`, owner.token);
    expect(log.body.data.list).toContainEqual(
      expect.objectContaining({ event: 'lead.created', status: 'failed', attempts: 1, error: 'blocked_address' }),
    );
    expect(canary.received).toEqual([]);
    expect(canary6.received).toEqual([]);
    // The same endpoint is reachable where loopback is allowed: the canary does answer the resend.
    await open.services.webhooks.redeliver(owner.accountId, delivery?.id as string);
    expect(canary.received).toHaveLength(1);
  });
});
