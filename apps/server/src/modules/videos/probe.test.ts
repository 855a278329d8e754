import { describe, expect, it } from 'vitest';
import { canRemux, checkProbe, displaySize, type Probe, parseProbe, sourceRates } from './probe.ts';

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
          ...video,
        },
  audio: { codec: 'aac', bitRateKbps: null },
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
            bit_rate: '8075498',
            side_data_list: [{ rotation: -90 }],
          },
          { codec_type: 'audio', codec_name: 'aac', bit_rate: 'N/A' },
        ],
      }),
    );
    expect(parsed.durationSec).toBe(12.5);
    expect(parsed.bitRateKbps).toBeCloseTo(8211.064, 3);
    expect(parsed.video?.bitRateKbps).toBeCloseTo(8075.498, 3);
    expect(parsed.audio).toEqual({ codec: 'aac', bitRateKbps: null });
    expect(parsed.video).toMatchObject({ codec: 'h264', width: 1920, height: 1080, rotation: 270 });
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

describe('canRemux', () => {
  it.each([
    [probe({}), true],
    [probe({}, { audio: null }), true],
    [probe({ codec: 'hevc' }), false],
    [probe({ pixFmt: 'yuv444p' }), false],
    [probe({ rotation: 90 }), false],
    [probe({}, { audio: { codec: 'mp3', bitRateKbps: null } }), false],
  ])('%#', (value, expected) => {
    expect(canRemux(value)).toBe(expected);
  });
});

describe('sourceRates', () => {
  // 60 s of a 1,312,500-byte file: 175 kb/s overall.
  const bytes = 1_312_500;
  it.each([
    ['the streams say', probe({ bitRateKbps: 120 }, { audio: { codec: 'aac', bitRateKbps: 48 } }), 120, 48],
    ['only the container says', probe({}, { bitRateKbps: 175, audio: { codec: 'aac', bitRateKbps: 48 } }), 127, 48],
    ['nothing says (WebM), with sound', probe({}), 175 / 2, null],
    ['nothing says, silent', probe({}, { audio: null }), 175, null],
    ['a large file of unknown sound', probe({}, { bitRateKbps: 8000 }), 7872, null],
  ])('%s', (_, value, videoKbps, audioKbps) => {
    const rates = sourceRates(value, bytes);
    expect(rates.videoKbps).toBeCloseTo(videoKbps, 6);
    expect(rates.audioKbps).toBe(audioKbps);
  });
});
