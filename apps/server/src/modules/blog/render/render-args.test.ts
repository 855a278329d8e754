import { describe, expect, it } from 'vitest';
import { filterValue, musicGain, RENDER_AUDIO_RATE, renderArgs, renderTimeline } from './render-args.ts';
import { frameSize, type RenderPlan, type RenderScene } from './render-plan.ts';

const options = { workDir: '/work/job', fontsDir: '/work/job/fonts', font: 'Noto Sans CJK SC' };
const image = (duration: number, text = 'A picture'): RenderScene => ({
  duration,
  text,
  media: { kind: 'image', path: `/in/image-${duration}.png` },
  voicePath: null,
});
const clip = (duration: number, text = 'A clip'): RenderScene => ({
  duration,
  text,
  media: { kind: 'video', path: `/in/clip-${duration}.mp4` },
  voicePath: null,
});
const bare = (duration: number, text = 'Only words'): RenderScene => ({ duration, text, media: null, voicePath: null });

function plan(scenes: RenderScene[], more: Partial<RenderPlan> = {}): RenderPlan {
  return {
    width: 1920,
    height: 1080,
    fps: 25,
    scenes,
    subtitles: true,
    lang: 'en',
    logoPath: null,
    bgm: null,
    voiceTrackPath: null,
    transitionSeconds: 0.5,
    ...more,
  };
}

/** An option's value; the last one given, the output's options coming after the inputs'. */
const arg = (args: string[], name: string) => args[args.lastIndexOf(name) + 1] as string;
const graphOf = (args: string[]) => arg(args, '-filter_complex').split(';');
/** The files ffmpeg opens, each with the options it is opened with. */
function inputsOf(args: string[]) {
  const found: { file: string; before: string[] }[] = [];
  let start = args.indexOf('-y') + 1;
  for (let i = start; i < args.length; i++) {
    if (args[i] === '-i') {
      found.push({ file: args[i + 1] as string, before: args.slice(start, i) });
      start = i + 2;
    }
  }
  return found;
}
const dialogues = (script: string | undefined) => (script ?? '').split('\n').filter((l) => l.startsWith('Dialogue:'));

describe('frameSize', () => {
  it.each([
    ['16:9', { width: 1920, height: 1080 }],
    ['9:16', { width: 1080, height: 1920 }],
    ['1:1', { width: 1080, height: 1080 }],
  ] as const)('%s', (aspect, size) => {
    expect(frameSize(aspect)).toEqual(size);
  });
});

describe('renderTimeline', () => {
  it('starts each scene at the running sum of those before, to the frame', () => {
    const timeline = renderTimeline({
      fps: 25,
      transitionSeconds: 0.5,
      scenes: [image(1.01), image(2.02), image(3.03)],
    });
    expect(timeline.startFrames).toEqual([0, 25, 76]);
    expect(timeline.totalFrames).toBe(152);
    expect(timeline.duration).toBeCloseTo(6.06, 1);
    expect(timeline.fadeFrames).toBe(12);
  });

  it('keeps a fade within half the shortest scene, and none for one scene', () => {
    expect(renderTimeline({ fps: 30, transitionSeconds: 0.5, scenes: [image(4), image(0.4)] }).fadeFrames).toBe(6);
    expect(renderTimeline({ fps: 30, transitionSeconds: 0.5, scenes: [image(4)] }).fadeFrames).toBe(0);
    expect(renderTimeline({ fps: 30, transitionSeconds: -1, scenes: [image(4), image(4)] }).fadeFrames).toBe(0);
  });

  it.each([[[]], [[image(0)]], [[image(-1)]], [[image(Number.NaN)]], [[image(Number.POSITIVE_INFINITY)]]])(
    'refuses scenes %j',
    (scenes) => {
      expect(() => renderTimeline({ fps: 25, transitionSeconds: 0.5, scenes })).toThrow(RangeError);
    },
  );
});

