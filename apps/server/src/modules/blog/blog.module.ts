import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DEFAULT_FORM } from '@leadreel/shared';
import { transactor } from '../../db/database.ts';
import { privateAllowed, publicOnly } from '../../lib/outbound/address-policy.ts';
import { worker } from '../jobs/jobs.ts';
import { defineModule } from '../module.ts';
import { createChatShortener } from './article/shorten-chat.ts';
import { BLOG_EXPORT } from './blog.jobs.ts';
import { createBlogRepo } from './blog.repo.ts';
import { blogRoutes } from './blog.routes.ts';
import { type BlogService, createBlogService } from './blog.service.ts';
import { createExportRepo } from './blog-export.repo.ts';
import { createExportRunner, type ExportRunner, type ExportSource } from './blog-export.runner.ts';
import { createExportService, type ExportService } from './blog-export.service.ts';
import { blogMediaRoutes } from './blog-media.routes.ts';
import { type BlogPreview, createBlogPreview } from './blog-preview.ts';
import { createSceneVoices } from './blog-voice.ts';

declare module '../module.ts' {
  interface Services {
    blog: BlogService;
    blogPreview: BlogPreview;
    blogExports: ExportService;
    blogExportRunner: ExportRunner;
  }
}

/**
 * Blog-to-video: projects of scenes made from a blog post or pasted text, their voices and preview, and
 * their exports into ordinary videos (docs/product.md "Blog-to-video").
 */
export const blogModule = defineModule({
  name: 'blog',
  create: ({ db, services, config, storage, queue, clock, log }) => {
    const transaction = transactor(db);
    const repo = createBlogRepo(db);
    // Beside the media jobs' folders, which every worker sweeps of dead workers' leftovers when it starts.
    const workRoot = path.join(config.dataDir, 'work');
    const bgmCacheDir = path.join(config.dataDir, 'bgm');
    const blog = createBlogService({
      repo,
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
    });
    const voices = createSceneVoices({ speaker: services.speechEngines.speaker, storage, workRoot });

    /** The account's first brand logo, for the corner of its videos (docs/product.md "Blog-to-video"). */
    const brandLogo = async (accountId: string) => {
      const { list } = await services.brands.list(accountId);
      return list.find((brand) => brand.logo) ?? null;
    };
    const blogPreview = createBlogPreview({
      blog,
      voices,
      logoUrl: async (accountId) => (await brandLogo(accountId))?.logoUrl ?? null,
    });
    const exportRepo = createExportRepo(db);
    const blogExports = createExportService({
      transaction,
      repo: exportRepo,
      credits: services.credits,
      entitlements: services.entitlements,
      catalogue: config.catalogue,
      videos: services.videos,
      project: (accountId, projectId, use) => blog.exportProject(accountId, projectId, use),
      setProjectStatus: repo.setStatus,
      queue,
    });

    /**
     * A new video is filled from its article: its watch page's title, description and source article, and its
     * inquiry form on.
     */
    async function fillNewVideo(accountId: string, videoId: string, source: ExportSource) {
      await services.settings.saveSeo(accountId, videoId, {
        title: source.title.slice(0, 100),
        description: source.description.slice(0, 500),
        keywords: [],
        slug: '',
        indexable: true,
        sourceUrl: source.sourceUrl ?? '',
      });
      await services.leads.saveForm(accountId, videoId, { ...DEFAULT_FORM, enabled: true });
    }

    const blogExportRunner = createExportRunner({
      repo: exportRepo,
      transaction,
      exports: blogExports,
      setProjectStatus: repo.setStatus,
      load: (projectId) => blog.exportSource(projectId),
      voices,
      keepVoice: async (sceneId, text, voice) => {
        await repo.keepVoice(sceneId, text, voice);
      },
      material: async (accountId, materialId) => services.materials.localFile(accountId, materialId),
      logo: async (accountId, folder) => {
        const brand = await brandLogo(accountId);
        const image = brand?.logo ? await services.brands.media(accountId, brand.logo, 'logo.png') : null;
        if (!image) return null;
        const file = path.join(folder, 'logo.png');
        await pipeline(image.stored.body, createWriteStream(file));
        return file;
      },
      publish: async (row, source, file) => {
        const videoId = row.video_id as string;
        const { created } = await services.uploads.importFile(source.accountId, {
          videoId,
          filePath: file,
          name: source.title,
          folderId: source.folderId,
        });
        if (created) await fillNewVideo(source.accountId, videoId, source);
        return { created, videoId };
      },
      storage,
      workRoot,
      bgmCacheDir,
      log,
    });
    return { blog, blogPreview, blogExports, blogExportRunner };
  },
  api: async (scope, { services, hooks }) => {
    await scope.register(blogRoutes, {
      blog: services.blog,
      preview: services.blogPreview,
      exports: services.blogExports,
      hooks,
    });
  },
  site: async (app, { services, config }) => {
    await app.register(blogMediaRoutes, {
      blog: services.blog,
      storage: services.storage,
      bgmCacheDir: path.join(config.dataDir, 'bgm'),
    });
  },
  jobs: [BLOG_EXPORT],
  workers: ({ services }) => [
    worker(BLOG_EXPORT, async (jobs) => {
      for (const job of jobs) await services.blogExportRunner.run(job.data.exportId, job.signal);
    }),
  ],
});
