import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { BlogService } from './blog.service.ts';
import type { ExportService } from './blog-export.service.ts';
import type { BlogPreview } from './blog-preview.ts';

/** The blog-to-video screens: the project list and the editor (the console contract's "blog-to-video"). */
export const blogRoutes: FastifyPluginAsync<{
  blog: BlogService;
  preview: BlogPreview;
  exports: ExportService;
  hooks: AuthHooks;
}> = async (app, { blog, preview, exports, hooks }) => {
  const route = catalogueRoutes(app, hooks);
  route('blogToVideo.create', (request, body) => blog.create(accountId(request), body));
  route('blogToVideo.list', (request, { page, pageSize }) => blog.list(accountId(request), page, pageSize));
  route('blogToVideo.delete', async (request, { projectIds }) => {
    await blog.remove(accountId(request), projectIds);
    return null;
  });
  route('blogToVideo.detail', (request, { projectId }) => blog.detail(accountId(request), projectId));
  route('blogToVideo.scenes', (request, body) => blog.saveScenes(accountId(request), body));
  route('blogToVideo.settings', (request, body) => blog.saveSettings(accountId(request), body));
  route('blogToVideo.summarise', (request, body) => blog.summarise(accountId(request), body));
  route('blogToVideo.materials', (request, { projectId }) => blog.articleImages(accountId(request), projectId));
  route('blogToVideo.bgm', async () => preview.bgmTracks());
  route('blogToVideo.tts', (request, { projectId, sceneId }) => preview.tts(accountId(request), projectId, sceneId));
  route('blogToVideo.preview', (request, { projectId }) => preview.preview(accountId(request), projectId));
  route('blogToVideo.estimate', (request, { projectId }) => exports.estimate(accountId(request), projectId));
  route('blogToVideo.export', (request, { projectId }) => exports.start(accountId(request), projectId));
  route('blogToVideo.cancelExport', (request, { projectId }) => exports.cancel(accountId(request), projectId));
  route('blogToVideo.progress', (request, { projectId }) => exports.progress(accountId(request), projectId));
  route('blogToVideo.history', (request, { projectId }) => exports.history(accountId(request), projectId));
  route('blogToVideo.exports', (request, query) => exports.list(accountId(request), query));
};
