import { privateAllowed, publicOnly } from '../../lib/outbound/address-policy.ts';
import { defineModule } from '../module.ts';
import { createChatShortener } from './article/shorten-chat.ts';
import { createBlogRepo } from './blog.repo.ts';
import { blogRoutes } from './blog.routes.ts';
import { type BlogService, createBlogService } from './blog.service.ts';
import { blogMediaRoutes } from './blog-media.routes.ts';

declare module '../module.ts' {
  interface Services {
    blog: BlogService;
  }
}

/** Blog-to-video: projects of scenes made from a blog post or pasted text (docs/product.md "Blog-to-video"). */
export const blogModule = defineModule({
  name: 'blog',
  create: ({ db, services, config, storage, clock, log }) => ({
    blog: createBlogService({
      repo: createBlogRepo(db),
      entitlements: services.entitlements,
      storage,
      clock,
      log,
      source: {
        policy: config.ARTICLE_FETCH_ALLOW_PRIVATE_TARGETS ? privateAllowed : publicOnly,
        timeoutMs: config.ARTICLE_FETCH_TIMEOUT_SECONDS * 1000,
      },
      findMaterial: (accountId, materialId) => services.materials.find(accountId, materialId),
      ownsFolder: async (accountId, folderId) =>
        (await services.videos.listFolders(accountId)).some((folder) => folder.folderId === folderId),
      shorten: createChatShortener(config),
    }),
  }),
  api: async (scope, { services, hooks }) => {
    await scope.register(blogRoutes, { blog: services.blog, hooks });
  },
  site: async (app, { services }) => {
    await app.register(blogMediaRoutes, { blog: services.blog, storage: services.storage });
  },
});
