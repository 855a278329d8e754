/**
 * The album feed (docs/product.md "Albums"): full-height slides that CSS scroll-snap lines up as the viewer
 * swipes, scrolls or presses ArrowDown and ArrowUp. This plays one video at a time: the slide at least 60%
 * in view starts muted (the only autoplay browsers allow) and every other pauses; a tap on the video turns
 * its sound on or off, and the viewer's choice carries to the next slides; while a video plays, only the next
 * slide's video is readied. With reduced motion asked for, nothing starts by itself and each slide keeps its
 * play button. The players are player.js's; this drives them through the events of feed-model.ts.
 */

import {
  FEED_READY,
  FEED_SHOWN,
  FEED_START,
  type FeedStart,
  moveTo,
  nextSlide,
  pickActive,
  SHOWN_RATIO,
  stepFor,
} from './feed-model.ts';

/** Where a key is the viewer's typing or a control's own (the form's fields, the seek bar), not the feed's. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('input, textarea, select, form, [contenteditable]:not([contenteditable="false"])') !== null;
}

function run(feed: HTMLElement) {
  const slides = [...feed.querySelectorAll<HTMLElement>('[data-lr-slide]')];
  const players = slides.map((slide) => slide.querySelector<HTMLElement>('[data-lr-player]'));
  const hint = document.querySelector<HTMLButtonElement>('[data-lr-sound]');
  const still = matchMedia('(prefers-reduced-motion: reduce)');
  const ratios = slides.map(() => 0);
  let active = -1;
  /** Whether the viewer turned the sound on: the next slides start with it. */
  let sound = false;

  const videoOf = (at: number) => players[at]?.querySelector('video') ?? null;
  const slideOf = (node: EventTarget | null) =>
    node instanceof Node ? slides.findIndex((slide) => slide.contains(node)) : -1;

  /** The hint shows while the playing video is muted. */
  function showHint() {
    const video = videoOf(active);
    if (hint) hint.hidden = !video || video.paused || !video.muted;
  }

  function play(at: number) {
    const video = videoOf(at);
    if (!video) {
      const detail: FeedStart = { muted: !sound };
      players[at]?.dispatchEvent(new CustomEvent(FEED_START, { detail }));
      return;
    }
    video.muted = !sound;
    void video.play().catch(() => {
      // Sound refused without a press: muted, then.
      video.muted = true;
      void video.play().catch(() => undefined);
    });
  }

  function activate(at: number) {
    if (at === active || at < 0) return;
    active = at;
    for (const index of slides.keys()) if (index !== at) videoOf(index)?.pause();
    players[at]?.dispatchEvent(new CustomEvent(FEED_SHOWN));
    // The address names the slide in view, so a reload or a copied link comes back to it.
    const id = slides[at]?.id;
    if (id && (at > 0 || location.hash)) history.replaceState(history.state, '', `#${id}`);
    if (!still.matches) play(at);
    showHint();
  }

  // A link to a slide (the grid's, a reload after swiping) opens there: scrolled now, before the slides are
  // watched, and at once (not smoothly, as the feed's own style has it), so the first slide does not start
  // on the way.
  const linked = slides.find((slide) => `#${slide.id}` === location.hash);
  if (linked) feed.scrollTo({ top: linked.offsetTop, behavior: 'instant' });

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const at = slides.indexOf(entry.target as HTMLElement);
        if (at >= 0) ratios[at] = entry.intersectionRatio;
      }
      activate(pickActive(ratios, active));
    },
    { root: feed, threshold: [0, SHOWN_RATIO, 1] },
  );
  for (const slide of slides) observer.observe(slide);

  // Media events do not bubble: the feed hears them on their way down.
  feed.addEventListener(
    'play',
    (event) => {
      const at = slideOf(event.target);
      // A start that finished after the viewer moved on does not play out of view.
      if (at !== active) {
        (event.target as HTMLVideoElement).pause();
        return;
      }
      const next = nextSlide(at, slides.length);
      if (next !== null) players[next]?.dispatchEvent(new CustomEvent(FEED_READY));
      showHint();
    },
    true,
  );
  feed.addEventListener('pause', showHint, true);
  feed.addEventListener(
    'volumechange',
    (event) => {
      const video = event.target as HTMLVideoElement;
      if (slideOf(video) !== active) return;
      sound = !video.muted && video.volume > 0;
      showHint();
    },
    true,
  );

  /** A tap for sound; a paused video plays, with it. */
  function toggleSound(video: HTMLVideoElement) {
    video.muted = video.paused ? false : !video.muted;
    if (!video.muted && video.volume === 0) video.volume = 1;
    if (video.paused) void video.play().catch(() => undefined);
    // (volumechange comes a moment later: the next swipe may come first.)
    sound = !video.muted;
    if (hint) hint.hidden = !video.muted;
  }
  // Before the player's own handlers: a tap on the picture is for sound here, not for pausing. (Where the
  // browser's own controls stand in, a tap on them is theirs.)
  feed.addEventListener(
    'click',
    (event) => {
      const video = event.target;
      if (!(video instanceof HTMLVideoElement) || video.controls) return;
      event.stopPropagation();
      toggleSound(video);
    },
    true,
  );
  hint?.addEventListener('click', () => {
    const video = videoOf(active);
    if (video) toggleSound(video);
  });

  // Ahead of the player's own keys (arrows there change the volume): in the feed they move between slides.
  document.addEventListener(
    'keydown',
    (event) => {
      const step = stepFor(event.key);
      if (step === 0 || event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      const slide = slides[moveTo(active, step, slides.length)];
      // The feed scrolls itself, never the page around an embed's frame (as scrollIntoView would).
      if (slide) feed.scrollTo({ top: slide.offsetTop, behavior: still.matches ? 'auto' : 'smooth' });
    },
    true,
  );
}

const feed = document.querySelector<HTMLElement>('[data-lr-feed]');
if (feed) run(feed);
