import { describe, expect, it } from 'vitest';
import {
  type AudioRendition,
  languageName,
  masterCodecs,
  masterPlaylist,
  masterWithAudio,
  measureRendition,
  parseAttributes,
  parseMaster,
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

describe('master playlists with audio renditions', () => {
  const variants = [
    {
      uri: '720p/index.m3u8',
      width: 1280,
      height: 720,
      bandwidth: 2_000_000,
      averageBandwidth: 1_500_000,
      codecs: 'avc1.64001f,mp4a.40.2',
    },
    { uri: '360p/index.m3u8', width: 640, height: 360, bandwidth: 600_000, codecs: 'avc1.64001e' },
  ];
  const original: AudioRendition = {
    lang: 'en',
    uri: 'audio/en/index.m3u8',
    isDefault: true,
    bandwidth: 140_000,
    averageBandwidth: 130_000,
  };
  const spanish: AudioRendition = { lang: 'es', uri: 'audio/es/index.m3u8', isDefault: false, bandwidth: 150_000 };
  const write = (renditions: AudioRendition[], groupId = 'audio') => masterWithAudio(variants, { groupId, renditions });

  it('lists each rendition in the group and sends every variant to it, with the audio counted in', () => {
    expect(write([original, spanish])).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="en",NAME="English",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/en/index.m3u8"',
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="es",NAME="Español",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio/es/index.m3u8"',
        // The largest rendition's peak is added to the video's peak, its mean to the video's mean.
        '#EXT-X-STREAM-INF:BANDWIDTH=2150000,AVERAGE-BANDWIDTH=1650000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",AUDIO="audio"',
        '720p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=750000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2",AUDIO="audio"',
        '360p/index.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('reads back as it was written', () => {
    const { media, variants: read } = parseMaster(write([original, { ...spanish, name: 'Castellano' }]));
    expect(media.map((m) => [m.LANGUAGE, m.NAME, m.DEFAULT, m.URI])).toEqual([
      ['en', 'English', 'YES', 'audio/en/index.m3u8'],
      ['es', 'Castellano', 'NO', 'audio/es/index.m3u8'],
    ]);
    expect(read.map((v) => [v.uri, v.attributes.AUDIO, v.attributes.CODECS])).toEqual([
      ['720p/index.m3u8', 'audio', 'avc1.64001f,mp4a.40.2'],
      ['360p/index.m3u8', 'audio', 'avc1.64001e,mp4a.40.2'],
    ]);
  });

  it('declares no codecs for a variant whose video codec is unknown, rather than audio alone', () => {
    const master = masterWithAudio([{ uri: 'a/index.m3u8', width: 2, height: 2, bandwidth: 1 }], {
      groupId: 'audio',
      renditions: [original],
    });
    expect(parseMaster(master).variants[0]?.attributes).toEqual({
      BANDWIDTH: '140001',
      RESOLUTION: '2x2',
      AUDIO: 'audio',
    });
  });

  it('auto-selects one rendition per language, the default first', () => {
    const dubbedEnglish = { lang: 'en', name: 'English (dubbed)', uri: 'audio/en2/index.m3u8', isDefault: false };
    const media = parseMaster(write([dubbedEnglish, original, spanish])).media;
    expect(media.map((m) => [m.NAME, m.AUTOSELECT])).toEqual([
      ['English (dubbed)', 'NO'],
      ['English', 'YES'],
      ['Español', 'YES'],
    ]);
  });

  it.each([
    ['no rendition', []],
    ['no default', [{ ...original, isDefault: false }, spanish]],
    ['two defaults', [original, { ...spanish, isDefault: true }]],
    ['two of one name', [original, { ...spanish, name: 'English' }]],
    ['an empty name', [{ ...original, name: '' }]],
    ['a quote in a name', [{ ...original, name: 'The "original"' }]],
    ['a line break in a URI', [{ ...original, uri: 'a\n#EXT-X-ENDLIST' }]],
    ['NUL in a name', [{ ...original, name: 'a\u0000b' }]],
    ['an empty language', [{ ...original, lang: '' }]],
    ['a language that is no tag', [{ ...original, lang: 'not a language' }]],
    ['a lone surrogate for a language', [{ ...original, lang: '\ud800' }]],
  ])('refuses %s', (_, renditions) => {
    expect(() => write(renditions as AudioRendition[])).toThrow(RangeError);
  });

  it('refuses a group name that cannot be quoted', () => {
    expect(() => write([original], 'a"b')).toThrow(RangeError);
    expect(() => write([original], '')).toThrow(RangeError);
  });

  it('writes a long name on its line, as given', () => {
    const name = 'x'.repeat(10_000);
    expect(parseMaster(write([{ ...original, name }])).media[0]?.NAME).toBe(name);
  });
});

describe('languageName', () => {
  it.each([
    ['en', 'English'],
    ['es', 'Español'],
    ['fr', 'Français'],
    ['de', 'Deutsch'],
    ['zh', '中文'],
    ['ja', '日本語'],
    ['pt-BR', 'Português (Brasil)'],
    ['tr', 'Türkçe'],
    ['EN', 'English'],
  ])('names %s %s', (lang, name) => {
    expect(languageName(lang)).toBe(name);
  });

  it.each(['und', 'xx', '', 'not a language', '\ud800', 'a\u0000b'])('keeps the tag %j it cannot name', (lang) => {
    expect(languageName(lang)).toBe(lang);
  });
});

describe('parseAttributes', () => {
  it('keeps commas inside quoted values and drops the quotes', () => {
    expect(parseAttributes('BANDWIDTH=1,CODECS="avc1.64001f,mp4a.40.2",NAME="A=B",DEFAULT=YES')).toEqual({
      BANDWIDTH: '1',
      CODECS: 'avc1.64001f,mp4a.40.2',
      NAME: 'A=B',
      DEFAULT: 'YES',
    });
    expect(parseAttributes('')).toEqual({});
  });
});
