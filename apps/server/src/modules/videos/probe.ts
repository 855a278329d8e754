import type { VideoFailCode } from '@leadreel/shared';

/** What ffprobe says of a file, reduced to what the pipeline decides with. */
export type Probe = {
  format: string;
  durationSec: number;
  /** The container's overall bitrate, when ffprobe knows it. */
  bitRateKbps: number | null;
  video: {
    codec: string;
    width: number;
    height: number;
    fps: number;
    pixFmt: string;
    rotation: number;
    bitRateKbps: number | null;
    /** H.264's profile as ffprobe names it ("High", "Main", "Constrained Baseline"...), '' when unknown. */
    profile: string;
    /** H.264's level times ten (40 is level 4.0), 0 when unknown. */
    level: number;
    /** Whether the picture is interlaced (fields), which browsers show combed. */
    interlaced: boolean;
  } | null;
  audio: { codec: string; bitRateKbps: number | null; profile: string } | null;
};

type FfprobeJson = {
  format?: { format_name?: string; duration?: string; bit_rate?: string };
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    pix_fmt?: string;
    profile?: string;
    level?: number;
    field_order?: string;
    duration?: string;
    bit_rate?: string;
    tags?: { rotate?: string };
    side_data_list?: Array<{ rotation?: number }>;
    disposition?: { attached_pic?: number };
  }>;
};

/** ffprobe's bit_rate (bits per second, a string, absent for many Matroska and WebM streams) in kb/s. */
const kbps = (value: string | undefined) => {
  const bits = Number(value);
  return Number.isFinite(bits) && bits > 0 ? bits / 1000 : null;
};

const rate = (value: string | undefined) => {
  const [num, den] = (value ?? '').split('/').map(Number);
  return num && den ? num / den : 0;
};

export function parseProbe(json: string): Probe {
  const data = JSON.parse(json) as FfprobeJson;
  const streams = data.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const rotation = Number(
    video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video?.tags?.rotate ?? 0,
  );
  const fps = rate(video?.avg_frame_rate) || rate(video?.r_frame_rate);
  return {
    format: data.format?.format_name ?? '',
    durationSec: Number(data.format?.duration ?? video?.duration ?? 0) || 0,
    bitRateKbps: kbps(data.format?.bit_rate),
    video: video
      ? {
          codec: video.codec_name ?? '',
          width: video.width ?? 0,
          height: video.height ?? 0,
          fps: fps > 0 && fps <= 240 ? fps : 30,
          pixFmt: video.pix_fmt ?? '',
          rotation: ((rotation % 360) + 360) % 360,
          bitRateKbps: kbps(video.bit_rate),
          profile: video.profile ?? '',
          level: Math.max(0, Number(video.level) || 0),
          interlaced: ['tt', 'bb', 'tb', 'bt'].includes(video.field_order ?? ''),
        }
      : null,
    audio: audio
      ? { codec: audio.codec_name ?? '', bitRateKbps: kbps(audio.bit_rate), profile: audio.profile ?? '' }
      : null,
  };
}

/**
 * What the source spends on picture and sound, in kb/s: the streams' own figures when the container
 * records them, else the whole file's rate (container's, or bytes over duration) less what the sound takes.
 */
export function sourceRates(probe: Probe, fileBytes: number): { videoKbps: number; audioKbps: number | null } {
  const audioKbps = probe.audio?.bitRateKbps ?? null;
  if (probe.video?.bitRateKbps) return { videoKbps: probe.video.bitRateKbps, audioKbps };
  const totalKbps = probe.bitRateKbps ?? (fileBytes * 8) / 1000 / Math.max(0.001, probe.durationSec);
  // A sound track of unknown rate: assume it takes the 128 k the ladder would give it, within half the file.
  const audioShare = probe.audio ? Math.min(audioKbps ?? 128, totalKbps / 2) : 0;
  return { videoKbps: Math.max(1, totalKbps - audioShare), audioKbps };
}

