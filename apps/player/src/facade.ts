/**
 * The player before the viewer wants it. The server renders each `[data-lr-player]` as a facade
 * (lite-youtube-embed's idea): poster, title, play button and what sits over them. This part, inlined in the
 * page (facade-entry.ts), does only what cannot wait for the viewer: counts the page view (the analytics'
 * load), records clicks on the contact buttons, fits the corners, brings the copy-link buttons to life and
 * takes the embed's colour. The rest of the player (player.ts, then hls.js and the controls) is fetched on
 * intent: the pointer over the player, a touch, focus inside it, a press, autoplay, or the album feed asking.
 * A page holding an embed nobody plays downloads no player code at all (bench:embed-weight).
 */

import type { ClickKind } from '@leadreel/shared/contracts/player';
import { DROP_ORDER, SLOT_ORDER } from '@leadreel/shared/contracts/slots';
import { viewerApiPath } from '@leadreel/shared/routes/viewer';
import { asksNotToBeTracked, type Collector, createCollector } from './analytics.ts';
import { FEED_READY, FEED_SHOWN, FEED_START, type FeedStart } from './feed-model.ts';
import { embedOptions } from './options.ts';

/** Why the rest of the player is asked for, for one player. */
export type Wake =
  /** The viewer is about to press: fetch and ready what playing needs. */
  | { kind: 'intent' }
  /** Play was pressed (or the page autoplays): through the site's gate, then play. */
  | { kind: 'press' }
  /** The album feed starts the slide in view, with sound or muted. */
  | { kind: 'feed-start'; muted: boolean }
  /** The album feed readies the next slide. */
  | { kind: 'feed-ready' };

/** What the facade shares with the rest of the player, which arrives as a script of its own. */
export type Facade = {
  /** The viewer's anonymous id for the player's account (one per page load in privacy mode). */
  viewerId: (root: HTMLElement) => string;
  /** What the player tells the server about its viewing. */
  collector: (root: HTMLElement) => Collector | undefined;
  /** The video time the player's contact clicks are recorded at, once it plays. */
  setClock: (root: HTMLElement, clock: () => number) => void;
  /** The rest of the player takes the wakes: those that came before it, then every one as it comes. */
  arrive: (handler: (root: HTMLElement, wake: Wake) => void) => void;
};

declare global {
  interface Window {
    LeadReelFacade?: Facade;
  }
}

/** hls.js, light build: no alternate audio, which a dubbed video's facade asks for with data-hls (the full one). */
const HLS_SCRIPT = '/player/hls.light.min.js';
export const hlsScript = (root: HTMLElement) => root.dataset.hls || HLS_SCRIPT;

/**
 * Whether the player uses our controls bundle: for the controls, or for the inquiry form it also carries (an
 * embed without controls still loads it for one).
 */
export const wantsControls = (root: HTMLElement) =>
  Boolean(root.dataset.controls) && (embedOptions(location.search).controls || root.querySelector('form.lr-form'));

/**
 * The account owner's privacy mode (the server renders data-privacy): the player keeps nothing in the
 * viewer's browser, no viewer id included, as with Wistia's privacy mode.
 */
export const privacyMode = (root: HTMLElement) => 'privacy' in root.dataset;

/** Where the viewer is: the customer's page that holds an embed (the frame's referrer), or this page. */
export function where() {
  const embedded = window.top !== window;
  return {
    page: (embedded ? document.referrer : location.href).slice(0, 2000),
    referrer: (embedded ? '' : document.referrer).slice(0, 2000),
  };
}

/**
 * Each button over the player shows from its second until its end second (or the video's end); a call to
 * action set for the end shows once the video has ended.
 */
export function showAt(root: HTMLElement, buttons: HTMLElement[], time: number, ended = false) {
  let changed = false;
  for (const button of buttons) {
    const from = Number(button.dataset.from ?? 0);
    const until = button.dataset.until ? Number(button.dataset.until) : Number.POSITIVE_INFINITY;
    const hidden = 'atEnd' in button.dataset ? !ended : !(time >= from && time < until);
    changed ||= button.hidden !== hidden;
    button.hidden = hidden;
  }
  if (changed) fitSlots(root);
}

