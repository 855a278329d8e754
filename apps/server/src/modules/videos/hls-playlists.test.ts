import { describe, expect, it } from 'vitest';
import {
  masterCodecs,
  masterPlaylist,
  measureRendition,
  playlistEntries,
  playlistFiles,
  playlistSegments,
} from './hls-playlists.ts';

// A rung as ffmpeg 5.1 writes it with -hls_segment_type fmp4.
const rung = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-PLAYLIST-TYPE:EVENT',
  '#EXT-X-MAP:URI="init_0.mp4"',
  '#EXTINF:4.000000,',
  'seg_00000.m4s',
  '#EXTINF:3.500000,',
  'seg_00001.m4s',
  '#EXT-X-ENDLIST',
  '',
].join('\n');

describe('media playlists', () => {
  it('names the initialization section before the segments', () => {
    expect(playlistSegments(rung)).toEqual(['seg_00000.m4s', 'seg_00001.m4s']);
    expect(playlistFiles(rung)).toEqual(['init_0.mp4', 'seg_00000.m4s', 'seg_00001.m4s']);
    expect(playlistFiles('#EXTM3U\n#EXTINF:2,\nseg_00000.ts\n')).toEqual(['seg_00000.ts']);
  });

  it('reads each segment with its duration', () => {
    expect(playlistEntries(rung)).toEqual([
      { uri: 'seg_00000.m4s', durationSec: 4 },
      { uri: 'seg_00001.m4s', durationSec: 3.5 },
    ]);
    expect(playlistEntries('#EXTM3U\n')).toEqual([]);
  });
});

describe('measureRendition', () => {
  it.each([
    // Peak and average of two segments (init counted once, with the first).
    [
      [
        { bytes: 50_000, durationSec: 4 },
        { bytes: 70_000, durationSec: 3.5 },
      ],
      1000,
      160_000,
      129_067,
      121_000,
    ],
    // A short last segment can be the peak: RFC 8216 counts every segment.
    [
      [
        { bytes: 100_000, durationSec: 4 },
        { bytes: 40_000, durationSec: 1 },
      ],
      0,
      320_000,
      224_000,
      140_000,
    ],
  ])('%j', (segments, initBytes, bandwidth, averageBandwidth, bytes) => {
    expect(measureRendition(segments, initBytes)).toEqual({ bandwidth, averageBandwidth, bytes });
  });

  it('is null without a timed segment', () => {
    expect(measureRendition([])).toBeNull();
    expect(measureRendition([{ bytes: 10, durationSec: 0 }])).toBeNull();
  });
});

describe('master playlists', () => {
  it('declares measured peak and average bandwidth, size and codecs', () => {
    const master = masterPlaylist([
      {
        uri: '720p/index.m3u8',
        width: 1280,
        height: 720,
        bandwidth: 160_000.4,
        averageBandwidth: 129_067,
        codecs: 'avc1.64001f,mp4a.40.2',
      },
      { uri: 'fast/index.m3u8', width: 640, height: 360, bandwidth: 800_000 },
    ]);
    expect(master).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=160000,AVERAGE-BANDWIDTH=129067,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
        '720p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360',
        'fast/index.m3u8',
        '',
      ].join('\n'),
    );
  });

  it("takes the codecs of each variant from ffmpeg's master", () => {
    const ffmpegs = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-STREAM-INF:BANDWIDTH=172700,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
      '720p/index.m3u8',
      '',
      '#EXT-X-STREAM-INF:BANDWIDTH=118800,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"',
      '360p/index.m3u8',
      '',
    ].join('\n');
    expect([...masterCodecs(ffmpegs)]).toEqual([
      ['720p/index.m3u8', 'avc1.64001f,mp4a.40.2'],
      ['360p/index.m3u8', 'avc1.64001e,mp4a.40.2'],
    ]);
  });
});
