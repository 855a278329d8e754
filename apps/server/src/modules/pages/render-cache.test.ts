import { describe, expect, it } from 'vitest';
import { renderCache } from './render-cache.ts';

describe('the page render cache', () => {
  it('renders once per key within the time to live, shares a render in progress, and renders again after', async () => {
    let clock = 0;
    let renders = 0;
    const cache = renderCache<string>(2000, () => clock);
    const render = async () => `page ${++renders}`;
    const [a, b] = await Promise.all([cache.get('v:x', render), cache.get('v:x', render)]);
    expect([a, b, renders]).toEqual(['page 1', 'page 1', 1]);
    clock = 1999;
    expect(await cache.get('v:x', render)).toBe('page 1');
    expect(await cache.get('v:y', render)).toBe('page 2');
    clock = 2000;
    expect(await cache.get('v:x', render)).toBe('page 3');
  });

  it('keeps no failed render, and renders every time when off', async () => {
    const cache = renderCache<string>(2000, () => 0);
    await expect(cache.get('k', async () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect(await cache.get('k', async () => 'fine')).toBe('fine');
    let renders = 0;
    const off = renderCache<number>(0);
    await off.get('k', async () => ++renders);
    await off.get('k', async () => ++renders);
    expect(renders).toBe(2);
  });
});
