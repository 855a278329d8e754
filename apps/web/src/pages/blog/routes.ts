import { meta, type RouteDef } from '../../app/routeDef.ts';

const section = () => import('./Editor.tsx').then((m) => m.EditorSection);

/**
 * The blog-to-video editor (the console contract /blog-to-video/{id}, header hidden): script, media
 * (uploads, online), audio (voice-over, bgm: upload, online). The editor's shell holds the project every
 * tab works on; Media and Audio show their screens as tabs.
 */
export const BLOG_TO_VIDEO_ROUTE: RouteDef = {
  name: 'blog-to-video',
  path: '/blog-to-video/:id',
  meta: meta('blog-to-video'),
  hidden: true,
  layout: () => import('./Editor.tsx').then((m) => m.Editor),
  children: [
    {
      name: 'script',
      path: 'script',
      meta: meta('script'),
      page: () => import('./script/ScriptTab.tsx').then((m) => m.ScriptTab),
    },
    {
      name: 'media',
      path: 'media',
      meta: meta('media'),
      layout: section,
      children: [
        {
          name: 'uploads',
          path: 'uploads',
          meta: meta('uploads'),
          page: () => import('./media/MediaUploads.tsx').then((m) => m.MediaUploads),
        },
        {
          name: 'online',
          path: 'online',
          meta: meta('online'),
          page: () => import('./media/MediaOnline.tsx').then((m) => m.MediaOnline),
        },
      ],
    },
    {
      name: 'audio',
      path: 'audio',
      meta: meta('audio'),
      layout: section,
      children: [
        {
          name: 'voice-over',
          path: 'voice-over',
          meta: meta('voice-over'),
          page: () => import('./audio/VoiceOver.tsx').then((m) => m.VoiceOver),
        },
        {
          name: 'bgm',
          path: 'bgm',
          meta: meta('bgm'),
          layout: section,
          children: [
            {
              name: 'bgm-upload',
              path: 'upload',
              meta: meta('bgm-upload'),
              page: () => import('./audio/BgmUpload.tsx').then((m) => m.BgmUpload),
            },
            {
              name: 'bgm-online',
              path: 'online',
              meta: meta('bgm-online'),
              page: () => import('./audio/BgmOnline.tsx').then((m) => m.BgmOnline),
            },
          ],
        },
      ],
    },
  ],
};
