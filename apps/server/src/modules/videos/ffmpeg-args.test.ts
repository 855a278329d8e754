import { EMAIL_PREVIEW_WIDTH } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import {
  frameArgs,
  ladderArgs,
  ladderRungs,
  parseProgress,
  previewArgs,
  probeArgs,
  remuxArgs,
  storyboardArgs,
  storyboardInterval,
  storyboardVtt,
} from './ffmpeg-args.ts';

const valueAfter = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('every ffmpeg and ffprobe call', () => {
  const calls = {
    probe: probeArgs('/in/source'),
    remux: remuxArgs('/in/source', '/out/fast', true),
    ladder: ladderArgs('/in/source', '/out/hls', ladderRungs(1920, 1080), { fps: 30, hasAudio: true }),
    frame: frameArgs('/in/source', '/out/poster.jpg', 640),
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

describe('ladderArgs', () => {
  it('decodes once and splits into one encoder per rung, keyframes aligned every 2 s', () => {
    const rungs = ladderRungs(1280, 720);
    const args = ladderArgs('/in/source', '/out/hls', rungs, { fps: 25, hasAudio: true });
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(valueAfter(args, '-filter_complex')).toBe(
      '[0:v]split=3[s0][s1][s2];[s0]scale=1280:720[v0];[s1]scale=854:480[v1];[s2]scale=640:360[v2]',
    );
    expect(valueAfter(args, '-var_stream_map')).toBe('v:0,a:0,name:720p v:1,a:1,name:480p v:2,a:2,name:360p');
    expect(valueAfter(args, '-g')).toBe('50');
    expect(valueAfter(args, '-sc_threshold')).toBe('0');
    expect(valueAfter(args, '-b:v:0')).toBe('2800k');
    expect(valueAfter(args, '-master_pl_name')).toBe('master.m3u8');
    expect(args).toContain('-progress');
  });

  it('maps no audio for a silent source', () => {
    const args = ladderArgs('/in/source', '/out/hls', ladderRungs(640, 360), { fps: 30, hasAudio: false });
    expect(valueAfter(args, '-var_stream_map')).toBe('v:0,name:360p');
    expect(args).not.toContain('0:a:0');
    expect(args).not.toContain('-c:a');
  });
});

describe('stills, storyboard and preview', () => {
  it('takes the thumbnail 640 wide at 0.1 s (spec §9)', () => {
    const args = frameArgs('/in/source', '/out/t.jpg', 640);
    expect(valueAfter(args, '-ss')).toBe('0.1');
    expect(valueAfter(args, '-vf')).toBe('scale=640:-2');
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
