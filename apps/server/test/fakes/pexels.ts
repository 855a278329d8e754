import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the fake answers: `ok` as Pexels does, `fail` 500 to everything, `hang` never answers until told
 * otherwise (a provider that times out).
 */
export type PexelsMode = 'ok' | 'fail' | 'hang';

export type FakePexels = {
  url: string;
  key: string;
  mode: PexelsMode;
  /** The bytes its photo and clip files answer with (a real PNG and MP4 the test made). */
  files: { photo: Buffer; clip: Buffer };
  /** The queries of the searches it received. */
  searches: string[];
  close: () => Promise<void>;
};

/** The one photo and the one clip the fake knows: every search finds them. */
const PHOTO_ID = 2014422;
const VIDEO_ID = 857251;

/**
 * A Pexels API on loopback speaking the documented protocol (https://www.pexels.com/api/documentation/):
 * searches, single items, and the files their `src` and `video_files` point at, served by itself.
 */
export async function fakePexels(key = 'test-pexels-key'): Promise<FakePexels> {
  const hung = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', state.url);
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (state.mode === 'hang') {
      hung.add(response);
      return;
    }
    if (state.mode === 'fail') {
      json(500, { error: 'Internal Server Error' });
      return;
    }
    if (url.pathname.startsWith('/files/')) {
      const body = url.pathname.endsWith('.mp4') ? state.files.clip : state.files.photo;
      response
        .writeHead(200, {
          'content-type': url.pathname.endsWith('.mp4') ? 'video/mp4' : 'image/png',
          'content-length': body.length,
        })
        .end(body);
      return;
    }
    if (request.headers.authorization !== key) {
      json(401, { error: 'Unauthorized' });
      return;
    }
    const photo = {
      id: PHOTO_ID,
      width: 800,
      height: 600,
      url: `https://www.pexels.test/photo/${PHOTO_ID}/`,
      photographer: 'Ada Lens',
      src: {
        original: `${state.url}/files/photo-${PHOTO_ID}.png`,
        large2x: `${state.url}/files/photo-${PHOTO_ID}.png`,
        large: `${state.url}/files/photo-${PHOTO_ID}.png`,
        medium: `${state.url}/files/photo-${PHOTO_ID}-medium.png`,
        small: `${state.url}/files/photo-${PHOTO_ID}-small.png`,
        tiny: `${state.url}/files/photo-${PHOTO_ID}-tiny.png`,
      },
    };
    const video = {
      id: VIDEO_ID,
      width: 320,
      height: 240,
      duration: 2,
      user: { name: 'Max Reel' },
      url: `https://www.pexels.test/video/${VIDEO_ID}/`,
      image: `${state.url}/files/video-${VIDEO_ID}.jpg`,
      video_files: [
        { quality: 'uhd', file_type: 'video/mp4', width: 3840, height: 2160, link: `${state.url}/files/uhd.mp4` },
        { quality: 'hd', file_type: 'video/mp4', width: 320, height: 240, link: `${state.url}/files/hd.mp4` },
        { quality: 'hls', file_type: 'video/hls', width: null, height: null, link: `${state.url}/files/x.m3u8` },
      ],
    };
    if (url.pathname === '/v1/search' || url.pathname === '/videos/search') {
      state.searches.push(url.searchParams.get('query') ?? '');
      const page = Number(url.searchParams.get('page') ?? 1);
      const items = page === 1 ? [url.pathname === '/v1/search' ? photo : video] : [];
      json(200, {
        page,
        per_page: Number(url.searchParams.get('per_page') ?? 15),
        total_results: 1,
        ...(url.pathname === '/v1/search' ? { photos: items } : { videos: items }),
      });
      return;
    }
    if (url.pathname === `/v1/photos/${PHOTO_ID}`) return json(200, photo);
    if (url.pathname === `/videos/videos/${VIDEO_ID}`) return json(200, video);
    json(404, { error: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const state: FakePexels = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    key,
    mode: 'ok',
    files: { photo: Buffer.alloc(0), clip: Buffer.alloc(0) },
    searches: [],
    close: async () => {
      for (const response of hung) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
}

export const PEXELS_PHOTO_ID = String(PHOTO_ID);
export const PEXELS_VIDEO_ID = String(VIDEO_ID);
