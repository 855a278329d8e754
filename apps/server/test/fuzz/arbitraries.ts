import fc from 'fast-check';

/** The subset of JSON Schema that zod's `toJSONSchema` writes for our contracts (and the OpenAPI document). */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
};

/** Values a real deployment holds (ids of rows that exist, an account's email), so inputs reach past "not found". */
export type Seeds = { uuids: string[]; emails: string[]; strings: string[] };

// PostgreSQL refuses U+0000 in text and jsonb; a lone surrogate has no UTF-8 form and jsonb refuses its \uD800
// escape. Both are what the issue found giving 500s.
const NUL = '\u0000';
const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF'];

/** A string with one poison character put somewhere in it. */
export function poisoned(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(base, fc.constantFrom(NUL, ...LONE_SURROGATES), fc.nat()).map(([text, poison, at]) => {
    const i = text.length === 0 ? 0 : at % (text.length + 1);
    return text.slice(0, i) + poison + text.slice(i);
  });
}

/**
 * Long strings: just under the 1 MiB body limit reaches validation and the handlers (past it is a 413, sent
 * whole by requestArb). A URL cannot be that long (Node refuses request heads over 16 KiB), so queries and
 * paths get shorter ones.
 */
export const HUGE_BODY_STRINGS = ['x'.repeat(100_000), 'é'.repeat(50_000)];
export const HUGE_URL_STRINGS = ['x'.repeat(8_000), 'é'.repeat(2_000)];

/** What a generator draws on: real values, and how long its longest strings may be. */
export type Context = { seeds: Seeds; huge: string[] };

/** Any JSON value, small: what goes where the schema wants something else (an array where an object goes...). */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 10 }),
  poisoned(fc.string({ maxLength: 10 })),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

function stringArb(schema: JsonSchema, { seeds }: Context): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...seeds.uuids), fc.uuid());
  if (schema.format === 'email') return fc.oneof(fc.constantFrom(...seeds.emails), fc.emailAddress());
  // Only loopback addresses: the server may call a URL it is given (webhooks), and tests reach no one else.
  if (schema.format === 'uri' || schema.format === 'url')
    return fc.webPath().map((path) => `http://127.0.0.1:9${path}`);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    // Patterns that describe e-mail addresses or ids also get the real ones.
    const known = [...seeds.uuids, ...seeds.emails, ...seeds.strings].filter((value) => pattern.test(value));
    const matching = fc.stringMatching(pattern);
    return known.length > 0 ? fc.oneof(fc.constantFrom(...known), matching) : matching;
  }
  return fc.oneof(
    fc.string({ minLength, maxLength: Math.max(minLength, maxLength) }),
    fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: 'grapheme' }),
    fc.constantFrom(...seeds.strings),
  );
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
  const lo = Math.max(min, -Number.MAX_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  if (integer) return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  return fc.double({ min: lo, max: hi, noNaN: true });
}

/** Wrong for this node: poison in a string, out of range, another type, huge. */
function wrongArb(schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  // Weights: a huge string in one wrong string in a hundred, as it costs much more to send than the rest.
  const wrong: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: anyJson, weight: 30 }];
  if (types.includes('string') || schema.enum) {
    wrong.push(
      { arbitrary: poisoned(stringArb({ ...schema, enum: undefined }, ctx)), weight: 50 },
      { arbitrary: poisoned(fc.string({ maxLength: 5 })), weight: 19 },
      { arbitrary: fc.constantFrom(...ctx.huge), weight: 1 },
    );
  }
  if (types.includes('integer') || types.includes('number')) {
    const edges = [Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 1e308, -1e308, 0.5, -1, 2 ** 31, 2 ** 63];
    if (schema.minimum !== undefined) edges.push(schema.minimum - 1, schema.minimum - 0.5);
    if (schema.maximum !== undefined) edges.push(schema.maximum + 1, schema.maximum + 0.5);
    wrong.push({ arbitrary: fc.constantFrom(...edges, '1', '', '1e3', '0x10'), weight: 50 });
  }
  if (types.includes('object')) wrong.push({ arbitrary: fc.array(anyJson, { maxLength: 3 }), weight: 20 });
  if (types.includes('array')) {
    wrong.push({ arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), anyJson, { maxKeys: 2 }), weight: 20 });
    if (schema.items) {
      wrong.push({
        arbitrary: fc.array(valueArb(schema.items, ctx, 1), { minLength: 101, maxLength: 110 }),
        weight: 1,
      });
    }
  }
  return fc.oneof(...wrong);
}

/**
 * Values for `schema`, mostly valid with wrong ones mixed in at every depth: mutation `weight` in 10 per node
 * (0 gives valid values only, as far as the schema says).
 */
export function valueArb(schema: JsonSchema, ctx: Context, weight = 1): fc.Arbitrary<unknown> {
  const valid = validArb(schema, ctx, weight);
  if (weight === 0) return valid;
  return fc.oneof({ arbitrary: valid, weight: 10 - weight }, { arbitrary: wrongArb(schema, ctx), weight });
}

function validArb(schema: JsonSchema, ctx: Context, weight: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => valueArb(alternative, ctx, weight)));
  if (schema.allOf?.[0]) return valueArb(schema.allOf[0], ctx, weight);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validArb({ ...schema, type }, ctx, weight)));
  switch (types[0]) {
    case 'string':
      return stringArb(schema, ctx);
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? valueArb(schema.items, ctx, weight) : anyJson, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'object':
      return objectArb(schema, ctx, weight);
    default:
      return anyJson;
  }
}

function objectArb(schema: JsonSchema, ctx: Context, weight: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = new Set(schema.required ?? []);
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  const keyArb = fc.oneof(
    { arbitrary: fc.string({ maxLength: 8 }), weight: 5 },
    { arbitrary: poisoned(fc.string({ maxLength: 4 })), weight: weight === 0 ? 0 : 1 },
  );
  const unknownFields =
    weight === 0
      ? fc.constant({})
      : fc.oneof(
          { arbitrary: fc.constant({}), weight: 9 },
          { arbitrary: fc.dictionary(keyArb, anyJson, { minKeys: 1, maxKeys: 2 }), weight: 1 },
        );
  return fc
    .tuple(
      fc.record(Object.fromEntries(names.map((name) => [name, valueArb(properties[name] ?? {}, ctx, weight)]))),
      fc.array(fc.nat(29), { minLength: names.length, maxLength: names.length }),
      extra ? fc.dictionary(keyArb, valueArb(extra, ctx, weight), { maxKeys: 4 }) : fc.constant({}),
      unknownFields,
    )
    .map(([record, dice, entries, unknown]) => {
      const value: Record<string, unknown> = { ...entries, ...unknown };
      names.forEach((name, i) => {
        const roll = dice[i] ?? 0;
        // A required field is left out one time in thirty (when mutating); an optional one half of the time.
        const keep = required.has(name) ? weight === 0 || roll !== 0 : roll < 15;
        if (keep) value[name] = (record as Record<string, unknown>)[name];
      });
      return value;
    });
}
