// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// What the inquiry form keeps of a viewer who sent it, for a form the owner shows once per viewer.
const VIDEO = '11111111-1111-4111-8111-111111111111';

/** A fresh page load's form module, mounted on a player holding a "once" form that may be skipped. */
async function mount(remember: boolean) {
  document.body.innerHTML = `<div data-lr-player><video></video>
    <form class="lr-form" hidden data-moment="before" data-scope="x" data-once data-skippable data-video-id="${VIDEO}">
      <div class="lr-form-body"><input data-field="name" value="Ada"></div>
      <button type="submit">Send</button>
    </form></div>`;
  const root = document.querySelector<HTMLElement>('[data-lr-player]') as HTMLElement;
  const video = root.querySelector('video') as HTMLVideoElement;
  const { mountForm } = await import('./form.ts');
  const gate = mountForm({
    root,
    video,
    lang: 'en',
    remember,
    record: () => ({ page: 'https://shop.example.test/', referrer: '', viewerId: 'page0123456789abcdef' }),
    track: () => undefined,
  });
  return { gate, form: root.querySelector('form') as HTMLFormElement };
}

/** Sends the form and lets the player's wait (the server's minimum fill time) and the thanks run out. */
async function send(form: HTMLFormElement) {
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.advanceTimersByTimeAsync(6000);
}

describe('the form sent', () => {
  const setItem = vi.spyOn(Storage.prototype, 'setItem');
  const getItem = vi.spyOn(Storage.prototype, 'getItem');
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
    setItem.mockClear();
    getItem.mockClear();
  });

  it('is kept in memory only in privacy mode: the page does not ask again, the next page load does', async () => {
    const first = await mount(false);
    expect(first.form.hidden).toBe(false);
    await send(first.form);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(first.form.hidden).toBe(true);
    expect((await mount(false)).gate).toBeNull();
    expect(setItem).not.toHaveBeenCalled();
    expect(getItem).not.toHaveBeenCalled();
    expect(localStorage).toHaveLength(0);

    vi.resetModules();
    expect((await mount(false)).form.hidden).toBe(false);
  });

  it('is kept in the browser otherwise, so the next page load does not ask again', async () => {
    await send((await mount(true)).form);
    expect(localStorage.getItem('lr-lead-x')).toBe('1');
    vi.resetModules();
    const again = await mount(true);
    expect(again.gate).toBeNull();
    expect(again.form.hidden).toBe(true);
  });
});

describe('the thanks after a form that holds the start', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('gives way to Play pressed while they show: the video plays, and they go', async () => {
    document.body.innerHTML = `<div data-lr-player><video></video>
      <form class="lr-form" hidden data-moment="before" data-scope="y" data-video-id="${VIDEO}">
        <div class="lr-form-body"><input data-field="name" value="Ada"></div>
        <div class="lr-form-thanks" hidden tabindex="-1">Thanks!</div>
        <button type="submit">Send</button>
      </form></div>`;
    const root = document.querySelector<HTMLElement>('[data-lr-player]') as HTMLElement;
    const video = root.querySelector('video') as HTMLVideoElement;
    const form = root.querySelector('form') as HTMLFormElement;
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const { mountForm } = await import('./form.ts');
    const gate = mountForm({
      root,
      video,
      lang: 'en',
      remember: false,
      record: () => ({ page: 'https://shop.example.test/', referrer: '', viewerId: 'page0123456789abcdef' }),
      track: () => undefined,
    });
    // Before it is sent, the form holds the start: a press of Play is paused again.
    video.dispatchEvent(new Event('play'));
    expect(pause).toHaveBeenCalledTimes(1);

    form.dispatchEvent(new Event('submit', { cancelable: true }));
    // Past the server's minimum fill time, inside the thanks' moment.
    await vi.advanceTimersByTimeAsync(3000);
    const thanks = form.querySelector('.lr-form-thanks') as HTMLElement;
    expect([form.hidden, thanks.hidden]).toEqual([false, false]);
    video.dispatchEvent(new Event('play'));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(form.hidden).toBe(true);
    await expect(gate).resolves.toBeUndefined();
  });
});

describe('the challenge an installation asks viewers to pass', () => {
  /** A form that shows before play, with `challenge` attributes as the watch page writes them. */
  async function mountWith(challenge: string) {
    document.head.innerHTML = '';
    document.body.innerHTML = `<div data-lr-player><video></video>
      <form class="lr-form" hidden data-moment="before" data-scope="c" data-video-id="${VIDEO}" ${challenge}>
        <div class="lr-form-body"><input data-field="name" value="Ada"><div class="lr-form-challenge"></div>
        <p class="lr-form-status"></p></div>
        <button type="submit">Send</button>
      </form></div>`;
    const root = document.querySelector<HTMLElement>('[data-lr-player]') as HTMLElement;
    const { mountForm } = await import('./form.ts');
    mountForm({
      root,
      video: root.querySelector('video') as HTMLVideoElement,
      lang: 'en',
      remember: false,
      record: () => ({ page: '', referrer: '', viewerId: 'page0123456789abcdef' }),
      track: () => undefined,
    });
    return root.querySelector('form') as HTMLFormElement;
  }
  const sentBodies = () =>
    vi
      .mocked(fetch)
      .mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window, 'turnstile');
  });

  it('loads the provider once the form shows, sends its pass, and asks for a fresh one after a refusal', async () => {
    const render = vi.fn((_element: HTMLElement, options: { sitekey: string; callback: (token: string) => void }) => {
      options.callback(`pass-for-${options.sitekey}`);
      return 'widget-1';
    });
    const reset = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'captcha_invalid', field: 'captcha' }, { status: 400 })),
    );
    const form = await mountWith(
      'data-challenge="turnstile" data-challenge-key="site-key" data-challenge-script="http://127.0.0.1:9/api.js"',
    );
    const script = document.head.querySelector('script');
    expect(script?.src).toBe('http://127.0.0.1:9/api.js');
    // The provider's script arrives and puts its API on the page.
    Object.assign(window, { turnstile: { render, reset } });
    script?.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(0);
    expect(render).toHaveBeenCalledWith(
      form.querySelector('.lr-form-challenge'),
      expect.objectContaining({ sitekey: 'site-key' }),
    );

    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.advanceTimersByTimeAsync(6000);
    expect(sentBodies()[0]).toMatchObject({ captcha: 'pass-for-site-key' });
    expect(reset).toHaveBeenCalledWith('widget-1');
    expect(form.querySelector('.lr-form-status')?.textContent).toBe('The check did not pass. Please try it again.');
  });

  it('loads nothing and sends no pass where the installation asks for none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    const form = await mountWith('');
    expect(document.head.querySelector('script')).toBeNull();
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.advanceTimersByTimeAsync(6000);
    expect(sentBodies()[0]).not.toHaveProperty('captcha');
  });
});
