import type { Language } from '@leadreel/shared';
import { formatDay } from '@leadreel/shared/dates';
import { formatSize } from '@leadreel/shared/sizes';
import { EXPORT_TEXT } from '@leadreel/shared/viewer-text/export';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';
import type { LeadService } from '../leads/leads.service.ts';
import { escapeHtml, privatePage, sendPrivatePage } from '../pages/html.ts';
import type { VideoService } from '../videos/videos.service.ts';
import type { ExportService } from './exports.service.ts';

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans CJK SC",sans-serif;color:#1f1f1f;background:#f5f5f5}
main{max-width:640px;margin:40px auto;padding:24px;border-radius:12px;background:#fff}h1{font-size:22px;margin:0 0 8px}
ul{padding:0;list-style:none}li{display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-bottom:1px solid #f0f0f0}
a{color:#1677ff}.size{color:#595959;white-space:nowrap}.until{color:#595959;font-size:14px}`;

/** A name safe in a Content-Disposition header, with the UTF-8 one beside it (RFC 6266). */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The export page and its downloads, at /export/<token>: what the link in the mail opens. */
export const exportRoutes: FastifyPluginAsync<{
  exports: ExportService;
  videos: Pick<VideoService, 'originals' | 'openOriginal'>;
  leads: Pick<LeadService, 'archive'>;
}> = async (app, { exports, videos, leads }) => {
  const html = (reply: FastifyReply, status: number, language: Language, body: string) =>
    sendPrivatePage(reply, status, STYLE, privatePage(language, EXPORT_TEXT[language].title, STYLE, body));
  const gone = (reply: FastifyReply, language: Language) =>
    html(reply, 404, language, `<h1>${escapeHtml(EXPORT_TEXT[language].gone)}</h1>`);

  app.get<{ Params: { token: string } }>('/export/:token', async (request, reply) => {
    const language = requestLanguage(request);
    const t = EXPORT_TEXT[language];
    const link = await exports.open(request.params.token);
    if (!link) return gone(reply, language);
    const { accountId } = link;
    const base = `/export/${encodeURIComponent(request.params.token)}`;
    const list = await videos.originals(accountId);
    const items = list
      .map(
        (video) =>
          `<li><a href="${base}/videos/${video.id}">${escapeHtml(video.name)}</a><span class="size">${escapeHtml(formatSize(Number(video.size)))}</span></li>`,
      )
      .join('');
    return html(
      reply,
      200,
      language,
      `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro)}</p><p class="until">${escapeHtml(
        t.until.replace('{date}', formatDay(link.expiresAt)),
      )}</p><h2>${escapeHtml(t.videos)}</h2>${
        items ? `<ul>${items}</ul>` : `<p>${escapeHtml(t.none)}</p>`
      }<p><a href="${base}/leads.csv">${escapeHtml(t.leads)}</a></p>`,
    );
  });

  app.get<{ Params: { token: string; videoId: string } }>('/export/:token/videos/:videoId', async (request, reply) => {
    const language = requestLanguage(request);
    const accountId = await (await exports.open(request.params.token))?.accountId;
    const original =
      accountId && /^[0-9a-f-]{36}$/.test(request.params.videoId)
        ? await videos.openOriginal(accountId, request.params.videoId)
        : null;
    if (!original) return gone(reply, language);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(original.size))
      .header('content-disposition', attachment(original.name))
      .header('cache-control', 'no-store')
      .send(original.object.body);
  });

  app.get<{ Params: { token: string } }>('/export/:token/leads.csv', async (request, reply) => {
    const language = requestLanguage(request);
    const accountId = await (await exports.open(request.params.token))?.accountId;
    if (!accountId) return gone(reply, language);
    const file = await leads.archive(accountId);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachment('leads.csv'))
      .header('cache-control', 'no-store')
      .send(file.body);
  });
};
