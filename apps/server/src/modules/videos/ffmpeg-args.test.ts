import { EMAIL_PREVIEW_WIDTH } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import {
  audioKbpsFor,
  ladderArgs,
  ladderRungs,
  parseProgress,
  previewArgs,
  probeArgs,
  remuxArgs,
  stillsArgs,
  storyboardArgs,
  storyboardInterval,
  storyboardVtt,
  usualRateKbps,
} from './ffmpeg-args.ts';

const valueAfter = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('every ffmpeg and ffprobe call', () => {
  const calls = {
    probe: probeArgs('/in/source'),
    remux: remuxArgs('/in/source', '/out/fast'),
    ladder: ladderArgs('/in/source', '/out/hls', ladderRungs(1920, 1080), { fps: 30, hasAudio: true }),
    stills: stillsArgs('/in/source', [{ output: '/out/poster.jpg', width: 640 }]),
    storyboard: storyboardArgs('/in/source', '/out/sb.jpg', 60),
    preview: previewArgs('/in/source', '/out/p.gif', 60),
  };
  it.each(Object.entries(calls))('%s opens files only, through real video demuxers only', (_, args) => {
    expect(valueAfter(args, '-protocol_whitelist')).toBe('file');
    const demuxers = valueAfter(args, '-format_whitelist')?.split(',') ?? [];
    expect(demuxers).toContain('mov');
    for (const dangerous of ['hls', 'concat', 'dash', 'image2', 'lavfi', 'http', 'tcp'])
      expect(demuxers).not.toContain(dangerous);
    // The whitelists are input options: they come before the input they guard.
    expect(args.indexOf('-format_whitelist')).toBeLessThan(args.indexOf('/in/source'));
  });
});

describe('remuxArgs', () => {
  it('cuts the copy into fMP4 at every keyframe a second or more apart, published as it is written', () => {
    const args = remuxArgs('/in/source', '/out/fast');
    expect(valueAfter(args, '-hls_time')).toBe('1');
    expect(valueAfter(args, '-hls_playlist_type')).toBe('event');
    expect(valueAfter(args, '-c')).toBe('copy');
    // It starts beside the probe, before anyone knows whether the file has sound.
    expect(args.join(' ')).toContain('-map 0:v:0 -map 0:a:0?');
    expect(valueAfter(args, '-hls_segment_type')).toBe('fmp4');
    expect(args.at(-2)).toBe('/out/fast/seg_%05d.m4s');
    expect(args.at(-1)).toBe('/out/fast/index.m3u8');
  });
});