/** The timed buttons over the player: contact buttons and the call to action (in a corner or a banner). */
export const timed = (root: HTMLElement) => [
  ...root.querySelectorAll<HTMLElement>('.lr-slot > [data-lr-contact], .lr-contacts > [data-lr-contact]'),
];

/**
 * The corners' slots are cells of a grid above the controls (shared/contracts/slots.ts), so they never cover
 * one another; a player too short for all of them gives up things of its tallest corner, least needed first
 * (DROP_ORDER), until the rest fit, rather than letting the grid run under the controls.
 */
export function fitSlots(root: HTMLElement) {
  const layer = root.querySelector<HTMLElement>('.lr-contacts');
  if (!layer) return;
  for (const item of layer.querySelectorAll('.lr-unfit')) item.classList.remove('lr-unfit');
  const slots = [...layer.querySelectorAll<HTMLElement>('.lr-slot')];
  // Each thing is known by its class, lr-<item> (a call to action in a corner is also an lr-contact).
  const rank = (item: Element) =>
    DROP_ORDER.indexOf(SLOT_ORDER.find((kind) => item.classList.contains(`lr-${kind}`)) ?? 'logo');
  while (layer.scrollHeight > layer.clientHeight + 1) {
    const tallest = slots.sort((a, b) => b.offsetHeight - a.offsetHeight)[0];
    const shown = [...(tallest?.children ?? [])].filter(
      (item): item is HTMLElement => (item as HTMLElement).offsetHeight > 0,
    );
    const drop = shown.sort((a, b) => rank(a) - rank(b))[0];
    if (!drop) return;
    drop.classList.add('lr-unfit');
  }
}

/** Asks the browser for a script now, to run when the player names it (a hint: nothing runs). */
function preload(href: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.append(link);
}

/** The pointer over the player, a finger on it, focus inside it: the viewer is about to press play. */
const INTENT = ['pointerenter', 'pointerdown', 'touchstart', 'focusin'];

/**
 * Mounts every facade of the page, once, and answers what it shares. `rest` is the address of the rest of the
 * player, fetched at the first wake; null where the rest is already on the page (player.ts loaded by itself).
 */
