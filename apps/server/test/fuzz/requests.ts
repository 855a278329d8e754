import fc from 'fast-check';
import { HUGE_BODY_STRINGS, HUGE_URL_STRINGS, type JsonSchema, poisoned, type Seeds, valueArb } from './arbitraries.ts';

/** One route as the fuzz sees it: where its inputs go and what their schemas are. */
export type RouteSpec = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify's form: `/media/:videoId/:generation/*`. */
  path: string;
  query?: JsonSchema;
  body?: JsonSchema;
  /** How the body travels: JSON (the API), text/plain JSON (sendBeacon), raw bytes (upload parts). */
  bodyKind?: 'json' | 'beacon' | 'bytes';
  /** Whether a 2xx JSON answer is the API's envelope (not so for oEmbed, the OpenAPI document, the public API). */
  envelope: boolean;
  /** Signed in with an API key (the public API, /api/v1) rather than a console session. */
  apiKey?: true;
  /** Fewer runs than the others: a fixed file (megabytes each time) that reads nothing but its path. */
  runs?: number;
  /** A body the route accepts: half the runs send it with one field replaced, to reach what runs after validation. */
  example?: Record<string, unknown>;
};

/** Paths to every string inside a JSON value. */
function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...at, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...at, key]));
  return [];
}

/** The example with NUL or a lone surrogate put into one of its strings, however deep. */
function onePoisonedString(example: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc.constantFrom(...stringPaths(example)).chain((path) => {
    const copy = structuredClone(example);
    let parent: Record<string | number, unknown> = copy;
    for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
    const last = path.at(-1) as string | number;
    return poisoned(fc.constant(String(parent[last]))).map((text) => {
      parent[last] = text;
      return structuredClone(copy);
    });
  });
}

/** The example with one of its fields replaced by a generated (often wrong) value for that field. */
function oneFieldOff(spec: RouteSpec, example: Record<string, unknown>, seeds: Seeds): fc.Arbitrary<unknown> {
  const properties = spec.body?.properties ?? {};
  const keys = Object.keys(example).filter((key) => properties[key]);
  return fc.constantFrom(...keys).chain((key) =>
    valueArb(properties[key] ?? {}, { seeds, huge: HUGE_BODY_STRINGS }).map((value) => ({
      ...example,
      [key]: value,
    })),
  );
}

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
};

/**
 * Percent-encodes text as encodeURIComponent does, and lone surrogates too, as their (WTF-8) bytes, which
 * encodeURIComponent refuses to do: a client can send those bytes, so the fuzz sends them.
 */
export function percentEncode(text: string): string {
  // With the u flag a paired surrogate is one code point, so \p{Cs} matches lone ones only.
  return text
    .split(/(\p{Cs})/u)
    .map((part, i) => (i % 2 === 1 ? wtf8(part) : encodeURIComponent(part)))
    .join('');
}

function wtf8(loneSurrogate: string): string {
  const unit = loneSurrogate.charCodeAt(0);
  return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
    .map((byte) => `%${byte.toString(16).toUpperCase()}`)
    .join('');
}

function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined) continue;
      const text = typeof item === 'object' ? JSON.stringify(item) : String(item);
      pairs.push(`${percentEncode(key)}=${percentEncode(text)}`);
    }
  }
  return pairs.join('&');
}

// Query strings no encoder writes: bad escapes, an encoded NUL, an overlong NUL, an encoded lone surrogate.
const RAW_QUERY_TAILS = ['', '', '', '', '&%', '&a=%zz', '&=&&', '&x=%00', '&x=%ED%A0%80', '&x=%C0%80', '&x[y]=1'];
// JSON bodies no client library writes, and one past the 1 MiB body limit.
const TOO_LARGE = JSON.stringify({ x: 'x'.repeat(1_100_000) });
const RAW_BODIES = [
  TOO_LARGE,
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"x"',
  '1',
  '{"__proto__":{"x":1}}',
  '\u0000',
  '{"a":"\\ud800"}',
];

