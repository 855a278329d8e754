import type { OnlineItem } from '@leadreel/shared';
import { z } from 'zod';
import { fetchOrFail, getJson, type StockDownload, StockError, type StockKind, type StockProvider } from './stock.ts';

/**
 * Pexels (https://www.pexels.com/api/documentation/): photos at `GET /v1/search`, clips at
 * `GET /videos/search`, one item at `GET /v1/photos/:id` and `GET /videos/videos/:id`, the key in the
 * Authorization header. Only the fields we use are read; anything else in an answer is ignored.
 */
const photo = z.object({
  id: z.number(),
  width: z.number(),
  height: z.number(),
  photographer: z.string().default(''),
  url: z.string(),
  src: z.object({ original: z.string(), large2x: z.string(), medium: z.string(), tiny: z.string().optional() }),
});
const videoFile = z.object({
  quality: z.string().nullable().optional(),
  file_type: z.string(),
  width: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
  link: z.string(),
});
const video = z.object({
  id: z.number(),
  width: z.number(),
  height: z.number(),
  duration: z.number(),
  user: z.object({ name: z.string() }).partial().default({}),
  url: z.string(),
  image: z.string(),
  video_files: z.array(videoFile).default([]),
});
const photoPage = z.object({ total_results: z.number(), photos: z.array(photo) });
const videoPage = z.object({ total_results: z.number(), videos: z.array(video) });

/** The widest clip that is at most Full HD: the library's clips are for 1080p videos. */
const HD_SIDE = 1920;

export function pickVideoFile(files: z.infer<typeof videoFile>[]) {
  const mp4 = files.filter((file) => file.file_type === 'video/mp4');
  const side = (file: z.infer<typeof videoFile>) => Math.max(file.width ?? 0, file.height ?? 0);
  const fitting = mp4.filter((file) => side(file) <= HD_SIDE).sort((a, b) => side(b) - side(a));
  return fitting[0] ?? mp4.sort((a, b) => side(a) - side(b))[0];
}

const parse = <T>(schema: z.ZodType<T>, value: unknown, what: string): T => {
  const result = schema.safeParse(value);
  if (!result.success) throw new StockError('failed', `Pexels: ${what} is not in the documented shape`);
  return result.data;
};

const extensionOf = (url: string, fallback: string) => {
  const match = /\.([a-z0-9]{2,4})$/i.exec(new URL(url).pathname);
  return match ? (match[1] as string).toLowerCase() : fallback;
};

export function createPexels(options: { apiKey: string; baseUrl: string }): StockProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: options.apiKey, accept: 'application/json' };

  const file = async (url: string, name: string, signal: AbortSignal): Promise<StockDownload> => {
    const response = await fetchOrFail(url, {}, signal);
    const length = Number(response.headers.get('content-length'));
    return {
      name,
      size: Number.isSafeInteger(length) && length > 0 ? length : null,
      body: response.body as unknown as AsyncIterable<Uint8Array>,
    };
  };

  return {
    name: 'Pexels',

    async search(query, kind: StockKind, page, perPage, signal) {
      const params = new URLSearchParams({ query, page: String(page), per_page: String(perPage) });
      if (kind === 'image') {
        const answer = parse(photoPage, await getJson(`${base}/v1/search?${params}`, headers, signal), 'a search');
        return {
          total: answer.total_results,
          list: answer.photos.map(
            (item): OnlineItem => ({
              id: String(item.id),
              kind: 'image',
              preview: item.src.medium,
              width: item.width,
              height: item.height,
              duration: null,
              author: item.photographer,
              pageUrl: item.url,
            }),
          ),
        };
      }
      const answer = parse(videoPage, await getJson(`${base}/videos/search?${params}`, headers, signal), 'a search');
      return {
        total: answer.total_results,
        list: answer.videos.map(
          (item): OnlineItem => ({
            id: String(item.id),
            kind: 'video',
            preview: item.image,
            width: item.width,
            height: item.height,
            duration: item.duration,
            author: item.user.name ?? '',
            pageUrl: item.url,
          }),
        ),
      };
    },

    async download(id, kind, signal) {
      // Pexels ids are numbers; anything else is no item of theirs.
      if (!/^\d{1,20}$/.test(id)) throw new StockError('not_found', 'Pexels ids are numbers');
      if (kind === 'image') {
        const item = parse(photo, await getJson(`${base}/v1/photos/${id}`, headers, signal), 'a photo');
        // large2x: the photo fitted in 1880 x 1300 (Pexels' sizes), the ~1920 px a 1080p frame needs.
        const url = item.src.large2x;
        return file(url, `pexels-${id}.${extensionOf(url, 'jpg')}`, signal);
      }
      const item = parse(video, await getJson(`${base}/videos/videos/${id}`, headers, signal), 'a video');
      const chosen = pickVideoFile(item.video_files);
      if (!chosen) throw new StockError('failed', 'Pexels: the video has no MP4 file');
      return file(chosen.link, `pexels-${id}.mp4`, signal);
    },
  };
}
