import { describe, expect, it } from 'vitest';
import {
  canRetryVideo,
  checkUploadFile,
  MAX_PARTS,
  MIN_PART_SIZE,
  PREFERRED_PART_SIZE,
  partCountFor,
  partSizeFor,
  UPLOAD_SIZE_LIMITS,
  VIDEO_TYPES_TEXT,
} from './uploads.ts';

describe('checkUploadFile (the console contract Uploads)', () => {
  it.each([
    ['demo.mp4', 10, 'video/mp4', null],
    ['DEMO.MOV', 10, 'video/quicktime', null],
    ['clip.avi', 10, 'video/x-msvideo', null],
    ['clip.flv', 10, '', null],
    ['clip.rmvb', 10, '', null],
    ['empty.mp4', 0, 'video/mp4', 'upload_empty'],
    ['virus.exe', 10, 'application/x-msdownload', 'upload_type'],
    ['no-extension', 10, '', 'upload_type'],
    ['renamed.mp4', 10, 'text/html', 'upload_type'],
    ['clip.mkv', 10, 'video/x-matroska', 'upload_type'],
    ['big.mp4', UPLOAD_SIZE_LIMITS.video + 1, 'video/mp4', 'upload_too_large'],
    ['limit.mp4', UPLOAD_SIZE_LIMITS.video, 'video/mp4', null],
    ['half.mp4', 1.5, 'video/mp4', 'upload_empty'],
  ])('%s (%d bytes, %j) -> %s', (name, size, type, expected) => {
    expect(checkUploadFile('video', { name, size, type })).toBe(expected);
  });

  it('applies each kind its own list and limit', () => {
    expect(checkUploadFile('image', { name: 'logo.png', size: 2 * 1024 ** 2 })).toBeNull();
    expect(checkUploadFile('image', { name: 'logo.png', size: 2 * 1024 ** 2 + 1 })).toBe('upload_too_large');
    expect(checkUploadFile('material-video', { name: 'b.mov', size: 10 })).toBe('upload_type');
  });
});

describe('part sizing (S3: parts of at least 5 MiB, at most 10,000)', () => {
  it('uses the preferred size until a file would need more than 10,000 parts', () => {
    expect(partSizeFor(1)).toBe(PREFERRED_PART_SIZE);
    expect(partSizeFor(5 * 1000 ** 3)).toBe(PREFERRED_PART_SIZE);
    const huge = PREFERRED_PART_SIZE * MAX_PARTS + 1;
    const size = partSizeFor(huge);
    expect(size).toBeGreaterThan(PREFERRED_PART_SIZE);
    expect(partCountFor(huge, size)).toBeLessThanOrEqual(MAX_PARTS);
    expect(size % (1024 * 1024)).toBe(0);
    expect(PREFERRED_PART_SIZE).toBeGreaterThanOrEqual(MIN_PART_SIZE);
  });

  it('counts parts, the last one short', () => {
    expect(partCountFor(1, PREFERRED_PART_SIZE)).toBe(1);
    expect(partCountFor(PREFERRED_PART_SIZE, PREFERRED_PART_SIZE)).toBe(1);
    expect(partCountFor(PREFERRED_PART_SIZE + 1, PREFERRED_PART_SIZE)).toBe(2);
  });
});

describe('failed videos', () => {
  it('names the video kinds of the spec, once, for the upload dialog and the server alike', () => {
    expect(VIDEO_TYPES_TEXT).toBe('FLV, AVI, MOV, MP4, RMVB');
  });

  it('offers a retry only where one can help', () => {
    expect(canRetryVideo({ status: 'failed', failCode: 'media_not_video' })).toBe(false);
    expect(canRetryVideo({ status: 'failed', failCode: 'media_too_long' })).toBe(false);
    expect(canRetryVideo({ status: 'failed', failCode: 'media_failed' })).toBe(true);
    expect(canRetryVideo({ status: 'failed', failCode: null })).toBe(true);
    expect(canRetryVideo({ status: 'upload_failed', failCode: 'upload_size_mismatch' })).toBe(true);
    expect(canRetryVideo({ status: 'ready', failCode: null })).toBe(false);
  });
});