function paramArb(name: string, seeds: Seeds): fc.Arbitrary<string> {
  const known = name === 'generation' ? ['1', '0', '999999999'] : name === '*' ? ['master.m3u8', 'v0/seg0.ts'] : [];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...seeds.uuids, ...seeds.strings, ...known), weight: 4 },
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: fc.string({ maxLength: 20 }), weight: 2 },
    { arbitrary: poisoned(fc.constantFrom(...seeds.uuids, 'a')), weight: 2 },
    { arbitrary: fc.constantFrom('..', '../..', '.%2e', 'a/../../etc/passwd', 'x'.repeat(5000)), weight: 1 },
  );
}

/** Requests for one route: its schema's values with mutations, in the ways clients send them. */
export function requestArb(
  spec: RouteSpec,
  seeds: Seeds,
  fallbackQuery: JsonSchema = { type: 'object', additionalProperties: { type: 'string' } },
): fc.Arbitrary<FuzzRequest> {
  const params = [...spec.path.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
  const pathArb = fc.tuple(...params.map((name) => paramArb(name, seeds))).map((values) => {
    let i = 0;
    return spec.path.replace(/:(\w+)|\*/g, () => {
      const value = values[i++] ?? '';
      // The wildcard keeps its slashes: it is a path.
      return params[i - 1] === '*' ? value.split('/').map(percentEncode).join('/') : percentEncode(value);
    });
  });
  const queryArb = valueArb(spec.query ?? fallbackQuery, { seeds, huge: HUGE_URL_STRINGS });
  const bodyArb: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> =
    spec.method === 'GET'
      ? fc.constant({})
      : spec.bodyKind === 'bytes'
        ? fc.record({
            payload: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
            contentType: fc.constantFrom('application/octet-stream', 'video/mp4', 'application/json'),
          })
        : fc.oneof(
            {
              weight: 18,
              arbitrary: (spec.example
                ? fc.oneof(
                    oneFieldOff(spec, spec.example, seeds),
                    onePoisonedString(spec.example),
                    valueArb(spec.body ?? {}, { seeds, huge: HUGE_BODY_STRINGS }),
                  )
                : valueArb(spec.body ?? { type: 'object' }, { seeds, huge: HUGE_BODY_STRINGS })
              ).map((body) => ({
                payload: JSON.stringify(body),
                contentType: spec.bodyKind === 'beacon' ? 'text/plain;charset=UTF-8' : 'application/json',
              })),
            },
            {
              weight: 1,
              arbitrary: fc.record({
                payload: fc.constantFrom(...RAW_BODIES),
                contentType: fc.constantFrom('application/json', 'text/plain'),
              }),
            },
            {
              weight: 1,
              arbitrary: fc.record({
                payload: fc.constantFrom('a=1', '--x\r\n', '<x/>'),
                contentType: fc.constantFrom('application/x-www-form-urlencoded', 'multipart/form-data', 'text/xml'),
              }),
            },
          );
  return fc
    .record({
      path: pathArb,
      query: queryArb,
      tail: fc.constantFrom(...RAW_QUERY_TAILS),
      body: bodyArb,
      remoteAddress: fc.ipV4(),
    })
    .map(({ path, query, tail, body, remoteAddress }) => {
      const search = `${queryString(query)}${tail}`;
      const headers: Record<string, string> = {};
      if (body.contentType) headers['content-type'] = body.contentType;
      return {
        method: spec.method,
        url: search ? `${path}?${search}` : path,
        headers,
        payload: body.payload,
        remoteAddress,
      };
    });
}

/** What a request says about who sends it: nothing, or a header that is not a valid token, or a valid one. */
export function signedOutArb(): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { arbitrary: fc.constant({}), weight: 4 },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', `Bearer ${'a'.repeat(5000)}`, 'Bearer a b'),
          fc
            .string({ unit: 'binary-ascii', maxLength: 30 })
            .map((token) => `Bearer ${token.replace(/[^\x21-\x7e]/g, 'x')}`),
          fc.string({ maxLength: 10 }).map((text) => `Bearer ${text.replace(/[^\x21-\x7e]/g, 'x')}\u00ff`),
        )
        .map((authorization) => ({ authorization })),
    },
  );
}
