import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GIB } from '@leadreel/shared';
import { formatSize } from '@leadreel/shared/sizes';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../config.ts';
import { CatalogueError, DEFAULT_CATALOGUE_FILE, parseCatalogue, readCatalogue } from './catalogue.ts';

/** The shipped file as JSON, to break on purpose. */
async function shippedJson() {
  return JSON.parse(await readFile(DEFAULT_CATALOGUE_FILE, 'utf8'));
}

function problemsOf(data: unknown): string[] {
  try {
    parseCatalogue(data);
  } catch (error) {
    if (error instanceof CatalogueError) return error.problems;
    throw error;
  }
  return [];
}

describe('the catalogue', () => {
  it('ships a catalogue that passes its own checks, with every plan in every language', () => {
    const catalogue = readCatalogue();
    expect(Object.keys(catalogue.plans)).toEqual(['Free', 'Lite', 'Pro', 'Business']);
    expect(catalogue.plans.Free.storageBytes).toBe(2 * GIB);
    expect(catalogue.plans.Free.trafficBytes).toBe(10 * GIB);
    expect(catalogue.plans.Free.prices).toEqual({});
    for (const plan of Object.values(catalogue.plans)) {
      expect(plan.benefits.en.length).toBe(plan.benefits.zh_CN.length);
    }
    // sites from the Lite plan up.
    expect(catalogue.plans.Free.sites).toBe(0);
    expect(catalogue.plans.Lite.privileges.canUseChannel).toBe(true);
  });

  it("names each plan's storage and playback on its card as the console's usage shows them", () => {
    for (const [name, plan] of Object.entries(readCatalogue().plans)) {
      for (const benefits of [plan.benefits.en, plan.benefits.zh_CN]) {
        const text = benefits.join('\n');
        // Whole units, so "1 T" on the card and "1 T" on the usage board are the same figure.
        expect(text, name).toContain(`${formatSize(plan.storageBytes)} `);
        expect(text, name).toContain(`${formatSize(plan.trafficBytes)} `);
        expect(formatSize(plan.storageBytes), name).toMatch(/^\d+ (G|T)$/);
      }
    }
  });

  it('lists every problem at once, each with where it is', async () => {
    const data = await shippedJson();
    data.plans.Pro.prices.USD.year = data.plans.Pro.prices.USD.month * 12;
    delete data.plans.Lite.prices.CNY;
    data.plans.Free.prices = { USD: { month: 100, year: 1000 } };
    data.creditPackages.push({ ...data.creditPackages[0] });
    data.currencies.push('usd');
    data.plans.Business.storageGib = -1;
    data.plans.Pro.unknown = true;
    delete data.plans.Business.benefits.zh_CN;
    const problems = problemsOf(data);
    // The schema's problems come first and alone: cross-checks wait for a file of the right shape.
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^currencies\.2: /),
        expect.stringMatching(/^plans\.Business\.storageGib: /),
        expect.stringMatching(/^plans\.Pro: .*unknown/),
        expect.stringMatching(/^plans\.Business\.benefits\.zh_CN: /),
      ]),
    );
    expect(problems.length).toBe(4);

    const shaped = await shippedJson();
    shaped.plans.Pro.prices.USD.year = shaped.plans.Pro.prices.USD.month * 12;
    delete shaped.plans.Lite.prices.CNY;
    shaped.plans.Free.prices = { USD: { month: 100, year: 1000 } };
    shaped.creditPackages.push({ ...shaped.creditPackages[0] });
    shaped.creditPackages[1].prices = { USD: 100, EUR: 100 };
    shaped.lifecycle.reminderDays = [1, 7];
    expect(problemsOf(shaped).sort()).toEqual(
      [
        'creditPackages.1.prices.CNY: missing',
        'creditPackages.1.prices.EUR: not one of currencies',
        'creditPackages.3.id: credits-500 twice',
        'lifecycle.reminderDays: from the most days to the fewest, each once',
        'plans.Free.prices: Free is not sold, it has no price',
        'plans.Lite.prices.CNY: missing',
        'plans.Pro.prices.USD.year: saves 0% on twelve months, not annualSavingPercent (17%)',
      ].sort(),
    );
  });

  it('refuses a file that is not JSON, and stops the server with the problem as a configuration error', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'catalogue-'));
    const broken = path.join(dir, 'catalogue.json');
    await writeFile(broken, '{ "plans": ');
    expect(() => readCatalogue(broken)).toThrow(CatalogueError);
    expect(() => readCatalogue(path.join(dir, 'missing.json'))).toThrow(/ENOENT/);
    let error: unknown;
    try {
      parseConfig({ CATALOGUE_FILE: broken });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([expect.stringMatching(/^CATALOGUE_FILE: .*JSON/)]);
  });

  it('takes DEFAULT_PLAN only among the plans', () => {
    expect(parseConfig({}).DEFAULT_PLAN).toBe('Free');
    expect(parseConfig({ DEFAULT_PLAN: 'Pro' }).DEFAULT_PLAN).toBe('Pro');
    expect(() => parseConfig({ DEFAULT_PLAN: 'Gold' })).toThrow(/DEFAULT_PLAN/);
  });
});
