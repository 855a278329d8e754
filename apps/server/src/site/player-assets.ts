import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';
import { asPublicSubresource } from '../lib/subresource-headers.ts';
import { cspHash, escapeHtml } from '../modules/pages/html.ts';
import { type Encoded, precompress, sendEncoded } from './compress.ts';

const PLAYER_DIST = path.resolve(import.meta.dirname, '../../../player/dist');

/**
 * Versioned URLs of the player's scripts, as pages name them; `hlsFull` is hls.js's full build (dubbed videos).
 * `facade` is the player before play, which pages inline (facadeScript), with its CSP hash; null where the
 * player is not built.
 */
export type PlayerAssets = {
  player: string;
  controls: string;
  feed: string;
  hlsFull: string;
  facade: { script: string; hash: string } | null;
};

/**
 * The player's files: /player/player.js (the rest of the player, fetched by the facade pages inline, and on an
 * album's or a site's pages by itself), /player/controls.js
 * (the controls, fetched on play), /player/feed.js (an album's feed, beside the facade on its pages) and
 * /player/hls.light.min.js (hls.js without the subtitle and alternate-audio parsers of the full build,
 * fetched on play) and /player/hls.min.js (the full build, fetched instead for a dubbed video: its languages
 * are alternate audio renditions, which the light build ignores). Pages name ours with a hash of their bytes, so they are cached for a year. All come
 * compressed from the player's build (name.br, name.gz); compressing them here instead costs about 2 s of
 * CPU at every start, for hls.js alone.
 */
export function registerPlayerAssets(app: FastifyInstance, playerDist = PLAYER_DIST): PlayerAssets {
  const serve = (name: string, body: Encoded | null, cacheControl: string) =>
    app.get(`/player/${name}`, { schema: { hide: true } }, async (request, reply) => {
      // Not built (a server started from source without `npm run build`): as absent as any other file.
      if (!body) throw notFound();
      reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', cacheControl);
      asPublicSubresource(reply);
      return sendEncoded(request, reply, body);
    });
  const ours = (name: string) => {
    const built = readBuilt(path.join(playerDist, name));
    serve(name, built, 'public, max-age=31536000, immutable');
    const version = createHash('sha256')
      .update(built?.identity ?? '')
      .digest('hex')
      .slice(0, 12);
    return `/player/${name}?v=${version}`;
  };
  for (const name of ['hls.light.min.js', 'hls.min.js']) {
    const hls =
      readBuilt(path.join(playerDist, name)) ??
      precompress(readFileSync(createRequire(import.meta.url).resolve(`hls.js/dist/${name}`)));
    serve(name, hls, 'public, max-age=86400');
  }
  serve('embed.js', precompress(Buffer.from(EMBED_SCRIPT)), 'public, max-age=3600');
  return {
    player: ours('player.js'),
    controls: ours('controls.js'),
    feed: ours('feed.js'),
    hlsFull: '/player/hls.min.js',
    facade: inlineScript(readIfPresent(path.join(playerDist, 'facade.js'))),
  };
}

/**
 * A built script as the body of an inline <script>: "</script" and "<!--" can only be inside its strings or
 * regular expressions, where "<\/" and "<\!--" mean the same, so the HTML parser cannot end the element early
 * (https://html.spec.whatwg.org/multipage/scripting.html#restrictions-for-contents-of-script-elements).
 */
function inlineScript(built: Buffer | null): PlayerAssets['facade'] {
  if (!built) return null;
  const script = built
    .toString('utf8')
    .trim()
    .replace(/<\/(script)/gi, '<\\/$1')
    .replace(/<!--/g, '<\\!--');
  return { script, hash: cspHash(script) };
}

/**
 * The player on a page: the facade inline (the page's CSP allows it by its hash), naming the rest of the player
 * it fetches on intent. Nothing where the player is not built.
 */
export function facadeScript(assets: PlayerAssets): string {
  if (!assets.facade) return '';
  return `<script data-player="${escapeHtml(assets.player)}">${assets.facade.script}</script>`;
}

/**
 * /player/embed.js, for the embed dialog's script snippet: each `<div data-leadreel-video="{id}">` on the
 * customer's page becomes a responsive frame of /embed/{id} on the server the script came from, with the
 * div's options (data-options, the embed's query) and shape (data-ratio); each `<div data-leadreel-site="{id}">`
 * a frame of that site's gallery (/sites/{id}/embed, docs/product.md "Sites"), data-height pixels tall.
 * Ids are checked; nothing of the div reaches the page as markup.
 */
export const EMBED_SCRIPT = `(function () {
  var script = document.currentScript;
  var origin = script ? new URL(script.src).origin : '';
  function mount() {
    var holders = document.querySelectorAll('[data-leadreel-video]');
    for (var i = 0; i < holders.length; i++) {
      var holder = holders[i];
      var id = holder.getAttribute('data-leadreel-video') || '';
      if (holder.getAttribute('data-leadreel-mounted') || !/^[0-9a-f-]{36}$/.test(id)) continue;
      holder.setAttribute('data-leadreel-mounted', '1');
      var options = new URLSearchParams(holder.getAttribute('data-options') || '').toString();
      var ratio = /^\\d+\\/\\d+$/.test(holder.getAttribute('data-ratio') || '') ? holder.getAttribute('data-ratio') : '16/9';
      var frame = document.createElement('iframe');
      frame.src = origin + '/embed/' + id + (options ? '?' + options : '');
      frame.title = holder.getAttribute('data-title') || 'Video';
      frame.allow = 'autoplay; fullscreen; picture-in-picture';
      frame.allowFullscreen = true;
      frame.loading = 'lazy';
      frame.style.cssText = 'display:block;width:100%;height:auto;aspect-ratio:' + ratio + ';border:0';
      holder.replaceChildren(frame);
    }
    // A whole site: its gallery, whose videos open in place, in a frame of the height asked (720 px by default).
    var sites = document.querySelectorAll('[data-leadreel-site]');
    for (var j = 0; j < sites.length; j++) {
      var site = sites[j];
      var siteId = site.getAttribute('data-leadreel-site') || '';
      if (site.getAttribute('data-leadreel-mounted') || !/^[0-9a-f-]{36}$/.test(siteId)) continue;
      site.setAttribute('data-leadreel-mounted', '1');
      var height = Math.min(3000, Math.max(300, parseInt(site.getAttribute('data-height') || '720', 10) || 720));
      var gallery = document.createElement('iframe');
      gallery.src = origin + '/sites/' + siteId + '/embed';
      gallery.title = site.getAttribute('data-title') || 'Videos';
      gallery.allow = 'autoplay; fullscreen; picture-in-picture';
      gallery.allowFullscreen = true;
      gallery.loading = 'lazy';
      gallery.style.cssText = 'display:block;width:100%;height:' + height + 'px;border:0';
      site.replaceChildren(gallery);
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
})();
`;

/** A built file with the compressed copies the build wrote beside it (compressed now when they are missing). */
function readBuilt(file: string): Encoded | null {
  const identity = readIfPresent(file);
  if (!identity) return null;
  const br = readIfPresent(`${file}.br`);
  const gzip = readIfPresent(`${file}.gz`);
  return br && gzip ? { identity, br, gzip } : precompress(identity);
}

function readIfPresent(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}
