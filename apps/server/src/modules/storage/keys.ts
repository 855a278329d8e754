/**
 * Storage keys are made by the server from ids it generated. This check is the last line of defence: a key
 * that could climb out of the storage folder or smuggle an encoding never reaches the file system or a
 * bucket.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export class UnsafeKeyError extends Error {}

export function assertSafeKey(key: string): string {
  const refuse = () => {
    throw new UnsafeKeyError(`unsafe storage key: ${JSON.stringify(key.slice(0, 200))}`);
  };
  if (key.length === 0 || key.length > 512) refuse();
  if (key.startsWith('/') || key.includes('\\') || key.includes('\0') || key.includes('%')) refuse();
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..' || !SEGMENT.test(segment)) refuse();
  }
  return key;
}

/** Upload ids of the local driver: 32 hex characters it generated. */
export function assertUploadId(uploadId: string): string {
  if (!/^[0-9a-f]{32}$/.test(uploadId)) throw new UnsafeKeyError('unsafe upload id');
  return uploadId;
}
