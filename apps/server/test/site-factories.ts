import { randomBytes } from 'node:crypto';
import type { PlanType } from '@leadreel/shared';
import { expect } from 'vitest';
import { accountOnPlan } from './factories.ts';
import { post, type TestApp } from './helpers.ts';

// Sites and the brands they are shown under, for the sites tests, on the test app each file starts.

/** Contact info with no link, or the links given. */
export const contact = (more: Record<string, unknown> = {}) => ({
  officialSite: null,
  email: null,
  linkedin: null,
  youtube: null,
  tiktok: null,
  facebook: null,
  x: null,
  pinterest: null,
  telegram: null,
  instagram: null,
  ...more,
});
/** A site profile as the site-info screen saves it, with what the test changes. */
export const profile = (more: Record<string, unknown> = {}) => ({
  name: 'Acme Videos',
  description: 'Product tours',
  banner: null,
  picture: null,
  contact: contact(),
  ...more,
});

/** A brand of the account's, on a verified domain row made here directly, as the site layer's tests do. */
export async function brandOf(t: TestApp, owner: { accountId: string; token: string }) {
  const domain = await t.db
    .insertInto('custom_domain')
    .values({
      account_id: owner.accountId,
      domain: `v-${randomBytes(4).toString('hex')}.example.com`,
      token: randomBytes(8).toString('hex'),
      status: 'verified',
      active: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const answer = await post(
    t.app,
    '/api/brand/add',
    {
      name: 'Acme',
      logo: null,
      favicon: null,
      pageBackgroundColor: '#ffffff',
      buttonColor: '#1677ff',
      buttonFontColor: '#000000',
      domainId: domain.id,
    },
    owner.token,
  );
  expect(answer.status).toBe(200);
  return answer.body.data.id as string;
}

/** An account on `plan` with one brand and one site under it. */
export async function ownerWithSite(t: TestApp, plan: PlanType = 'Pro') {
  const owner = await accountOnPlan(t, plan);
  const brandId = await brandOf(t, owner);
  const added = await post(t.app, '/api/brand-channel/add', { brandId, profile: profile() }, owner.token);
  expect(added.status).toBe(200);
  return { ...owner, brandId, siteId: added.body.data.id as string };
}
