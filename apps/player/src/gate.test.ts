// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mustAsk } from './gate.ts';

// A site's email gate: which video asks, what a viewer's answer lets through, and what the browser keeps.
const SITE = '22222222-2222-4222-8222-222222222222';
const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '33333333-3333-4333-8333-333333333333';

/** A fresh page load's gate on a player of `videoId` in a site whose gate is `mode`; its play count. */
async function mount(videoId: string, mode: 'once' | 'every', keep = true) {
  document.body.innerHTML = `<div data-lr-player data-video-id="${videoId}" data-gate="${mode}" data-site="${SITE}">
    <form class="lr-gate" hidden data-invalid="Enter a valid email address" data-failed="Could not send.">
      <input type="email" name="email"><input type="text" name="website"><p class="lr-gate-status"></p>
      <button type="submit">Continue</button>
    </form></div>`;
  const root = document.querySelector<HTMLElement>('[data-lr-player]') as HTMLElement;
  const { throughGate } = await import('./gate.ts');
  const plays = { count: 0 };
  throughGate(root, () => plays.count++, {
    keep,
    viewerId: () => 'page0123456789abcdef',
    where: () => ({ page: `https://videos.example.test/video/${videoId}`, referrer: '' }),
  });
  const form = root.querySelector('form') as HTMLFormElement;
  return { plays, form, status: form.querySelector('.lr-gate-status') as HTMLElement };
}

async function send(form: HTMLFormElement, email: string) {
  (form.querySelector('input[name="email"]') as HTMLInputElement).value = email;
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.advanceTimersByTimeAsync(4000);
}

describe('mustAsk', () => {
  it('lets the first video of a site through once, and asks before every video when told to', () => {
    expect(mustAsk('once', { seen: [], answered: false }, FIRST)).toBe(false);
    expect(mustAsk('once', { seen: [FIRST], answered: false }, FIRST)).toBe(false);
    expect(mustAsk('once', { seen: [FIRST], answered: false }, SECOND)).toBe(true);
    expect(mustAsk('once', { seen: [FIRST], answered: true }, SECOND)).toBe(false);
    expect(mustAsk('every', { seen: [], answered: true }, FIRST)).toBe(true);
  });
});

describe('the gate before a video', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"statusCode":200,"data":{"received":true}}', { status: 200 })),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('plays the first video of a site at once, then asks before the second and plays it once the email is taken', async () => {
    const first = await mount(FIRST, 'once');
    expect(first.plays.count).toBe(1);
    expect(first.form.hidden).toBe(true);

    vi.resetModules();
    const second = await mount(SECOND, 'once');
    expect(second.plays.count).toBe(0);
    expect(second.form.hidden).toBe(false);
    await send(second.form, 'not an email');
    expect(second.status.textContent).toBe('Enter a valid email address');
    expect(fetch).not.toHaveBeenCalled();
    await send(second.form, 'buyer@example.test');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/public/site-gate');
    expect(JSON.parse(String(init.body))).toMatchObject({
      siteId: SITE,
      videoId: SECOND,
      email: 'buyer@example.test',
      page: `https://videos.example.test/video/${SECOND}`,
      website: '',
    });
    expect(second.form.hidden).toBe(true);
    expect(second.plays.count).toBe(1);

    // Answered: the site asks no more, on this page load or the next.
    vi.resetModules();
    expect((await mount(FIRST, 'once')).plays.count).toBe(1);
  });

  it('asks before every video when the site says so, and says so when the server refuses', async () => {
    vi.mocked(fetch).mockResolvedValueOnce(new Response('{}', { status: 429 }));
    const first = await mount(FIRST, 'every');
    expect(first.plays.count).toBe(0);
    await send(first.form, 'buyer@example.test');
    expect(first.status.textContent).toBe('Could not send.');
    expect(first.plays.count).toBe(0);
    await send(first.form, 'buyer@example.test');
    expect(first.plays.count).toBe(1);
  });

  it('keeps nothing in the browser in privacy mode: the next page load starts afresh', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    await mount(FIRST, 'once', false);
    vi.resetModules();
    expect((await mount(SECOND, 'once', false)).plays.count).toBe(1);
    expect(setItem).not.toHaveBeenCalled();
    setItem.mockRestore();
  });
});
