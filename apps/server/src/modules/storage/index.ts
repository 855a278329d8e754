import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalDriver } from './local.driver.ts';
import { createS3Driver } from './s3.driver.ts';
import type { StorageDriver } from './storage.ts';

/** The driver the configuration names: local files under DATA_DIR/storage, or an S3-compatible bucket. */
export function createStorage(config: Config): StorageDriver {
  if (config.STORAGE === 's3') {
    // parseConfig has already required these when STORAGE=s3.
    return createS3Driver({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET as string,
      accessKeyId: config.S3_ACCESS_KEY_ID as string,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY as string,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalDriver({ root: path.join(config.dataDir, 'storage'), secret: config.STORAGE_SIGNING_SECRET });
}
