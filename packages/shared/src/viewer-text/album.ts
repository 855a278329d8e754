import type { Translation } from './translation.ts';

/** An album's public pages' own words (the feed, its grid and its embed); the titles are the owner's. */
const en = {
  tapForSound: 'Tap for sound',
  allVideos: 'All videos',
  playAll: 'Play all',
  videos: (count: number) => (count === 1 ? '1 video' : `${count} videos`),
  notFound: 'This album is not available.',
};

const zh: Translation<typeof en> = {
  tapForSound: '点按开启声音',
  allVideos: '全部视频',
  playAll: '全部播放',
  videos: (count: number) => `${count} 个视频`,
  notFound: '该专辑无法访问。',
};

/** Keyed by the page's HTML language. */
export const ALBUM_PAGE_TEXT = { en, 'zh-CN': zh };
