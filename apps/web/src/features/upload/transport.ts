import { ApiError } from '../../api/client.ts';
import { uploadsApi, videosApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { PartError, type UploadTransport } from './engine.ts';

/**
 * PUTs one part with XMLHttpRequest, which (unlike fetch) reports upload progress. No Authorization header:
 * the URL itself is the grant, and it may point at another origin (an S3 bucket).
 */
export function putPart(url: string, body: Blob, onProgress: (loaded: number) => void, signal: AbortSignal) {
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      const etag = xhr.getResponseHeader('etag');
      if (xhr.status >= 200 && xhr.status < 300 && etag) resolve(etag);
      else reject(new PartError(xhr.status));
    };
    xhr.onerror = () => reject(new PartError(0, 'network error'));
    xhr.ontimeout = () => reject(new PartError(0, 'timeout'));
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => signal.removeEventListener('abort', abort);
    xhr.send(body);
  });
}

/** A failed part PUT as the API error the console knows how to word. */
function partApiError(error: PartError) {
  const code =
    error.status === 0
      ? 'network'
      : error.status === 403
        ? 'upload_url_expired'
        : error.status === 413
          ? 'payload_too_large'
          : 'http_status';
  return new ApiError(code, error.message, error.status);
}

/** The translated text of an upload's failure, a part PUT's included. */
export const describeUploadError = (error: unknown) =>
  errorText(error instanceof PartError ? partApiError(error) : error);

/** The engine's outside world in the console: our API and the browser. */
export const browserTransport: UploadTransport = {
  async credential() {
    const answer = await uploadsApi.videoCredential();
    return { sessionToken: answer.credentials.sessionToken, expiredTime: answer.expiredTime };
  },
  start: (videoId, token) => uploadsApi.start({ sourceVideoId: videoId }, token),
  async signParts(videoId, token, partNumbers) {
    return (await uploadsApi.signParts({ sourceVideoId: videoId, partNumbers }, token)).urls;
  },
  putPart,
  async success(videoId, key) {
    await uploadsApi.success({ sourceVideoId: videoId, videoUrl: key });
  },
  async fail(videoId, reason) {
    await uploadsApi.fail({ sourceVideoId: videoId, failReason: reason.slice(0, 1000) });
  },
  async reUpload(videoId) {
    await uploadsApi.reUpload({ sourceVideoId: videoId });
  },
  videoStatus: async (videoId) => (await videosApi.detail(videoId)).status,
  async heartbeat(videos) {
    await uploadsApi.heartbeat({ videos });
  },
  async remove(videoId) {
    await videosApi.remove({ videoIds: [videoId] });
  },
  describe: describeUploadError,
};
