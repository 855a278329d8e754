import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GIB, LANGUAGES, type Language, PLAN_TYPES, type PlanType, privilegesSchema } from '@leadreel/shared';
import { z } from 'zod';

/** The catalogue LeadReel ships; CATALOGUE_FILE names another. */
export const DEFAULT_CATALOGUE_FILE = path.resolve(import.meta.dirname, '../../../catalogue.json');

const count = z.number().int().min(0);
/** An amount in a currency's minor unit (cents, fen): whole, above zero, below what any plan costs. */
const minorUnits = z.number().int().min(1).max(100_000_000);
/** ISO 4217 code. */
const currency = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as USD');
const texts = z.array(z.string().trim().min(1).max(120)).min(1).max(12);

/** The console contract's privileges, each required, with counts a plan can hold. */
const privileges = z.strictObject({
  ...privilegesSchema.shape,
  cnameCount: count.max(1000),
  videoSlideCount: count.max(100_000),
});

const plan = z.strictObject({
  showType: z.enum(PLAN_TYPES).nullable(),
  isPopular: z.boolean(),
  needShowDiscount: z.boolean(),
  /** Per currency, the monthly and the annual price; none for a plan that is not sold (Free). */
  prices: z.record(currency, z.strictObject({ month: minorUnits, year: minorUnits })),
  storageGib: z.number().positive().max(1_000_000),
  /** Playback allowed per billing period (Free: per calendar month). */
  trafficGibPerPeriod: z.number().positive().max(10_000_000),
  creditsPerPeriod: count.max(10_000_000),
  /** The longest video an AI task (subtitles from speech, translation, dubbing) takes, in minutes. */
  aiTaskMaxMinutes: count.min(1).max(100_000),
  sites: count.max(1000),
  brands: count.max(1000),
  privileges,
  benefits: z.strictObject(
    Object.fromEntries(LANGUAGES.map((language) => [language, texts])) as Record<Language, typeof texts>,
  ),
});

const catalogueSchema = z.strictObject({
  $comment: z.string().optional(),
  currencies: z.array(currency).min(1).max(20),
  /** "Annual billing saves 17%". */
  annualSavingPercent: z.number().int().min(0).max(90),
  /**
   * A referrer's share of each paid invoice of the accounts they brought (the console contract affiliate percent), in
   * whole percent: commissions are the invoice's minor units times it over 100, rounded down.
   */
  affiliatePercent: z.number().int().min(0).max(100),
  /**
   * What AI tasks cost in credits per started minute of video: subtitles from speech, then per target
   * language a translation, or a dub (which includes its translation). docs/product.md "Speech tasks".
   */
  speech: z.strictObject({
    transcribePerMinute: count.max(100_000),
    translatePerMinute: count.max(100_000),
    dubPerMinute: count.max(100_000),
  }),
  /**
   * What a blog-to-video export costs in credits per started minute of the video it renders (voice, music
   * and the render included). docs/product.md "Blog-to-video".
   */
  blogToVideo: z.strictObject({ exportPerMinute: count.max(100_000) }),
  /** How long a lapsed plan stays in each period before the next (the console contract leaves them to us). */
  lifecycle: z.strictObject({
    bufferDays: z.number().int().min(1).max(365),
    frozenDays: z.number().int().min(1).max(365),
    clearDays: z.number().int().min(1).max(365),
    /** Days before a plan's end when its holder is reminded (WeChat Pay and Alipay do not renew). */
    reminderDays: z.array(z.number().int().min(1).max(60)).max(5),
  }),
  plans: z.strictObject(Object.fromEntries(PLAN_TYPES.map((type) => [type, plan])) as Record<PlanType, typeof plan>),
  creditPackages: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and dashes'),
        credits: z.number().int().min(1).max(10_000_000),
        prices: z.record(currency, minorUnits),
      }),
    )
    .max(20),
});

type CatalogueFile = z.infer<typeof catalogueSchema>;
export type PlanEntry = CatalogueFile['plans'][PlanType] & {
  type: PlanType;
  storageBytes: number;
  trafficBytes: number;
};
export type Catalogue = Omit<CatalogueFile, 'plans' | '$comment'> & { plans: Record<PlanType, PlanEntry> };

export class CatalogueError extends Error {
  readonly problems: string[];
  constructor(source: string, problems: string[]) {
    super(`invalid catalogue ${source}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.problems = problems;
  }
}

/** What the schema cannot say: prices in every currency, the annual saving, unique ids. */
function crossCheck(file: CatalogueFile): string[] {
  const problems: string[] = [];
  const currencies = new Set(file.currencies);
  if (currencies.size !== file.currencies.length) problems.push('currencies: each currency once');
  for (const type of PLAN_TYPES) {
    const entry = file.plans[type];
    const priced = Object.keys(entry.prices);
    if (type === 'Free') {
      if (priced.length > 0) problems.push('plans.Free.prices: Free is not sold, it has no price');
      continue;
    }
    for (const code of file.currencies) {
      if (!priced.includes(code)) problems.push(`plans.${type}.prices.${code}: missing`);
    }
    for (const [code, price] of Object.entries(entry.prices)) {
      if (!currencies.has(code)) problems.push(`plans.${type}.prices.${code}: not one of currencies`);
      const saving = Math.round((1 - price.year / (12 * price.month)) * 100);
      if (saving !== file.annualSavingPercent) {
        problems.push(
          `plans.${type}.prices.${code}.year: saves ${saving}% on twelve months, not annualSavingPercent (${file.annualSavingPercent}%)`,
        );
      }
    }
  }
  const ids = new Set<string>();
  file.creditPackages.forEach((credits, index) => {
    if (ids.has(credits.id)) problems.push(`creditPackages.${index}.id: ${credits.id} twice`);
    ids.add(credits.id);
    for (const code of file.currencies) {
      if (!(code in credits.prices)) problems.push(`creditPackages.${index}.prices.${code}: missing`);
    }
    for (const code of Object.keys(credits.prices)) {
      if (!currencies.has(code)) problems.push(`creditPackages.${index}.prices.${code}: not one of currencies`);
    }
  });
  const reminders = file.lifecycle.reminderDays;
  if (reminders.some((days, index) => index > 0 && days >= (reminders[index - 1] ?? 0))) {
    problems.push('lifecycle.reminderDays: from the most days to the fewest, each once');
  }
  return problems;
}

/** Checks a catalogue, listing every problem (not only the first), and adds the byte figures. */
export function parseCatalogue(data: unknown, source = 'catalogue'): Catalogue {
  const parsed = catalogueSchema.safeParse(data);
  if (!parsed.success) {
    throw new CatalogueError(
      source,
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`),
    );
  }
  const problems = crossCheck(parsed.data);
  if (problems.length > 0) throw new CatalogueError(source, problems);
  const { $comment: _comment, plans, ...rest } = parsed.data;
  return {
    ...rest,
    plans: Object.fromEntries(
      PLAN_TYPES.map((type) => [
        type,
        {
          ...plans[type],
          type,
          storageBytes: Math.round(plans[type].storageGib * GIB),
          trafficBytes: Math.round(plans[type].trafficGibPerPeriod * GIB),
        },
      ]),
    ) as Record<PlanType, PlanEntry>,
  };
}

/** Reads and checks a catalogue file; a file that cannot be read or parsed is one problem of its own. */
export function readCatalogue(file: string = DEFAULT_CATALOGUE_FILE): Catalogue {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CatalogueError(file, [(error as Error).message]);
  }
  return parseCatalogue(data, file);
}
