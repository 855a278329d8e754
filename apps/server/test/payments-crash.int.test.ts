import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from './fakes/stripe.ts';
import { createTestApp, createTestDatabase, post, signUp, type TestApp, type TestDatabase } from './helpers.ts';
import { freePort, startServer, waitReady } from './processes.ts';

// "kill -9 during webhook processing, then the retry (applied once)": a real server process is
// killed while it applies a Stripe event (held mid-transaction by a row lock the test takes), and the
// provider's retry then applies the event exactly once.
let database: TestDatabase;
let stripe: FakeStripe;
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  stripe = await startFakeStripe();
  dataDir = await mkdtemp(path.join(tmpdir(), 'leadreel-paycrash-'));
  t = await createTestApp(
    { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url },
    { database },
  );
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Waits, with a generous limit, until some other connection waits on a row lock. */
async function untilSomeoneWaitsOnALock(client: pg.Client) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    // Inside a transaction PostgreSQL answers the statistics views from the snapshot of their first read
    // (stats_fetch_consistency): clear it, or a server that reaches the lock after that read is never seen.
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query(
      `select count(*)::int as n from pg_stat_activity where datname = current_database()
         and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server never reached the held lock');
}

describe('a Stripe event and a server killed while applying it', { timeout: 300_000 }, () => {
  it('leaves nothing applied, and the retry applies it once', async () => {
    const { token, email } = await signUp(t);
    const order = (await post(t.app, '/api/pay/stripe', { productId: 'Pro-month-USD', method: 'card' }, token)).body
      .data;
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === order.orderId);
    if (!session) throw new Error('no session');
    const { payload, signature } = stripe.event('checkout.session.completed', session, {
      changes: { payment_status: 'paid' },
    });

    const server = startServer(dataDir, await freePort(), {
      DATABASE_URL: database.url,
      WORKERS: '0',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
    await waitReady(server);

    // Hold the account's row: the server's settling transaction will wait on it, mid-way.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from account where email = $1 for update', [email]);
      const delivery = fetch(`${server.url}/pay/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      }).catch(() => null);
      await untilSomeoneWaitsOnALock(blocker);
      server.child.kill('SIGKILL');
      await server.exited;
      expect(await delivery).toBeNull();
      await blocker.query('rollback');
    } finally {
      await blocker.end();
    }

    // PostgreSQL rolled the dead server's transaction back: no event recorded, nothing paid.
    const events = () => t.db.selectFrom('payment_event').selectAll().where('order_id', '=', order.orderId).execute();
    await expect.poll(events, { timeout: 60_000 }).toEqual([]);
    const row = () =>
      t.db.selectFrom('payment_order').select('status').where('id', '=', order.orderId).executeTakeFirstOrThrow();
    expect((await row()).status).toBe('pending');

    // Stripe retries the same event: it is applied once, however often it comes.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const retry = await t.app.inject({
        method: 'POST',
        url: '/pay/stripe/webhook',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      expect(retry.statusCode).toBe(200);
    }
    expect((await row()).status).toBe('paid');
    expect(await events()).toHaveLength(1);
    const invoices = await t.db.selectFrom('invoice').select('number').where('order_id', '=', order.orderId).execute();
    expect(invoices).toHaveLength(1);
  });
});
