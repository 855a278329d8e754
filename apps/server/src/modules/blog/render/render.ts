import { existsSync } from 'node:fs';
import { mkdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseProgress } from '../../videos/ffmpeg-args.ts';
import { FfmpegError, runMedia } from '../../videos/run-ffmpeg.ts';
import { cjkFontFamily } from './ass-script.ts';
import { renderArgs } from './render-args.ts';
import type { RenderPlan } from './render-plan.ts';

/**
 * Why a render did not make a video. `code` is a message key: blog_render_failed (ffmpeg failed or ran out
 * of time; `detail` holds its last error lines, for the log and the export's failure) or blog_canceled (the
 * export was stopped).
 */
export class BlogRenderError extends Error {
  readonly code: 'blog_render_failed' | 'blog_canceled';
  readonly detail: string;
  constructor(code: 'blog_render_failed' | 'blog_canceled', detail: string) {
    super(detail);
    this.code = code;
    this.detail = detail;
  }
}

/**
 * Where Debian's fonts-noto-cjk puts Noto Sans CJK (scripts/system-deps.sh installs it): regular for
 * subtitles, bold for a text-only scene's text.
 */
const CJK_FONT_FILES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
];

/**
 * A folder of only the CJK font files, for libass's `fontsdir`: libass reads every file of that folder into
 * memory, and the system's noto folder holds the serif faces too (90 MB). Null when the font is not
 * installed: libass then asks fontconfig for the family, which falls back to what it has.
 */
async function fontsFolder(workDir: string): Promise<string | null> {
  const found = CJK_FONT_FILES.filter((file) => existsSync(file));
  if (found.length === 0) return null;
  const dir = path.join(workDir, 'fonts');
  await mkdir(dir, { recursive: true });
  for (const file of found) {
    const link = path.join(dir, path.basename(file));
    if (!existsSync(link)) await symlink(file, link);
  }
  return dir;
}

/**
 * A processor-time budget for a render: a minute plus 4 s for every second of video. bench:blog-render
 * takes under 1 s a second at 1080p on two cores; a loaded machine at nice 15 may take several times that.
 */
const cpuBudgetMs = (durationSec: number) => 60_000 + Math.ceil(durationSec * 4000);

export type RenderOptions = {
  signal: AbortSignal;
  /** 0 to 1 as the render goes. */
  onProgress?: (fraction: number) => void;
  /** A folder of the caller's for the side files (the subtitle script, the font links); left for it to remove. */
  workDir: string;
  /** Wall-time limit; the render is killed and fails with blog_render_failed past it. */
  timeLimitMs: number;
};

/**
 * Renders `plan` into `outPath` (MP4: H.264 and AAC). Answers the video's length in seconds and the file's
 * size. On failure or abort no file is left at `outPath`.
 */
export async function renderVideo(
  plan: RenderPlan,
  outPath: string,
  options: RenderOptions,
): Promise<{ duration: number; bytes: number }> {
  let command: ReturnType<typeof renderArgs>;
  try {
    await mkdir(options.workDir, { recursive: true });
    const fontsDir = await fontsFolder(options.workDir);
    command = renderArgs(plan, outPath, { workDir: options.workDir, fontsDir, font: cjkFontFamily(plan.lang) });
    for (const [name, content] of Object.entries(command.files)) {
      await writeFile(path.join(options.workDir, name), content);
    }
  } catch (error) {
    throw new BlogRenderError('blog_render_failed', error instanceof Error ? error.message : String(error));
  }
  try {
    await runMedia('ffmpeg', command.args, {
      timeoutMs: options.timeLimitMs,
      cpuLimitMs: cpuBudgetMs(command.duration),
      signal: options.signal,
      onStdout: (chunk) => {
        const percent = parseProgress(chunk, command.duration);
        if (percent !== null) options.onProgress?.(percent / 100);
      },
    });
  } catch (error) {
    await rm(outPath, { force: true });
    if (error instanceof FfmpegError && error.kind === 'aborted') throw new BlogRenderError('blog_canceled', 'stopped');
    throw new BlogRenderError('blog_render_failed', error instanceof Error ? error.message : String(error));
  }
  const { size } = await stat(outPath);
  return { duration: command.duration, bytes: size };
}
