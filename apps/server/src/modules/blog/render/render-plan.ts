import type { AspectRatio } from '@leadreel/shared';

/** A scene's picture: a still (shown with a slow pan) or a clip (trimmed or looped to the scene, muted). */
export type RenderMedia = { kind: 'image' | 'video'; path: string };

export type RenderScene = {
  /** Seconds the scene lasts in the video. */
  duration: number;
  /** The scene's script: its subtitle, or the big text of a scene without a picture. User input. */
  text: string;
  /** null: a plain background with the text large in the middle. */
  media: RenderMedia | null;
  /** The scene's voice, heard from the scene's start; null: none (or the whole-script recording below). */
  voicePath: string | null;
};

/** Everything a render needs, as local files: what an export job hands the renderer. */
export type RenderPlan = {
  width: number;
  height: number;
  /** 25 or 30. */
  fps: number;
  scenes: RenderScene[];
  subtitles: boolean;
  /** BCP 47 language of the text: picks the CJK font's regional glyphs (zh-TW, ja, ko differ from zh-CN). */
  lang: string;
  /** A PNG shown small in the top right corner. */
  logoPath: string | null;
  /** Background music, looped under the whole video; volume 0 to 100. */
  bgm: { path: string; volume: number } | null;
  /** The user's recording of the whole script: replaces every scene's voice. */
  voiceTrackPath: string | null;
  /** Seconds of the cross-fade between scenes (0: hard cuts). */
  transitionSeconds: number;
};

/** Frame size of an export: 1080p in the project's aspect ratio. */
export function frameSize(aspect: AspectRatio): { width: number; height: number } {
  switch (aspect) {
    case '16:9':
      return { width: 1920, height: 1080 };
    case '9:16':
      return { width: 1080, height: 1920 };
    case '1:1':
      return { width: 1080, height: 1080 };
  }
}

/** The cross-fade between scenes: half a second reads as a fade without blurring the next scene's start. */
export const DEFAULT_TRANSITION_SECONDS = 0.5;
