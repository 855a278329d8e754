import { describe, expect, it } from 'vitest';
import { createServeGate } from './serve-gate.ts';

describe('serve gate', () => {
  it('reuses an answer for its interval, asks again after it, and forgets every answer on demand', async () => {
    let time = 0;
    const asked: string[] = [];
    let allowed = true;
    const gate = createServeGate({
      ask: async (accountId) => {
        asked.push(accountId);
        return allowed;
      },
      reuseMs: 1000,
      now: () => time,
    });
    expect(await gate.mayServe('a')).toBe(true);
    allowed = false;
    time = 999;
    expect(await gate.mayServe('a')).toBe(true);
    expect(await gate.mayServe('b')).toBe(false);
    time = 1000;
    expect(await gate.mayServe('a')).toBe(false);
    allowed = true;
    gate.forget();
    expect(await gate.mayServe('a')).toBe(true);
    expect(asked).toEqual(['a', 'b', 'a', 'a']);
  });

  it('keeps a bounded number of answers', async () => {
    let asks = 0;
    const gate = createServeGate({
      ask: async () => {
        asks += 1;
        return true;
      },
      maxAccounts: 2,
      now: () => 0,
    });
    for (const id of ['a', 'b', 'c', 'a']) await gate.mayServe(id);
    // 'c' found the map full and emptied it, so 'a' was asked again.
    expect(asks).toBe(4);
  });
});