describe('renderArgs: video', () => {
  it('renders one still: scaled once, panned by a moving crop, no transition', () => {
    const { args, duration } = renderArgs(plan([image(4)]), '/out/video.mp4', options);
    const graph = graphOf(args);
    expect(duration).toBe(4);
    expect(graph[0]).toMatch(/^\[0:v\]trim=end_frame=1,scale=2036:1146:force_original_aspect_ratio=increase/);
    expect(graph[0]).toContain('loop=loop=99:size=1:start=0,crop=w=1920:h=1080');
    expect(graph[0]).toContain('trim=end_frame=100[s0]');
    expect(graph.join(';')).not.toContain('xfade');
    expect(graph.join(';')).not.toContain('zoompan');
  });

  it('joins three scenes (clip, still, none) with cross-fades, the video lasting their sum', () => {
    const { args, duration } = renderArgs(plan([clip(3), image(2), bare(5)]), '/out/video.mp4', options);
    const graph = graphOf(args);
    expect(duration).toBe(10);
    expect(arg(args, '-t')).toBe('10.000000');
    // Every segment but the last is longer by the fade (13 frames at 25 fps).
    expect(graph[0]).toMatch(/^\[0:v\]fps=25,scale=1920:1080:force_original_aspect_ratio=increase,crop=1920:1080/);
    expect(graph[0]).toContain('trim=end_frame=88[s0]');
    expect(graph[1]).toContain('trim=end_frame=63[s1]');
    expect(graph[2]).toMatch(/^gradients=s=1920x1080:r=25:.*trim=end_frame=125\[s2\]$/);
    // Each fade blends the last 13 frames of one scene with the first 13 of the next; the rest is joined as it is.
    expect(graph).toEqual(
      expect.arrayContaining([
        '[s0]split=2[b0][t0]',
        '[b0]trim=start_frame=0:end_frame=75,setpts=PTS-STARTPTS[bb0]',
        '[t0]trim=start_frame=75,setpts=PTS-STARTPTS[tt0]',
        '[s1]split=3[h1][b1][t1]',
        '[h1]trim=end_frame=13[hh1]',
        '[b1]trim=start_frame=13:end_frame=50,setpts=PTS-STARTPTS[bb1]',
        '[tt0][hh1]xfade=transition=fade:duration=0.520000:offset=0[f1]',
        '[s2]split=2[h2][b2]',
        '[b2]trim=start_frame=13:end_frame=125,setpts=PTS-STARTPTS[bb2]',
        '[tt1][hh2]xfade=transition=fade:duration=0.520000:offset=0[f2]',
        '[bb0][f1][bb1][f2][bb2]concat=n=5:v=1:a=0[joined]',
      ]),
    );
    // 75 + 13 + 37 + 13 + 112 frames: 250, 10 s.
    // The clip is looped to the scene, read no further, without its sound.
    expect(inputsOf(args)[0]?.before).toEqual(
      expect.arrayContaining(['-stream_loop', '-1', '-t', '4.520', '-an', '-format_whitelist']),
    );
  });

  it('cuts between scenes when there is no transition', () => {
    const graph = graphOf(renderArgs(plan([image(2), image(2)], { transitionSeconds: 0 }), '/o.mp4', options).args);
    expect(graph).toContain('[s0][s1]concat=n=2:v=1:a=0[joined]');
    expect(graph.join(';')).not.toContain('xfade');
  });

  it('puts the logo in the top right corner, small', () => {
    const graph = graphOf(renderArgs(plan([image(2)], { logoPath: '/in/logo.png' }), '/o.mp4', options).args);
    expect(graph.join(';')).toContain('scale=308:88:force_original_aspect_ratio=decrease');
    expect(graph.join(';')).toContain('[s0][logo]overlay=x=W-w-32:y=32');
  });

  it('opens every input as a local file with only the demuxers it can be', () => {
    const { args } = renderArgs(
      plan([{ ...image(2), voicePath: '/in/v.wav' }, clip(2)], {
        logoPath: '/in/logo.png',
        bgm: { path: '/in/m.m4a', volume: 50 },
      }),
      '/o.mp4',
      options,
    );
    const inputs = inputsOf(args);
    expect(inputs).toHaveLength(5);
    for (const input of inputs) {
      expect(arg(input.before, '-protocol_whitelist')).toBe('file');
      expect(input.before).toContain('-format_whitelist');
    }
    // No image2: it would read "%d" in a path as a numbered sequence of files.
    const imageInput = inputs.find((i) => i.file === '/in/image-2.png');
    expect(arg(imageInput?.before ?? [], '-format_whitelist').split(',')).not.toContain('image2');
    expect(arg(args, '-c:v')).toBe('libx264');
    expect(arg(args, '-pix_fmt')).toBe('yuv420p');
    expect(arg(args, '-movflags')).toBe('+faststart');
    expect(arg(args, '-ar')).toBe('48000');
    expect(arg(args, '-ac')).toBe('2');
    expect(arg(args, '-r')).toBe('25');
    expect(args.at(-1)).toBe('/o.mp4');
  });
});

