import { describe, expect, it } from 'vitest';
import { batchedCheck, renderCache } from './render-cache.ts';

describe('the page render cache', () => {
  it('renders once per key within the time to live, shares a render in progress, and renders again after', async () => {
    let clock = 0;
    let renders = 0;
    const cache = renderCache<string>(2000, () => clock);
    const render = async () => `page ${++renders}`;
    const [a, b] = await Promise.all([cache.get('v:x', render), cache.get('v:x', render)]);
    // The second call shares the first one's render: it did not make it, so it is not fresh for it.
    expect([a, b, renders]).toEqual([{ value: 'page 1', fresh: true }, { value: 'page 1', fresh: false }, 1]);
    clock = 1999;
    expect(await cache.get('v:x', render)).toEqual({ value: 'page 1', fresh: false });
    expect(await cache.get('v:y', render)).toEqual({ value: 'page 2', fresh: true });
    clock = 2000;
    expect(await cache.get('v:x', render)).toEqual({ value: 'page 3', fresh: true });
    cache.forget('v:x');
    expect(await cache.get('v:x', render)).toEqual({ value: 'page 4', fresh: true });
  });

  it('keeps no failed render, and renders every time when off', async () => {
    const cache = renderCache<string>(2000, () => 0);
    await expect(cache.get('k', async () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect((await cache.get('k', async () => 'fine')).value).toBe('fine');
    let renders = 0;
    const off = renderCache<number>(0);
    await off.get('k', async () => ++renders);
    await off.get('k', async () => ++renders);
    expect(renders).toBe(2);
  });
});

describe('the batched check', () => {
  it('asks once for the calls of one moment, and never answers a call with a question asked before it', async () => {
    const asked: string[][] = [];
    const gates: Array<() => void> = [];
    let shown = new Set(['a', 'b']);
    const check = batchedCheck(async (keys) => {
      asked.push(keys);
      const answer = new Set(shown);
      await new Promise<void>((resolve) => gates.push(resolve));
      return answer;
    });
    const first = [check('a'), check('b'), check('a')];
    await Promise.resolve();
    expect(asked).toEqual([['a', 'b']]);

    // 'a' is deleted while the first question is out: a call made now must not get its answer.
    shown = new Set(['b']);
    const later = check('a');
    await Promise.resolve();
    expect(asked).toHaveLength(1);
    gates.shift()?.();
    expect(await Promise.all(first)).toEqual([true, true, true]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual([['a', 'b'], ['a']]);
    gates.shift()?.();
    expect(await later).toBe(false);
  });

  it('passes a failure to the calls that were waiting, and asks again for the next ones', async () => {
    let fail = true;
    const check = batchedCheck(async () => {
      if (fail) throw new Error('database down');
      return new Set(['a']);
    });
    await expect(check('a')).rejects.toThrow('database down');
    fail = false;
    expect(await check('a')).toBe(true);
  });
});
