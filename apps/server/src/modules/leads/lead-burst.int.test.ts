import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadFrom, videoWithForm } from '../../../test/factories.ts';
import { type ReceivedMail, startSmtpServer } from '../../../test/fakes/smtp.ts';
import { createTestApp, post, type TestApp, uniqueEmail } from '../../../test/helpers.ts';

// a burst of leads reaches the owner as one mail at once and one mail for the rest, received by a real SMTP
// server from the real job queue and worker.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let received: ReceivedMail[];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  received = smtp.received;
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Acme Video <hello@acme.test>',
      PUBLIC_URL: 'https://videos.example.test',
      BRAND_NAME: 'Acme Video',
    },
    { media: true },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mailsTo = (email: string) => received.filter((r) => r.to.includes(email)).map((r) => r.mail);
const leadMailsTo = (email: string) => mailsTo(email).filter((mail) => /inquir|询盘/.test(mail.subject ?? ''));

async function mailTo(email: string, subject: RegExp): Promise<ParsedMail> {
  for (const start = Date.now(); Date.now() - start < 60_000; ) {
    const found = mailsTo(email).find((mail) => subject.test(mail.subject ?? ''));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail "${subject}" to ${email}`);
}

async function owner(language: 'en' | 'zh_CN') {
  const email = uniqueEmail('burst');
  await post(t.app, '/api/auth/verify-code', { email, scene: 'signup' });
  const code = /^(\d{6})$/m.exec((await mailTo(email, /sign-up code/)).text ?? '')?.[1];
  expect((await post(t.app, '/api/auth/signup', { email, password: 'correct horse battery', code })).status).toBe(200);
  const row = await t.db
    .updateTable('account')
    .set({ plan_type: 'Pro', language })
    .where('email', '=', email)
    .returning(['id', 'default_folder_id'])
    .executeTakeFirstOrThrow();
  const videoId = await videoWithForm(t, { accountId: row.id, folderId: row.default_folder_id as string });
  return { email, accountId: row.id, videoId };
}

let network = 1;
/** `count` viewers at once, each from a network of its own. */
async function burst(videoId: string, count: number) {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/lead',
        payload: leadFrom(videoId, { name: `Viewer ${i}`, email: `viewer${i}@example.test` }),
        remoteAddress: `10.${Math.floor(network / 250)}.${network++ % 250}.1`,
      }),
    ),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(count).fill(200));
}

/** The queued mail of the account's waiting leads, made due now instead of when its window closes. */
async function closeWindow(accountId: string) {
  for (const start = Date.now(); Date.now() - start < 60_000; ) {
    const moved = await t.db
      .withSchema('pgboss')
      .updateTable('job' as never)
      .set({ start_after: new Date() } as never)
      .where('name' as never, '=', 'lead-burst' as never)
      .where('singleton_key' as never, 'like', `${accountId}:%` as never)
      .where('state' as never, '=', 'created' as never)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no burst mail queued');
}

describe('a burst of leads', () => {
  it('mails the first at once and the other 29 together when the window closes', async () => {
    const { email, accountId, videoId } = await owner('en');
    await burst(videoId, 30);
    const first = await mailTo(email, /^New inquiry on/);
    expect(first.text).toMatch(/Viewer \d+ left an inquiry/);
    await closeWindow(accountId);
    const together = await mailTo(email, /^29 new inquiries$/);
    expect(together.text).toContain('29 more inquiries came in within minutes of the last one we mailed you');
    const listed = [...(together.text ?? '').matchAll(/· pricing-tour\.mp4 · (Viewer \d+)/g)].map((m) => m[1]);
    expect(listed).toHaveLength(20);
    expect(together.text).toContain('…and 9 more.');
    // Every viewer is told of exactly once: in the first mail or in the list and its count.
    const firstName = /(Viewer \d+) left/.exec(first.text ?? '')?.[1];
    expect(listed).not.toContain(firstName);
    expect(together.text).toContain('https://videos.example.test/form-submit-data');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(leadMailsTo(email)).toHaveLength(2);
    const unmailed = await t.db
      .selectFrom('lead')
      .select('id')
      .where('account_id', '=', accountId)
      .where('mailed_at', 'is', null)
      .execute();
    expect(unmailed).toEqual([]);

    // Once the window has closed, the next lead is mailed at once again.
    await t.db
      .updateTable('lead_mail_window')
      .set({ opened_at: new Date(Date.now() - 11 * 60_000) })
      .where('account_id', '=', accountId)
      .execute();
    await burst(videoId, 1);
    for (const start = Date.now(); leadMailsTo(email).length < 3 && Date.now() - start < 60_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(leadMailsTo(email).map((mail) => mail.subject)).toEqual([
      'New inquiry on “pricing-tour”',
      '29 new inquiries',
      'New inquiry on “pricing-tour”',
    ]);
  });

  it('is told in the owner’s language', async () => {
    const { email, accountId, videoId } = await owner('zh_CN');
    await burst(videoId, 3);
    await mailTo(email, /收到新询盘/);
    await closeWindow(accountId);
    const together = await mailTo(email, /^2 条新询盘$/);
    expect(together.text).toContain('又收到了 2 条询盘');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(leadMailsTo(email)).toHaveLength(2);
  });
});