describe('renderArgs: text', () => {
  it('burns in each pictured scene’s text when subtitles are on, and the big text of a scene without one', () => {
    const on = renderArgs(plan([image(2, 'First'), clip(3, 'Second'), bare(2, 'Third')]), '/o.mp4', options);
    expect(graphOf(on.args).join(';')).toContain(
      '[joined]ass=filename=/work/job/text.ass:fontsdir=/work/job/fonts:shaping=complex[texted]',
    );
    expect(dialogues(on.files['text.ass'])).toEqual([
      'Dialogue: 0,0:00:00.00,0:00:02.00,Subtitle,,0,0,0,,First',
      'Dialogue: 0,0:00:02.00,0:00:05.00,Subtitle,,0,0,0,,Second',
      'Dialogue: 0,0:00:05.00,0:00:07.00,Title,,0,0,0,,{\\fs157}Third',
    ]);

    const off = renderArgs(plan([image(2, 'First'), bare(2, 'Third')], { subtitles: false }), '/o.mp4', options);
    expect(dialogues(off.files['text.ass'])).toEqual([
      'Dialogue: 0,0:00:02.00,0:00:04.00,Title,,0,0,0,,{\\fs157}Third',
    ]);

    const none = renderArgs(plan([image(2, 'First')], { subtitles: false }), '/o.mp4', options);
    expect(none.files).toEqual({});
    expect(graphOf(none.args).join(';')).not.toContain('ass=');
  });

  it.each([
    ['{\\pos(0,0)}moved', '\\{\\\u2060pos(0,0)\\}moved'],
    ['C:\\new line', 'C:\\\u2060new line'],
    ['first\nsecond\r\nthird', 'first second third'],
    ['nul\u0000', 'nul'],
    ['lone \ud800', 'lone \ufffd'],
  ])('escapes %j so it shows as typed', (text, event) => {
    const { files } = renderArgs(plan([image(2, text)]), '/o.mp4', options);
    expect(dialogues(files['text.ass'])).toEqual([`Dialogue: 0,0:00:00.00,0:00:02.00,Subtitle,,0,0,0,,${event}`]);
  });

  it('has no subtitle for an empty or blank text', () => {
    for (const text of ['', '   ', '\u0000\n']) {
      expect(renderArgs(plan([image(2, text)]), '/o.mp4', options).files).toEqual({});
    }
  });

  it('wraps Chinese between characters, two lines at a time over the scene', () => {
    const text =
      '我们的团队为小公司打造视频工具，帮助他们从网站上获得更多客户。每周我们都会遇到销售经理，他们讲述同样的故事。' +
      '他们录制一段简短的产品视频，放在落地页上，然后等待永远不会到来的潜在客户。问题很少出在视频本身。';
    const { files } = renderArgs(plan([image(12, text)], { width: 1080, height: 1920 }), '/o.mp4', options);
    const events = dialogues(files['text.ass']);
    expect(events.length).toBeGreaterThan(1);
    const texts = events.map((line) => line.split(',,0,0,0,,')[1] as string);
    expect(texts.join('\\N').split('\\N').join('')).toBe(text);
    for (const shown of texts) {
      const lines = shown.split('\\N');
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) {
        // A 1080-wide frame less its margins holds 18 characters of 54 px.
        expect(Array.from(line).length).toBeLessThanOrEqual(18);
        expect(line).not.toMatch(/^[，。]/);
      }
    }
    expect(events[0]).toContain('0:00:00.00,');
    expect(events.at(-1)).toContain(',0:00:12.00,');
  });

  it('keeps 10,000 characters of text to two lines at a time', () => {
    const { files } = renderArgs(plan([image(60, 'lorem ipsum '.repeat(833))]), '/o.mp4', options);
    for (const event of dialogues(files['text.ass'])) expect(event.split('\\N').length).toBeLessThanOrEqual(2);
  });
});