describe('ladderRungs', () => {
  it.each([
    [1920, 1080, ['1080p 1920x1080', '720p 1280x720', '480p 854x480', '360p 640x360']],
    [1280, 720, ['720p 1280x720', '480p 854x480', '360p 640x360']],
    [3840, 2160, ['1080p 1920x1080', '720p 1280x720', '480p 854x480', '360p 640x360']],
    [1080, 1920, ['1080p 1080x1920', '720p 720x1280', '480p 480x854', '360p 360x640']],
    [640, 480, ['480p 640x480', '360p 480x360']],
    [320, 240, ['240p 320x240']],
    [2, 2, ['2p 2x2']],
    [853, 481, ['480p 852x480', '360p 638x360']],
  ])('%dx%d never goes above the source', (width, height, expected) => {
    expect(ladderRungs(width, height).map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual(expected);
  });
});

describe('ladderRungs against the source bitrate', () => {
  const ladder = (width: number, height: number, sourceKbps: number | null) =>
    ladderRungs(width, height, sourceKbps).map((r) => `${r.name}@${r.videoKbps}`);
  it.each([
    // A camera's 8 Mb/s 1080p: the whole ladder at Apple's rates.
    [1920, 1080, 8000, ['1080p@5000', '720p@2800', '480p@1400', '360p@800']],
    [1920, 1080, null, ['1080p@5000', '720p@2800', '480p@1400', '360p@800']],
    // a 175 kb/s 720p source (about 127 k of picture) is one rung, below the source.
    [1280, 720, 127, ['720p@107']],
    // Each rung a real step below the one above; one left with less than half its usual rate goes.
    [1920, 1080, 2500, ['1080p@2125', '720p@1416', '480p@944', '360p@629']],
    [1920, 1080, 1200, ['1080p@1020', '360p@680']],
    [1920, 1080, 4000, ['1080p@3400', '720p@2266', '480p@1400', '360p@800']],
    [1280, 720, 3000, ['720p@2550', '480p@1400', '360p@800']],
    [1280, 720, 900, ['720p@765', '360p@510']],
    [640, 360, 300, ['360p@255']],
    // Tiny sources: one rung of their own size, never above the source, never asked for nothing.
    [320, 240, 100, ['240p@85']],
    [320, 240, 20, ['240p@64']],
  ])('%dx%d at %s kb/s', (width, height, sourceKbps, expected) => {
    expect(ladder(width, height, sourceKbps)).toEqual(expected);
  });

  it.each([
    [1920, 1080],
    [1280, 720],
    [1080, 1920],
    [854, 480],
  ])('no rung of %dx%d is above the source or the rung above it, at any source bitrate', (width, height) => {
    for (let sourceKbps = 50; sourceKbps <= 12_000; sourceKbps += 25) {
      const rungs = ladderRungs(width, height, sourceKbps, sourceKbps % 50 === 0);
      expect(rungs.length).toBeGreaterThan(0);
      rungs.forEach((rung, i) => {
        expect(rung.videoKbps).toBeLessThanOrEqual(Math.max(64, sourceKbps));
        const above = rungs[i - 1];
        if (above) {
          expect(rung.videoKbps * 1.5).toBeLessThanOrEqual(above.videoKbps);
          expect(rung.height * rung.width).toBeLessThan(above.height * above.width);
        }
      });
    }
  });

  it.each([
    // The source itself is the top rung; the encoded rungs are the standard sizes below it.
    [1920, 1080, 8000, ['1080p@8000 copy', '720p@2800', '480p@1400', '360p@800']],
    [1280, 720, 127, ['720p@127 copy']],
    [1280, 720, 900, ['720p@900 copy', '360p@450']],
    [1000, 562, 2000, ['562p@2000 copy', '480p@1000', '360p@666']],
    [640, 360, 300, ['360p@300 copy']],
  ])('%dx%d at %s kb/s, served as it is', (width, height, sourceKbps, expected) => {
    expect(
      ladderRungs(width, height, sourceKbps, true).map((r) => `${r.name}@${r.videoKbps}${r.copy ? ' copy' : ''}`),
    ).toEqual(expected);
  });

  it.each([
    [1920, 1080, 5000],
    [1000, 562, 2800],
    [1280, 720, 2800],
    [720, 1280, 2800],
    [640, 480, 1400],
    [320, 240, 800],
  ])('the usual rate of a %dx%d rung is %d kb/s', (width, height, expected) => {
    expect(usualRateKbps(width, height)).toBe(expected);
  });

  it.each([
    [null, 128],
    [48.4, 48],
    [320, 128],
    [8, 16],
  ])('sound from a source at %s kb/s is encoded at %d k', (source, expected) => {
    expect(audioKbpsFor(source)).toBe(expected);
  });
});

describe('ladderArgs', () => {
  it('decodes once and splits into one encoder per rung, keyframes aligned at 0 and 1 s, then every 2 s', () => {
    const rungs = ladderRungs(1280, 720);
    const args = ladderArgs('/in/source', '/out/hls', rungs, { fps: 25, hasAudio: true });
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(valueAfter(args, '-filter_complex')).toBe(
      '[0:v]split=3[s0][s1][s2];[s0]scale=1280:720[v0];[s1]scale=854:480[v1];[s2]scale=640:360[v2]',
    );
    expect(valueAfter(args, '-var_stream_map')).toBe('v:0,a:0,name:720p v:1,a:1,name:480p v:2,a:2,name:360p');
    expect(valueAfter(args, '-g')).toBe('50');
    expect(valueAfter(args, '-sc_threshold')).toBe('0');
    expect(valueAfter(args, '-force_key_frames')).toBe('expr:gte(t,if(eq(n_forced,0),0,2*n_forced-1))');
    // Every keyframe a second or more into a segment ends it: the forced ones decide.
    expect(valueAfter(args, '-hls_init_time')).toBe('1');
    expect(valueAfter(args, '-hls_playlist_type')).toBe('event');
    expect(valueAfter(args, '-b:v:0')).toBe('2800k');
    expect(valueAfter(args, '-b:a')).toBe('128k');
    expect(valueAfter(args, '-hls_segment_type')).toBe('fmp4');
    expect(args.at(-2)).toBe('/out/hls/%v/seg_%05d.m4s');
    expect(args).toContain('-progress');
  });

  it('encodes each rung at its own capped rate and the sound at the source’s', () => {
    const args = ladderArgs('/in/source', '/out/hls', ladderRungs(1280, 720, 127), {
      fps: 30,
      hasAudio: true,
      audioKbps: 48,
    });
    expect(valueAfter(args, '-filter_complex')).toBe('[0:v]split=1[s0];[s0]scale=1280:720[v0]');
    expect(valueAfter(args, '-b:v:0')).toBe('107k');
    expect(valueAfter(args, '-maxrate:v:0')).toBe('114k');
    expect(valueAfter(args, '-b:a')).toBe('48k');
    expect(valueAfter(args, '-var_stream_map')).toBe('v:0,a:0,name:720p');
  });

  it('maps no audio for a silent source', () => {
    const args = ladderArgs('/in/source', '/out/hls', ladderRungs(640, 360), { fps: 30, hasAudio: false });
    expect(valueAfter(args, '-var_stream_map')).toBe('v:0,name:360p');
    expect(args).not.toContain('0:a:0');
    expect(args).not.toContain('-c:a');
  });
});

describe('stills, storyboard and preview', () => {
  it('takes the thumbnail 640 wide and the poster at 0.1 s from one decode', () => {
    const args = stillsArgs('/in/source', [
      { output: '/out/t.jpg', width: 640 },
      { output: '/out/p.jpg', width: 1280 },
    ]);
    expect(valueAfter(args, '-ss')).toBe('0.1');
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(valueAfter(args, '-filter_complex')).toBe('[0:v]split=2[s0][s1];[s0]scale=640:-2[o0];[s1]scale=1280:-2[o1]');
    expect(args.slice(args.indexOf('[o0]') - 1, args.indexOf('/out/t.jpg') + 1)).toEqual([
      '-map',
      '[o0]',
      '-frames:v',
      '1',
      '-q:v',
      '4',
      '/out/t.jpg',
    ]);
    expect(args.at(-1)).toBe('/out/p.jpg');
  });

  it('covers the video with at most 100 tiles', () => {
    expect(storyboardInterval(60)).toBe(1);
    expect(storyboardInterval(3600)).toBe(36);
    expect(valueAfter(storyboardArgs('/in/source', '/out/sb.jpg', 250), '-vf')).toBe('fps=1/3,scale=160:-2,tile=10x9');
  });

  it('writes WebVTT cues into the sprite', () => {
    const vtt = storyboardVtt(12.5, 90, 'storyboard.jpg');
    expect(vtt.startsWith('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nstoryboard.jpg#xywh=0,0,160,90')).toBe(true);
    expect(vtt).toContain('00:00:10.000 --> 00:00:11.000\nstoryboard.jpg#xywh=0,90,160,90');
    expect(vtt).toContain('00:00:12.000 --> 00:00:12.500\nstoryboard.jpg#xywh=320,90,160,90');
  });

  it('starts the preview a tenth of the way in, for three seconds', () => {
    const args = previewArgs('/in/source', '/out/p.gif', 60);
    expect(valueAfter(args, '-ss')).toBe('6');
    expect(valueAfter(args, '-t')).toBe('3');
    expect(valueAfter(previewArgs('/in/source', '/out/p.gif', 4), '-ss')).toBe('0');
  });

  it('makes the preview exactly as wide as the email snippet shows it', () => {
    expect(EMAIL_PREVIEW_WIDTH).toBe(480);
    expect(valueAfter(previewArgs('/in/source', '/out/p.gif', 60), '-vf')).toContain(
      `scale=${EMAIL_PREVIEW_WIDTH}:-2:`,
    );
  });
});

describe('parseProgress', () => {
  it('turns out_time into percent, and progress=end into 100', () => {
    const chunk =
      'frame=120\nfps=60.00\nout_time_us=5000000\nout_time_ms=5000000\nout_time=00:00:05.000000\nprogress=continue\n';
    expect(parseProgress(chunk, 20)).toBe(25);
    expect(parseProgress('out_time_us=N/A\nprogress=continue\n', 20)).toBeNull();
    expect(parseProgress('out_time_us=99000000\n', 20)).toBe(99);
    expect(parseProgress('progress=end\n', 20)).toBe(100);
    expect(parseProgress('frame=1\n', 20)).toBeNull();
  });
});
