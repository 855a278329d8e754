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
  await import('./player.ts');
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