describe('renderArgs: sound', () => {
  it('is silence as long as the video when there is no voice and no music', () => {
    const graph = graphOf(renderArgs(plan([image(2), image(3)]), '/o.mp4', options).args);
    expect(graph.at(-1)).toBe(`anullsrc=r=48000:cl=stereo,atrim=end_sample=${5 * RENDER_AUDIO_RATE}[aout]`);
  });

  it('places each scene’s voice at its start, silence where a scene has none', () => {
    const scenes = [{ ...image(2), voicePath: '/in/a.wav' }, image(3), { ...bare(1.5), voicePath: '/in/c.wav' }];
    const { args } = renderArgs(plan(scenes), '/o.mp4', options);
    const graph = graphOf(args);
    expect(inputsOf(args).map((i) => i.file)).toEqual(['/in/image-2.png', '/in/image-3.png', '/in/a.wav', '/in/c.wav']);
    expect(graph.find((f) => f.startsWith('[2:a]'))).toContain('atrim=end_sample=96000');
    expect(graph).toContain('anullsrc=r=48000:cl=stereo,atrim=end_sample=144000[v1]');
    // 1.5 s at 25 fps is 37.5 frames: the scene ends on the video's last frame, at 6.52 s.
    expect(graph.find((f) => f.startsWith('[3:a]'))).toContain('atrim=end_sample=72960');
    expect(graph).toContain('[v0][v1][v2]concat=n=3:v=0:a=1[voice]');
    expect(graph.at(-1)).toBe('[voice]anull[aout]');
  });

  it('uses the one recording of the script in place of the scenes’ voices', () => {
    const scenes = [{ ...image(2), voicePath: '/in/a.wav' }, image(3)];
    const { args } = renderArgs(plan(scenes, { voiceTrackPath: '/in/all.m4a' }), '/o.mp4', options);
    expect(inputsOf(args).map((i) => i.file)).not.toContain('/in/a.wav');
    expect(graphOf(args).find((f) => f.startsWith('[2:a]'))).toContain('apad,atrim=end_sample=240000[voice]');
  });

  it('loops the music under the voice at its volume, ducked while the voice speaks, faded out at the end', () => {
    const scenes = [{ ...image(10), voicePath: '/in/a.wav' }];
    const { args } = renderArgs(plan(scenes, { bgm: { path: '/in/m.m4a', volume: 50 } }), '/o.mp4', options);
    const music = inputsOf(args).find((i) => i.file === '/in/m.m4a');
    expect(music?.before.slice(0, 2)).toEqual(['-stream_loop', '-1']);
    const graph = graphOf(args);
    expect(graph.find((f) => f.startsWith('[2:a]'))).toContain(
      'atrim=end_sample=480000,volume=0.2500,afade=t=in:d=1.000,afade=t=out:st=7.000:d=3.000[music]',
    );
    expect(graph).toContain('[voice]asplit=2[speech][key]');
    expect(graph.some((f) => f.startsWith('[music][key]sidechaincompress='))).toBe(true);
    expect(graph.at(-1)).toBe('[ducked][speech]amix=inputs=2:duration=first:normalize=0[aout]');
  });

  it('plays music alone when there is no voice, and none at volume 0', () => {
    const alone = graphOf(
      renderArgs(plan([image(4)], { bgm: { path: '/m.m4a', volume: 100 } }), '/o.mp4', options).args,
    );
    expect(alone.at(-1)).toBe('[music]anull[aout]');
    const muted = renderArgs(plan([image(4)], { bgm: { path: '/m.m4a', volume: 0 } }), '/o.mp4', options);
    expect(inputsOf(muted.args).map((i) => i.file)).not.toContain('/m.m4a');
  });

  it.each([
    [100, 1],
    [50, 0.25],
    [0, 0],
    [150, 1],
    [-5, 0],
  ])('music at volume %s plays at %s of its level', (volume, gain) => {
    expect(musicGain(volume)).toBeCloseTo(gain, 9);
  });
});

describe('filterValue', () => {
  it.each([
    ['/work/job/text.ass', '/work/job/text.ass'],
    ["/a:b/it's,[x];y\\z", "/a\\\\:b/it\\\\\\'s\\,\\[x\\]\\;y\\\\\\\\z"],
  ])('%s', (value, escaped) => {
    expect(filterValue(value)).toBe(escaped);
  });
});
