import { describe, expect, it } from 'vitest';
import { canCopy, checkProbe, displaySize, type Probe, parseProbe, sourceRates } from './probe.ts';

const probe = (video: Partial<NonNullable<Probe['video']>> | null, extra: Partial<Probe> = {}): Probe => ({
  format: 'mov,mp4,m4a,3gp,3g2,mj2',
  durationSec: 60,
  bitRateKbps: null,
  video:
    video === null
      ? null
      : {
          codec: 'h264',
          width: 1920,
          height: 1080,
          fps: 30,
          pixFmt: 'yuv420p',
          rotation: 0,
          bitRateKbps: null,
          profile: 'High',
          level: 40,
          interlaced: false,
          ...video,
        },
  audio: { codec: 'aac', bitRateKbps: null, profile: 'LC' },
  ...extra,
});

describe('parseProbe', () => {
  it('reads ffprobe JSON, skipping cover art and applying rotation', () => {
    const parsed = parseProbe(
      JSON.stringify({
        format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.5', bit_rate: '8211064' },
        streams: [
          { codec_type: 'video', codec_name: 'mjpeg', width: 600, height: 600, disposition: { attached_pic: 1 } },
          {
            codec_type: 'video',
            codec_name: 'h264',
            width: 1920,
            height: 1080,
            avg_frame_rate: '30000/1001',
            pix_fmt: 'yuv420p',
            profile: 'Main',
            level: 41,
            field_order: 'progressive',
            bit_rate: '8075498',
            side_data_list: [{ rotation: -90 }],
          },
          { codec_type: 'audio', codec_name: 'aac', profile: 'HE-AAC', bit_rate: 'N/A' },
        ],
      }),
    );
    expect(parsed.durationSec).toBe(12.5);
    expect(parsed.bitRateKbps).toBeCloseTo(8211.064, 3);
    expect(parsed.video?.bitRateKbps).toBeCloseTo(8075.498, 3);
    expect(parsed.audio).toEqual({ codec: 'aac', bitRateKbps: null, profile: 'HE-AAC' });
    expect(parsed.video).toMatchObject({
      codec: 'h264',
      width: 1920,
      height: 1080,
      rotation: 270,
      profile: 'Main',
      level: 41,
      interlaced: false,
    });
    expect(parsed.video?.fps).toBeCloseTo(29.97, 2);
    expect(displaySize(parsed.video as NonNullable<Probe['video']>)).toEqual({ width: 1080, height: 1920 });
  });
});

describe('checkProbe', () => {
  it.each([
    ['a normal 1080p video', probe({}), null, null],
    ['no video stream', probe(null), 'media_no_video', /no video stream/],
    ['a pixel flood', probe({ width: 16000, height: 16000 }), 'media_too_large', /8K/],
    ['one side too long', probe({ width: 20000, height: 2 }), 'media_too_large', /8K/],
    ['a 10-hour 1x1 video', probe({ width: 1, height: 1 }, { durationSec: 36_000 }), 'media_too_long', /10\.0 hours/],
    ['no duration', probe({}, { durationSec: 0 }), 'media_damaged', /no duration/],
    ['no picture size', probe({ width: 0, height: 0 }), 'media_damaged', /picture size/],
  ])('%s', (_, value, code, detail) => {
    const refusal = checkProbe(value);
    if (code === null) expect(refusal).toBeNull();
    else {
      expect(refusal?.code).toBe(code);
      expect(refusal?.reason).toMatch(detail as RegExp);
    }
  });
});

describe('canCopy', () => {
  // A 1080p source whose rung usually gets 5,000 kb/s, at 8,000 kb/s (a camera's).
  it.each([
    ['a camera’s 1080p High H.264 with AAC', probe({}), 8000, true],
    ['a silent one', probe({}, { audio: null }), 8000, true],
    ['a screen recording in Constrained Baseline', probe({ profile: 'Constrained Baseline', level: 31 }), 900, true],
    ['HEVC', probe({ codec: 'hevc', profile: 'Main' }), 8000, false],
    ['High 10 (10-bit)', probe({ profile: 'High 10', pixFmt: 'yuv420p10le' }), 8000, false],
    ['4:4:4', probe({ profile: 'High 4:4:4 Predictive', pixFmt: 'yuv444p' }), 8000, false],
    ['a level above 5.1', probe({ level: 52 }), 8000, false],
    ['an unknown level', probe({ level: 0 }), 8000, false],
    ['interlaced broadcast', probe({ interlaced: true }), 8000, false],
    ['a phone held upright (rotated)', probe({ rotation: 90 }), 8000, false],
    ['120 fps', probe({ fps: 120 }), 8000, false],
    ['4K', probe({ width: 3840, height: 2160 }), 8000, false],
    ['a phone’s 17 Mb/s 1080p', probe({}), 17000, false],
    ['MP3 sound', probe({}, { audio: { codec: 'mp3', bitRateKbps: null, profile: '' } }), 8000, false],
  ])('%s: %s', (_, value, videoKbps, expected) => {
    expect(canCopy(value, videoKbps, 5000)).toBe(expected);
  });
});

describe('sourceRates', () => {
  // 60 s of a 1,312,500-byte file: 175 kb/s overall.
  const bytes = 1_312_500;
  it.each([
    [
      'the streams say',
      probe({ bitRateKbps: 120 }, { audio: { codec: 'aac', bitRateKbps: 48, profile: 'LC' } }),
      120,
      48,
    ],
    [
      'only the container says',
      probe({}, { bitRateKbps: 175, audio: { codec: 'aac', bitRateKbps: 48, profile: 'LC' } }),
      127,
      48,
    ],
    ['nothing says (WebM), with sound', probe({}), 175 / 2, null],
    ['nothing says, silent', probe({}, { audio: null }), 175, null],
    ['a large file of unknown sound', probe({}, { bitRateKbps: 8000 }), 7872, null],
  ])('%s', (_, value, videoKbps, audioKbps) => {
    const rates = sourceRates(value, bytes);
    expect(rates.videoKbps).toBeCloseTo(videoKbps, 6);
    expect(rates.audioKbps).toBe(audioKbps);
  });
});
