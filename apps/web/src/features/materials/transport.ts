import type { MaterialStatus } from '@leadreel/shared';
import { ApiError } from '../../api/client.ts';
import { materialApi, uploadsApi } from '../../api/endpoints.ts';
import { i18n } from '../../i18n/index.ts';
import type { UploadTransport } from '../upload/engine.ts';
import { describeUploadError, putPart } from '../upload/transport.ts';

/**
 * What the engine reads of a material's status to settle a task it lost track of: a material the server
 * took in (processing, ready) was uploaded; a failed one was abandoned and cannot take more bytes.
 */
const ENGINE_STATUS: Record<MaterialStatus, string> = {
  uploading: 'uploading',
  processing: 'uploaded',
  ready: 'uploaded',
  failed: 'upload_failed',
};

/** The library's uploads through the same engine as videos, against the material routes. */
export const materialTransport: UploadTransport = {
  // Storage uploads use temporary credentials fetched by file kind (video kinds use the video credential).
  async credential(uploadType) {
    const answer = await (uploadType === 'material-video'
      ? uploadsApi.videoCredential()
      : uploadsApi.imageCredential());
    return { sessionToken: answer.credentials.sessionToken, expiredTime: answer.expiredTime };
  },
  start: (materialId, token) => materialApi.start({ materialId }, token),
  async signParts(materialId, token, partNumbers) {
    return (await materialApi.signParts({ materialId, partNumbers }, token)).urls;
  },
  putPart,
  async success(materialId) {
    await materialApi.addSuccess({ materialId });
  },
  async fail(materialId, reason) {
    await materialApi.fail({ materialId, failReason: reason.slice(0, 1000) });
  },
  // A failed material stays failed (the server keeps no half upload of it): the file is uploaded again as new.
  async reUpload() {
    throw new ApiError('upload_state', i18n.t('errors.upload_state'), 409);
  },
  videoStatus: async (materialId) => ENGINE_STATUS[(await materialApi.detail(materialId)).status],
  // The library's uploads report no progress to the server: nothing there shows it.
  heartbeat: async () => undefined,
  async remove(materialId) {
    await materialApi.remove({ materialIds: [materialId] });
  },
  describe: describeUploadError,
};
