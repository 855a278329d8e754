// RFC 3492 (Punycode) decoding, https://www.rfc-editor.org/rfc/rfc3492#section-6.2: browsers turn a typed
// international name into punycode (the URL parser) but offer no way back, and a list of domains reads
// better as the user typed them.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;

function adapt(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / DAMP) : delta >> 1;
  scaled += Math.floor(scaled / points);
  let k = 0;
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

function digitOf(code: number): number {
  if (code >= 48 && code <= 57) return code - 22; // 0-9 are 26-35
  if (code >= 65 && code <= 90) return code - 65;
  if (code >= 97 && code <= 122) return code - 97;
  return BASE;
}

/** One label's Unicode, or null when it is not valid punycode. */
function decodeLabel(encoded: string): string | null {
  const basic = encoded.lastIndexOf('-');
  const output = [...encoded.slice(0, Math.max(basic, 0))].map((char) => char.charCodeAt(0));
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = basic > 0 ? basic + 1 : 0; index < encoded.length; ) {
    const old = i;
    let weight = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= encoded.length) return null;
      const digit = digitOf(encoded.charCodeAt(index++));
      if (digit >= BASE) return null;
      i += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      weight *= BASE - threshold;
    }
    const length = output.length + 1;
    bias = adapt(i - old, length, old === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return null;
    output.splice(i++, 0, n);
  }
  // An empty or all-ASCII result was never an international name.
  return output.some((code) => code >= INITIAL_N) ? String.fromCodePoint(...output) : null;
}

/** A stored domain (punycode) as its owner typed it: `xn--mnchen-3ya.de` reads `münchen.de`. */
export function displayDomain(domain: string): string {
  return domain
    .split('.')
    .map((label) => (label.startsWith('xn--') ? (decodeLabel(label.slice(4)) ?? label) : label))
    .join('.');
}