export function mountFacades(rest: string | null): Facade {
  if (window.LeadReelFacade) return window.LeadReelFacade;
  const clocks = new WeakMap<HTMLElement, () => number>();
  const collectors = new WeakMap<HTMLElement, Collector>();
  const pageViewers: Record<string, string> = {};
  const waiting: [HTMLElement, Wake][] = [];
  let handler: ((root: HTMLElement, wake: Wake) => void) | null = null;
  let fetching = false;

  /** This page load's id for the scope, in memory only. */
  const pageViewer = (scope: string) =>
    (pageViewers[scope] ??= Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join(''));

  /**
   * The viewer's anonymous id for this account (the scope): random, kept in the browser so their clicks and
   * their lead meet in the owner's lead timeline. Where storage is refused, or the owner keeps nothing in the
   * browser (privacy mode, where what was kept before is not read either), one per page load.
   */
  function viewerId(root: HTMLElement): string {
    const scope = root.dataset.scope ?? '';
    if (privacyMode(root)) return pageViewer(scope);
    const key = `lr-viewer-${scope}`;
    try {
      const kept = localStorage.getItem(key);
      if (kept && /^[\w-]{16,64}$/.test(kept)) return kept;
    } catch {
      // Storage refused (some private windows, blocked third-party storage): this page load's id below.
    }
    const id = pageViewer(scope);
    try {
      localStorage.setItem(key, id);
    } catch {
      // As above: the id lives as long as the page.
    }
    return id;
  }

  /**
   * Records a click on a contact button (the lead timeline and the analytics count it, once, from this)
   * without holding the viewer up: sendBeacon survives the page being left for WhatsApp or the mail app. In an
   * embed, the page is the customer's page that holds the frame.
   */
  function recordClick(root: HTMLElement, kind: ClickKind) {
    const videoId = root.dataset.videoId;
    const second = Math.round((clocks.get(root)?.() ?? 0) * 10) / 10;
    if (!videoId || !navigator.sendBeacon) return;
    const sessionId = collectors.get(root)?.sessionId;
    const body = { videoId, kind, second, viewerId: viewerId(root), ...(sessionId ? { sessionId } : {}), ...where() };
    navigator.sendBeacon(viewerApiPath('public.click'), JSON.stringify(body));
  }

  function fetchRest() {
    if (fetching || !rest) return;
    fetching = true;
    const script = document.createElement('script');
    script.src = rest;
    script.async = true;
    // Not fetched (the network dropped): the next intent or press asks again.
    script.onerror = () => {
      fetching = false;
      script.remove();
    };
    document.head.append(script);
  }

  function wake(root: HTMLElement, reason: Wake) {
    if (handler) return handler(root, reason);
    waiting.push([root, reason]);
    fetchRest();
  }

  function mount(root: HTMLElement) {
    const options = embedOptions(location.search);
    if (options.color) root.style.setProperty('--lr-accent', options.color);
    const ratio = root.dataset.ratio;
    if (ratio && /^\d+\/\d+$/.test(ratio)) root.style.setProperty('--ratio', ratio);
    showAt(root, timed(root), 0);
    const videoId = root.dataset.videoId;
    if (videoId) {
      const collector = createCollector({
        videoId,
        // Privacy mode counts the viewing as Do Not Track does: without a viewer id.
        viewerId: asksNotToBeTracked() || privacyMode(root) ? undefined : viewerId(root),
        ...where(),
      });
      // A slide of the album feed counts as shown when it comes into view, not when the page loads.
      if (root.closest('[data-lr-feed]'))
        root.addEventListener(FEED_SHOWN, () => collector.track('load', 0), { once: true });
      else collector.track('load', 0);
      collectors.set(root, collector);
    }
    // The layer shrinks when the controls come (and with the player): each time, the corners fit again.
    const layer = root.querySelector('.lr-contacts');
    // (Browsers without ResizeObserver, and jsdom, keep the corners as laid out.)
    if (layer && 'ResizeObserver' in window) new ResizeObserver(() => fitSlots(root)).observe(layer);
    const button = root.querySelector<HTMLButtonElement>('.lr-play');
    if (!button) return;
    // The album feed (feed.ts) starts the slide in view without a press and readies the next one.
    root.addEventListener(FEED_START, (event) => {
      wake(root, { kind: 'feed-start', muted: (event as CustomEvent<FeedStart | null>).detail?.muted !== false });
    });
    root.addEventListener(FEED_READY, () => wake(root, { kind: 'feed-ready' }));
    button.addEventListener('click', () => wake(root, { kind: 'press' }), { once: true });
    if (options.autoplay) {
      wake(root, { kind: 'press' });
      return;
    }
    // The rest of the player, hls.js and the controls are fetched side by side while the pointer heads for
    // the button, and run once the rest has come.
    const intent = () => {
      for (const type of INTENT) root.removeEventListener(type, intent);
      if (!handler && !button.disabled) {
        preload(hlsScript(root));
        if (wantsControls(root)) preload(root.dataset.controls as string);
      }
      wake(root, { kind: 'intent' });
    };
    for (const type of INTENT) root.addEventListener(type, intent, { passive: true });
  }

  const facade: Facade = {
    viewerId,
    collector: (root) => collectors.get(root),
    setClock: (root, clock) => clocks.set(root, clock),
    arrive(next) {
      handler = next;
      for (const [root, reason] of waiting.splice(0)) next(root, reason);
    },
  };
  window.LeadReelFacade = facade;

  for (const root of document.querySelectorAll<HTMLElement>('[data-lr-player]')) mount(root);

  // "Copy link" among the share buttons needs script, so it shows only with it.
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-lr-copy]')) {
    button.hidden = false;
    const label = button.textContent ?? '';
    button.addEventListener('click', () => {
      void navigator.clipboard?.writeText(button.dataset.lrCopy ?? '').then(() => {
        button.textContent = '✓';
        setTimeout(() => {
          button.textContent = label;
        }, 1500);
      });
    });
  }

  // Clicks on every contact button, over the player or on the watch page below it; the server renders each
  // button's kind from CLICK_KINDS.
  const firstPlayer = document.querySelector<HTMLElement>('[data-lr-player]');
  for (const link of document.querySelectorAll<HTMLElement>('[data-lr-contact]')) {
    const root = link.closest<HTMLElement>('[data-lr-player]') ?? firstPlayer;
    link.addEventListener('click', () => root && recordClick(root, (link.dataset.lrContact ?? '') as ClickKind));
  }
  return facade;
}