/** Width and height as played, with the rotation a phone recorded applied. */
export function displaySize(video: NonNullable<Probe['video']>) {
  return video.rotation === 90 || video.rotation === 270
    ? { width: video.height, height: video.width }
    : { width: video.width, height: video.height };
}

export type MediaLimits = { maxSide: number; maxPixels: number; maxDurationSec: number };

/** 8K on either side at most (a pixel flood declares more), and four hours. */
export const DEFAULT_LIMITS: MediaLimits = { maxSide: 8192, maxPixels: 8192 * 4320, maxDurationSec: 4 * 3600 };

/**
 * Why the pipeline will not take this file, or null: `code` is the message key the user reads (in their
 * language), `reason` the detail for the log.
 */
export function checkProbe(
  probe: Probe,
  limits: MediaLimits = DEFAULT_LIMITS,
): { code: VideoFailCode; reason: string } | null {
  if (!probe.video) return { code: 'media_no_video', reason: 'The file has no video stream.' };
  const { width, height } = probe.video;
  if (width <= 0 || height <= 0) {
    return { code: 'media_damaged', reason: 'The video has no picture size; the file may be damaged.' };
  }
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    return {
      code: 'media_too_large',
      reason: `The video is ${width}x${height}; the largest supported picture is 8K (8192 pixels on a side).`,
    };
  }
  if (!(probe.durationSec > 0)) {
    return { code: 'media_damaged', reason: 'The video has no duration; the file may be damaged or incomplete.' };
  }
  if (probe.durationSec > limits.maxDurationSec) {
    return {
      code: 'media_too_long',
      reason: `The video is ${(probe.durationSec / 3600).toFixed(1)} hours long; the longest supported is ${limits.maxDurationSec / 3600} hours.`,
    };
  }
  return null;
}

/** The H.264 profiles every browser decodes (https://developer.mozilla.org/docs/Web/Media/Formats/Video_codecs#avc_h.264). */
const PLAYABLE_PROFILES = ['Baseline', 'Constrained Baseline', 'Main', 'High'];

/** The largest picture a source may have to be served as it is: the ladder's top (1080p by its short side). */
export const COPY_MAX_SHORT_SIDE = 1080;

/**
 * A source at most this many times the usual rate of its size is served as it is: a camera's 1080p at
 * 8 Mb/s is, a phone's at 17 Mb/s would stall viewers a 5 Mb/s rung serves, and is encoded instead.
 */
export const COPY_MAX_RATE_SHARE = 2;

/**
 * Whether the source's own picture and sound can be a rung as they are, copied into HLS segments without
 * re-encoding (as PeerTube does): H.264 of a profile every browser decodes, progressive, 8-bit 4:2:0, upright,
 * at most 60 fps and 1080p, at a rate a viewer's connection can carry for its size (`usualKbps`: the usual
 * rate of a rung that size, COPY_MAX_RATE_SHARE times over at most), with AAC sound or none. Its keyframes
 * must also come often enough to cut segments, which only the copy itself tells (ffmpeg-pipeline.ts).
 * See "Playable while it encodes" in docs/product.md.
 */
export function canCopy(probe: Probe, videoKbps: number, usualKbps: number): boolean {
  const video = probe.video;
  if (!video) return false;
  return (
    video.codec === 'h264' &&
    PLAYABLE_PROFILES.includes(video.profile) &&
    video.level > 0 &&
    video.level <= 51 &&
    !video.interlaced &&
    ['yuv420p', 'yuvj420p'].includes(video.pixFmt) &&
    video.rotation === 0 &&
    video.fps <= 60 &&
    Math.min(video.width, video.height) <= COPY_MAX_SHORT_SIDE &&
    videoKbps <= usualKbps * COPY_MAX_RATE_SHARE &&
    (probe.audio === null || probe.audio.codec === 'aac')
  );
}
