import { hash } from 'node:crypto';

/**
 * A set of viewers counted without keeping them (decision 0024: unique viewers over any range without
 * counting the distinct rows of analytics_viewer_day): their hashes while there are few, so small figures are
 * exact, then a HyperLogLog of 2^14 registers (Flajolet, Fusy, Gandouet, Meunier 2007,
 * https://algo.inria.fr/flajolet/Publications/FlFuGaMe07.pdf), whose standard error is 1.04 / sqrt(2^14),
 * 0.81%. Two sketches merge into the sketch of the union, so a day's sketches add up to any range's.
 *
 * Stored as bytea: a kind byte, then either the hashes (8 bytes each, big-endian) or the registers. The
 * format is read back by every later version: change it only with a migration that rewrites the sketches.
 */

/** Register index bits (HyperLogLog precision). */
const P = 14;
const REGISTERS = 1 << P;
/** The hash bits after the index: a register keeps the position of their first 1, 1 to Q + 1. */
const Q = 64 - P;
/** Up to this many viewers a sketch keeps their hashes: 8 bytes each, no more room than the registers take. */
export const EXACT_LIMIT = REGISTERS / 8;
const HASH_BYTES = 8;
const EXACT = 1;
const DENSE = 2;
/** The HyperLogLog constant for m -> infinity, 1 / (2 ln 2) (Ertl 2017, below). */
const ALPHA_INF = 1 / (2 * Math.LN2);

/** The first 64 bits of the viewer's SHA-1, as 16 hex digits: uniform enough, and the same in every process. */
export const viewerHash = (viewer: string) => hash('sha1', viewer, 'hex').slice(0, 2 * HASH_BYTES);

export class ViewerSketch {
  #hashes: Set<string> | null = new Set();
  #registers: Uint8Array | null = null;

  static of(viewers: Iterable<string>) {
    const sketch = new ViewerSketch();
    for (const viewer of viewers) sketch.addHash(viewerHash(viewer));
    return sketch;
  }

  static fromBytes(bytes: Uint8Array) {
    const sketch = new ViewerSketch();
    const body = Buffer.from(bytes.buffer, bytes.byteOffset + 1, bytes.byteLength - 1);
    if (bytes[0] === EXACT && body.length % HASH_BYTES === 0) {
      const hashes = sketch.#hashes as Set<string>;
      for (let at = 0; at < body.length; at += HASH_BYTES) hashes.add(body.toString('hex', at, at + HASH_BYTES));
    } else if (bytes[0] === DENSE && body.length === REGISTERS) {
      sketch.#hashes = null;
      sketch.#registers = Uint8Array.from(body);
    } else {
      throw new Error(`not a viewer sketch (kind ${bytes[0]}, ${bytes.byteLength} bytes)`);
    }
    return sketch;
  }

  /** Whether the count is exact (the sketch still holds every hash). */
  get exact() {
    return this.#hashes !== null;
  }

  addHash(hex: string) {
    if (this.#hashes) {
      this.#hashes.add(hex);
      if (this.#hashes.size > EXACT_LIMIT) this.#densify();
    } else {
      setRegister(this.#registers as Uint8Array, hex);
    }
    return this;
  }

  /** Makes this the sketch of the union. */
  merge(other: ViewerSketch) {
    if (other.#hashes) {
      for (const hex of other.#hashes) this.addHash(hex);
      return this;
    }
    if (this.#hashes) this.#densify();
    const mine = this.#registers as Uint8Array;
    const theirs = other.#registers as Uint8Array;
    for (let i = 0; i < REGISTERS; i += 1) {
      if ((theirs[i] as number) > (mine[i] as number)) mine[i] = theirs[i] as number;
    }
    return this;
  }

  /** How many distinct viewers: exact while the hashes are kept, an estimate after. */
  count() {
    if (this.#hashes) return this.#hashes.size;
    return estimate(this.#registers as Uint8Array);
  }

  toBytes(): Buffer {
    if (this.#hashes) {
      // Sorted, so the same viewers make the same bytes whatever their order.
      return Buffer.concat([Buffer.of(EXACT), Buffer.from([...this.#hashes].sort().join(''), 'hex')]);
    }
    return Buffer.concat([Buffer.of(DENSE), this.#registers as Uint8Array]);
  }

  #densify() {
    const registers = new Uint8Array(REGISTERS);
    for (const hex of this.#hashes as Set<string>) setRegister(registers, hex);
    this.#hashes = null;
    this.#registers = registers;
  }
}

/** The first P bits pick the register; it keeps the largest position of the first 1 in the other Q bits. */
function setRegister(registers: Uint8Array, hex: string) {
  const high = Number.parseInt(hex.slice(0, 8), 16);
  const low = Number.parseInt(hex.slice(8, 16), 16);
  const index = high >>> (32 - P);
  const rest = high & ((1 << (32 - P)) - 1);
  // Math.clz32 counts over 32 bits: the P index bits above `rest` are zeros that are not its own.
  const rank = rest !== 0 ? Math.clz32(rest) - P + 1 : low !== 0 ? 32 - P + Math.clz32(low) + 1 : Q + 1;
  if (rank > (registers[index] as number)) registers[index] = rank;
}

/**
 * Otmar Ertl's improved estimator ("New cardinality estimation algorithms for HyperLogLog sketches", 2017,
 * https://arxiv.org/abs/1702.01284, section 4, as Redis computes it since 5.0): from the registers' histogram,
 * accurate over the whole range, from a few viewers (where it agrees with linear counting) to billions,
 * with no empirical bias table and no threshold between estimators.
 */
function estimate(registers: Uint8Array) {
  const histogram: number[] = Array(Q + 2).fill(0);
  for (const value of registers) histogram[value] = (histogram[value] as number) + 1;
  let z = REGISTERS * tau((REGISTERS - (histogram[Q + 1] as number)) / REGISTERS);
  for (let k = Q; k >= 1; k -= 1) z = 0.5 * (z + (histogram[k] as number));
  z += REGISTERS * sigma((histogram[0] as number) / REGISTERS);
  return Math.round((ALPHA_INF * REGISTERS * REGISTERS) / z);
}

function sigma(x: number) {
  if (x === 1) return Number.POSITIVE_INFINITY;
  let power = x;
  let y = 1;
  let z = x;
  let previous: number;
  do {
    power *= power;
    previous = z;
    z += power * y;
    y += y;
  } while (previous !== z);
  return z;
}

function tau(x: number) {
  if (x === 0 || x === 1) return 0;
  let root = x;
  let y = 1;
  let z = 1 - x;
  let previous: number;
  do {
    root = Math.sqrt(root);
    previous = z;
    y *= 0.5;
    z -= (1 - root) ** 2 * y;
  } while (previous !== z);
  return z / 3;
}
