// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The anonymous viewer id the player sends with each contact click (and its form), for the lead timeline.
const PAGE = `<div class="lr-player" data-lr-player data-video-id="11111111-1111-4111-8111-111111111111" data-scope="abcd1234abcd1234">
  <div class="lr-contacts"><a data-lr-contact="whatsapp" href="#">WhatsApp</a></div>
</div>
<div data-lr-player data-video-id="22222222-2222-4222-8222-222222222222" data-scope="ffff0000ffff0000">
  <a data-lr-contact="email" href="#">Mail</a>
</div>`;

async function loadPlayer() {
  document.body.innerHTML = PAGE;
  const sent: Record<string, unknown>[] = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      expect(url).toBe('/api/public/click');
      sent.push(JSON.parse(body));
      return true;
    },
  });
  vi.resetModules();
  // A new page load, with the facade the server inlines in it.
  Reflect.deleteProperty(window, 'LeadReelFacade');
  await import('./facade-entry.ts');
  const click = (kind: string) =>
    document.querySelector<HTMLElement>(`[data-lr-contact="${kind}"]`)?.dispatchEvent(new Event('click'));
  return { sent, click };
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the viewer id', () => {
  it('is random, kept per account in the browser, and sent with every click', async () => {
    const { sent, click } = await loadPlayer();
    click('whatsapp');
    click('whatsapp');
    click('email');
    const [first, second, other] = sent.map((body) => body.viewerId as string);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
    expect(localStorage.getItem('lr-viewer-abcd1234abcd1234')).toBe(first);
    // Another account's video: another id, so two accounts cannot match one viewer.
    expect(other).toMatch(/^[0-9a-f]{32}$/);
    expect(other).not.toBe(first);

    // The next page load keeps the same id.
    const again = await loadPlayer();
    again.click('whatsapp');
    expect(again.sent[0]?.viewerId).toBe(first);
  });

  it('lasts the page load where storage is refused', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const { sent, click } = await loadPlayer();
    click('whatsapp');
    click('whatsapp');
    expect(sent[0]?.viewerId).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]?.viewerId).toBe(sent[0]?.viewerId);
    expect(sent[0]).toMatchObject({ videoId: '11111111-1111-4111-8111-111111111111', kind: 'whatsapp', second: 0 });
  });
});

describe('privacy mode', () => {
  const VIDEO = '33333333-3333-4333-8333-333333333333';
  const player = (
    privacy: boolean,
  ) => `<div data-lr-player data-video-id="${VIDEO}" data-scope="x"${privacy ? ' data-privacy' : ''}
    data-src="/hls/${VIDEO}/master.m3u8" data-controls="/player/controls.js">
    <button class="lr-play" aria-label="Play video: tour"></button>
    <div class="lr-contacts"><a data-lr-contact="whatsapp" href="#">WhatsApp</a></div>
    <form class="lr-form" hidden></form>
  </div>`;
  type FormOptions = Parameters<typeof import('./form.ts').mountForm>[0];

  /**
   * Mounts the page's player, presses play and clicks its contact button. jsdom loads no scripts and plays no
   * HLS, so the controls bundle is this fake, which keeps the options the player hands the form.
   */
  async function playAndClick(privacy: boolean) {
    document.body.innerHTML = player(privacy);
    const beacons: { url: string; body: Record<string, unknown> }[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: string) => beacons.push({ url, body: JSON.parse(body) }) > 0,
    });
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    let form: FormOptions | undefined;
    Object.assign(window, {
      LeadReelControls: {
        mountControls: () => undefined,
        mountForm: (options: FormOptions) => {
          form = options;
          return null;
        },
      },
    });
    const append = document.head.append.bind(document.head);
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      append(...nodes);
      for (const node of nodes)
        if (node instanceof HTMLScriptElement) setTimeout(() => node.onload?.(new Event('load')));
    });
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.resetModules();
    Reflect.deleteProperty(window, 'LeadReelFacade');
    await import('./facade-entry.ts');
    document.querySelector<HTMLElement>('.lr-play')?.click();
    // The press fetched the rest of the player, which starts the player pressed before it came.
    await import('./player.ts');
    await vi.waitFor(() => expect(form).toBeDefined());
    document.querySelector<HTMLElement>('[data-lr-contact="whatsapp"]')?.dispatchEvent(new Event('click'));
    const lead = (form as FormOptions).record();
    window.dispatchEvent(new Event('pagehide'));
    // (The players of earlier tests still listen to the page, with nothing left to send.)
    const batch = beacons.find(({ url, body }) => url === '/api/public/events' && body.videoId === VIDEO)?.body;
    const click = beacons.find(({ url }) => url === '/api/public/click')?.body;
    return { form: form as FormOptions, lead, batch, click, setItem, getItem };
  }

  afterEach(() => {
    Reflect.deleteProperty(window, 'LeadReelControls');
  });

  it('keeps nothing in the browser and reads nothing kept there, sending no viewer id with the events', async () => {
    localStorage.setItem('lr-viewer-x', 'kept0123456789abcdef');
    const { form, lead, batch, click, setItem, getItem } = await playAndClick(true);
    expect(setItem).not.toHaveBeenCalled();
    expect(getItem).not.toHaveBeenCalled();
    expect(Object.keys(localStorage)).toEqual(['lr-viewer-x']);
    // The click and the lead of this page view still meet, by an id that lives as long as the page.
    expect(click?.viewerId).toMatch(/^[0-9a-f]{32}$/);
    expect(lead.viewerId).toBe(click?.viewerId);
    expect(form.remember).toBe(false);
    expect(batch).toMatchObject({ videoId: VIDEO, events: [{ kind: 'load' }] });
    expect(batch).not.toHaveProperty('viewerId');
    // The click and the lead name the viewing they happened in, to be counted in it.
    expect(click?.sessionId).toBe(batch?.sessionId);
    expect(lead.sessionId).toBe(batch?.sessionId);
  });

  it('is off without data-privacy: the kept id is used for the click, the lead and the events', async () => {
    localStorage.setItem('lr-viewer-x', 'kept0123456789abcdef');
    const { form, lead, batch, click } = await playAndClick(false);
    expect(click?.viewerId).toBe('kept0123456789abcdef');
    expect(lead.viewerId).toBe('kept0123456789abcdef');
    expect(batch?.viewerId).toBe('kept0123456789abcdef');
    expect(form.remember).toBe(true);
  });
});
