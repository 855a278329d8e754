import { EMAIL_PREVIEW_WIDTH } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { type EmbedChoice, emailSnippet, embedSrc, iframeSnippet, scriptSnippet, shareUrl } from './snippets.ts';

const EMBED = 'https://videos.example.test/embed/abc';
const plain: EmbedChoice = {
  responsive: true,
  width: 640,
  height: 360,
  autoplay: false,
  start: 0,
  loop: false,
  controls: true,
  color: null,
};

describe('embed and email snippets', () => {
  it('writes the script snippet: a placeholder with the options, and our embed.js', () => {
    const id = '55555555-5555-4555-8555-555555555555';
    const snippet = scriptSnippet(
      `https://videos.example.test/embed/${id}`,
      'A "quoted" <title>',
      { ...plain, autoplay: true, color: '#00aa00' },
      16 / 9,
    );
    expect(snippet).toBe(
      `<div data-leadreel-video="${id}" data-title="A &quot;quoted&quot; &lt;title&gt;" data-ratio="1778/1000" data-options="autoplay=1&amp;color=00aa00"></div>\n<script src="https://videos.example.test/player/embed.js" async></script>`,
    );
  });

  it('puts only the chosen options in the embed URL', () => {
    expect(embedSrc(EMBED, plain)).toBe(EMBED);
    expect(embedSrc(EMBED, { ...plain, color: '#FF5500' })).toBe(`${EMBED}?color=ff5500`);
    expect(embedSrc(EMBED, { ...plain, color: 'red;x' })).toBe(EMBED);
    expect(embedSrc(EMBED, { ...plain, autoplay: true, start: 75.6, loop: true, controls: false })).toBe(
      `${EMBED}?autoplay=1&t=75&loop=1&controls=0`,
    );
  });

  it('keeps the video shape in a responsive frame, or gives a fixed size', () => {
    const responsive = iframeSnippet(EMBED, 'Demo', plain, 16 / 9);
    expect(responsive).toContain('padding-top:56.25%');
    expect(responsive).toContain(`src="${EMBED}"`);
    expect(iframeSnippet(EMBED, 'Demo', plain, 4 / 3)).toContain('padding-top:75%');
    expect(iframeSnippet(EMBED, 'Demo', { ...plain, responsive: false }, 16 / 9)).toContain('width="640" height="360"');
  });

  it('escapes the title in every snippet', () => {
    const title = '"><script>alert(1)</script>';
    for (const html of [
      iframeSnippet(EMBED, title, plain, 16 / 9),
      emailSnippet({ watchUrl: 'https://videos.example.test/v/x?a=1&b=2', imageUrl: null, title }),
    ]) {
      expect(html).not.toContain('<script>');
      expect(html).toContain('&quot;&gt;&lt;script&gt;');
    }
    expect(emailSnippet({ watchUrl: 'https://v.example/v/x?a=1&b=2', imageUrl: null, title: 't' })).toContain(
      'href="https://v.example/v/x?a=1&amp;b=2"',
    );
  });

  it('links the animated preview to the watch page in an email-safe table', () => {
    const html = emailSnippet({
      watchUrl: 'https://v.example/v/x',
      imageUrl: 'https://v.example/p.gif',
      title: 'Demo',
    });
    expect(html).toMatch(/^<table role="presentation"/);
    // The generated preview is EMAIL_PREVIEW_WIDTH wide (ffmpeg-args.ts): the snippet shows it at that size.
    expect(html).toContain(`<img src="https://v.example/p.gif" width="${EMAIL_PREVIEW_WIDTH}" alt="&#9654; Demo"`);
    expect(html).toContain(`max-width:${EMAIL_PREVIEW_WIDTH}px`);
  });

  it("builds each network's share address", () => {
    expect(shareUrl('facebook', 'https://v.example/v/x', 'Demo', null)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fv.example%2Fv%2Fx',
    );
    expect(shareUrl('whatsapp', 'https://v.example/v/x', 'Demo', null)).toBe(
      'https://wa.me/?text=Demo%20https%3A%2F%2Fv.example%2Fv%2Fx',
    );
    expect(shareUrl('pinterest', 'https://v.example/v/x', 'Demo', 'https://v.example/p.jpg')).toContain(
      '&media=https%3A%2F%2Fv.example%2Fp.jpg',
    );
  });
});
