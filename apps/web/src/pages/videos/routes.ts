import { meta, type RouteDef } from '../../app/routeDef.ts';

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
      {
        name: 'blog-to-video-list',
        path: 'blog-to-video',
        meta: meta('blog-to-video-list', 'file-text'),
        page: () => import('../blog/ProjectList.tsx').then((m) => m.ProjectList),
      },
    ],
  },
];
