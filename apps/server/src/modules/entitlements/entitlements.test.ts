import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { GATED_FEATURES, GIB, PERIODS } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from './catalogue.ts';
import { createEntitlements, detailOf, entitlementsOf as rightsUnder, type Standing } from './entitlements.ts';

const catalogue = readCatalogue();
const PLANS = catalogue.plans;
const entitlementsOf = (standing: Standing) => rightsUnder(standing, catalogue);

const standing = (overrides: Partial<Standing> = {}): Standing => ({
  plan_type: 'Free',
  vip_period: 'normal-period',
  period_end_at: null,
  used_storage: '0',
  used_traffic: '0',
  ...overrides,
});

describe('entitlements', () => {
  it('gives Free its caps, masks its leads and keeps webhooks and branding from it', () => {
    const free = entitlementsOf(standing({ used_storage: String(GIB), used_traffic: '5' }));
    expect(free).toMatchObject({
      plan: 'Free',
      paid: false,
      caps: { storageBytes: 2 * GIB, trafficBytes: 10 * GIB, domains: 0, videoSlides: 1 },
      usage: { storageBytes: GIB, trafficBytes: 5 },
      leadDetailsMasked: true,
      webhooks: false,
      mayServe: true,
    });
    expect(free.privileges.canUseBranding).toBe(false);
  });

  it('gives a paid plan its own caps and rights', () => {
    const pro = entitlementsOf(standing({ plan_type: 'Pro' }));
    expect(pro).toMatchObject({ plan: 'Pro', paid: true, leadDetailsMasked: false, webhooks: true });
    expect(pro.caps.storageBytes).toBe(PLANS.Pro.storageBytes);
    expect(pro.caps.domains).toBe(PLANS.Pro.privileges.cnameCount);
    expect(pro.privileges.canUseBranding).toBe(true);
  });

  it('closes each feature from its period on, webhooks with the notifications', () => {
    const at = (vip_period: Standing['vip_period']) => entitlementsOf(standing({ plan_type: 'Pro', vip_period }));
    expect(at('normal-period').features).toEqual(Object.fromEntries(GATED_FEATURES.map((f) => [f, true])));
    expect(at('buffer-period').features).toMatchObject({ uploadVideo: false, addSlider: false, videoSettings: true });
    expect(at('frozen-period').features).toMatchObject({ videoSettings: false, submissions: false, getData: true });
    expect(at('frozen-period').webhooks).toBe(false);
    expect(at('clear-period').features.getData).toBe(false);
    for (const period of PERIODS) expect(Object.keys(at(period).features).sort()).toEqual([...GATED_FEATURES].sort());
  });

  it('stops serving once the period traffic is used up', () => {
    expect(entitlementsOf(standing({ used_traffic: String(10 * GIB - 1) })).mayServe).toBe(true);
    expect(entitlementsOf(standing({ used_traffic: String(10 * GIB) })).mayServe).toBe(false);
  });

  it('treats a plan it does not know as Free rather than failing', () => {
    expect(entitlementsOf(standing({ plan_type: 'Gold' as Standing['plan_type'] })).plan).toBe('Free');
  });

  it('tells account detail the same answer, with when the current period ends in seconds', () => {
    const planEnd = new Date(1_800_000_000_500);
    expect(detailOf(entitlementsOf(standing({ period_end_at: planEnd }))).periodEndTime).toBe(1_800_000_000);
    const rights = entitlementsOf(standing({ vip_period: 'frozen-period', period_end_at: planEnd }));
    const detail = detailOf(rights);
    // Frozen ends when Clear begins: the date its banner gives.
    const { bufferDays, frozenDays } = catalogue.lifecycle;
    expect(detail.periodEndTime).toBe(1_800_000_000 + (bufferDays + frozenDays) * 86_400);
    expect(detail.entitlements.features).toEqual(rights.features);
    expect(detail.storageAndTraffic).toEqual({ storage: 2 * GIB, usedStorage: 0, traffic: 10 * GIB, usedTraffic: 0 });
  });

  it('refuses what the period closes or the plan lacks with its own error, and a vanished account as signed out', async () => {
    const accounts = new Map<string, Standing>([
      ['frozen', standing({ vip_period: 'frozen-period' })],
      ['free', standing()],
    ]);
    const service = createEntitlements({ find: async (id) => accounts.get(id), catalogue });
    await expect(service.assertFeature('frozen', 'videoSettings')).rejects.toMatchObject({ code: 'plan_period' });
    await expect(service.assertFeature('free', 'videoSettings')).resolves.toBeUndefined();
    await expect(
      service.assertPrivilege('free', 'canUseLinkName', 'link_name_not_allowed', 'slug'),
    ).rejects.toMatchObject({ statusCode: 403, code: 'link_name_not_allowed', field: 'slug' });
    await expect(service.of('gone')).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await service.ofAccount('gone')).toBeNull();
  });
});

/**
 * plan rights have one owner. Outside the entitlements module only the account's own
 * storage (its repo, the schema and migrations) may name the plan and period columns or the plan table,
 * and the console reads the answer from account detail instead of ranking periods.
 */
describe('who decides plan rights', () => {
  const root = path.resolve(import.meta.dirname, '../../../../..');
  const sources = async (dir: string): Promise<string[]> => {
    const entries = await readdir(path.join(root, dir), { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  };
  const offenders = async (dir: string, pattern: RegExp, allowed: (file: string) => boolean) => {
    const found: string[] = [];
    for (const file of await sources(dir)) {
      if (allowed(file)) continue;
      const text = await readFile(path.join(root, file), 'utf8');
      if (pattern.test(text)) found.push(file);
    }
    return found;
  };

  it("no server module but entitlements reads plan_type, the period columns or the catalogue's plans", async () => {
    const owners = (file: string) =>
      file.startsWith('apps/server/src/modules/entitlements/') ||
      // What plans cost and promise, to sell them; never what they allow.
      file.startsWith('apps/server/src/modules/billing/') ||
      // Moves the period itself as the plan's end passes.
      file.startsWith('apps/server/src/modules/lifecycle/') ||
      file === 'apps/server/src/modules/account/account.repo.ts' ||
      file.startsWith('apps/server/src/db/');
    const pattern = /\b(plan_type|vip_period|period_end_at|PLANS|catalogue\.plans|isFeatureAllowed|periodFeatures)\b/;
    expect(await offenders('apps/server/src', pattern, owners)).toEqual([]);
  });

  it('the console asks account detail, not the period table', async () => {
    const pattern = /\b(isFeatureAllowed|periodFeatures|FEATURE_THRESHOLDS|periodRank)\b/;
    expect(await offenders('apps/web/src', pattern, (file) => file.startsWith('apps/web/src/test/'))).toEqual([]);
  });

  it('sits under the modules that ask it: it imports none of them, and the config only its catalogue', async () => {
    const otherModule = /from '\.\.\/(?!\.\.\/)[^']+'/;
    expect(await offenders('apps/server/src/modules/entitlements', otherModule, () => false)).toEqual([]);
    const config = await readFile(path.join(root, 'apps/server/src/config.ts'), 'utf8');
    const modulesOfConfig = [...config.matchAll(/from '\.\/modules\/([^/]+)\//g)].map((match) => match[1]);
    expect(modulesOfConfig).toEqual(['entitlements']);
  });

  it('catches an offender (the check is not vacuous)', async () => {
    const pattern = /\bcreateEntitlements\b/;
    expect(await offenders('apps/server/src', pattern, () => false)).toContain(
      'apps/server/src/modules/account/account.module.ts',
    );
  });
});
