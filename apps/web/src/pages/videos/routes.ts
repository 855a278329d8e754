import { meta, type RouteDef, soon } from '../../app/routeDef.ts';

export const VIDEO_ROUTES: RouteDef[] = [
  {
    name: 'videos',
    path: 'videos',
    meta: meta('videos', 'video'),
    children: [
      {
        name: 'video-list',
        path: 'index',
        meta: meta('video-list', 'video'),
        page: () => import('./VideoList.tsx').then((m) => m.VideoList),
      },
      soon('blog-to-video-list', 'blog-to-video', 'file-text'),
    ],
  },
];
