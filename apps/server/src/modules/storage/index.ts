import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalDriver } from './local.driver.ts';
import type { StorageDriver } from './storage.ts';

/** The driver the configuration names: local files under DATA_DIR/storage, or an S3-compatible bucket. */
export function createStorage(config: Config): StorageDriver {
  if (config.STORAGE === 's3') throw new Error('STORAGE=s3 is not available yet');
  return createLocalDriver({ root: path.join(config.dataDir, 'storage'), secret: config.STORAGE_SIGNING_SECRET });
}
