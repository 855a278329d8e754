import { describe, expect, it } from 'vitest';
import { contentTypeOf, isSafeMediaPath, parseRange, rebaseMaster } from './media-files.ts';

describe('isSafeMediaPath', () => {
  it.each([
    ['hls/stream_0.m3u8', true],
    ['fast/seg_00001.ts', true],
    ['poster.jpg', true],
    ['../other/source', false],
    ['hls/../../x', false],
    ['.', false],
    ['%2e%2e/x', false],
    ['hls\\x', false],
    ['/etc/passwd', false],
    ['a\u0000b', false],
    ['HLS/Upper.ts', false],
    ['', false],
    ['hls/dub/video/240p/seg_00001.m4s', true],
    ['a/b/c/d/e/f', false],
  ])('%j -> %s', (path, safe) => {
    expect(isSafeMediaPath(path)).toBe(safe);
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=50-1000', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=9-3', 100, null],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
  ])('%s of %d', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('contentTypeOf', () => {
  it('names HLS, fMP4, images and WebVTT', () => {
    expect(contentTypeOf('a/master.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(contentTypeOf('seg_1.ts')).toBe('video/mp2t');
    expect(contentTypeOf('seg_1.m4s')).toBe('video/iso.segment');
    expect(contentTypeOf('storyboard.vtt')).toBe('text/vtt; charset=utf-8');
    expect(contentTypeOf('weird.bin')).toBe('application/octet-stream');
  });
});

describe('rebaseMaster', () => {
  it('prefixes every URI with the folder of the master inside its generation', () => {
    expect(rebaseMaster('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n720p/index.m3u8\n', '2/hls')).toBe(
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n2/hls/720p/index.m3u8\n',
    );
    const master = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",URI="hls/audio.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360',
      'hls/stream_360.m3u8',
      '',
    ].join('\n');
    expect(rebaseMaster(master, '3')).toBe(
      [
        '#EXTM3U',
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",URI="3/hls/audio.m3u8"',
        '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360',
        '3/hls/stream_360.m3u8',
        '',
      ].join('\n'),
    );
  });
});
