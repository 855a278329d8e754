import type { BgmTrack, Preview } from '@leadreel/shared';
import { notFound } from '../../errors.ts';
import type { BlogService } from './blog.service.ts';
import { mediaOf, recordingShares, sceneSeconds } from './blog-view.ts';
import { type SceneVoices, voiceUrl } from './blog-voice.ts';
import { BGM_TRACKS } from './render/bgm-library.ts';

/** Voices made at once for a preview: the engine is a local program or a remote service, two keeps both busy. */
const VOICES_AT_ONCE = 2;

/** The public address of a library track, for the editor's player. */
export const bgmUrl = (trackId: string) => `/media/bgm/${trackId}`;

/**
 * What the editor plays before any render: one scene's voice ("Listen"), the whole project scene by scene
 * (its voices made now where missing, once per text), and LeadReel's own music.
 */
export function createBlogPreview(deps: {
  blog: Pick<BlogService, 'forPreview' | 'keepVoice'>;
  voices: SceneVoices;
  /** The account's logo for a video's corner, as an address; null when it has none. */
  logoUrl: (accountId: string) => Promise<string | null>;
}) {
  const { blog, voices } = deps;

  type Loaded = Awaited<ReturnType<BlogService['forPreview']>>;
  type SceneRow = Loaded['scenes'][number];

  /** The scene's generated voice, made and kept when it has none for its text yet. */
  async function voiceOf(loaded: Loaded, scene: SceneRow) {
    const { project } = loaded;
    const made = await voices.make(
      {
        accountId: project.account_id,
        projectId: project.id,
        text: scene.text,
        lang: project.settings.voice.lang,
        speed: project.settings.voice.speed,
      },
      AbortSignal.timeout(120_000),
    );
    if (made.hash !== scene.voice_hash) await blog.keepVoice(scene.id, scene.text, made);
    return { url: voiceUrl(project.id, made.hash), duration: made.duration, hash: made.hash };
  }

  return {
    bgmTracks(): BgmTrack[] {
      return BGM_TRACKS.map((track) => ({
        trackId: track.id,
        name: track.name,
        duration: track.duration,
        url: bgmUrl(track.id),
      }));
    },

    async tts(accountId: string, projectId: string, sceneId: string) {
      const loaded = await blog.forPreview(accountId, projectId);
      const scene = loaded.scenes.find((row) => row.id === sceneId);
      if (!scene) throw notFound('blog_scene_not_found', 'sceneId');
      const { url, duration } = await voiceOf(loaded, scene);
      return { url, duration };
    },

    async preview(accountId: string, projectId: string): Promise<Preview> {
      const loaded = await blog.forPreview(accountId, projectId);
      const { project, scenes, materials } = loaded;
      const { settings } = project;
      const recording = settings.voice.recordingMaterialId ? materials.get(settings.voice.recordingMaterialId) : null;
      const spoken = settings.voice.enabled && !recording;
      const voiceOfScene = new Map<string, { url: string; duration: number }>();
      if (spoken) {
        const queue = scenes.filter((scene) => !scene.voice_material_id && scene.text.trim() !== '');
        await Promise.all(
          Array.from({ length: VOICES_AT_ONCE }, async () => {
            for (let scene = queue.shift(); scene; scene = queue.shift()) {
              const made = await voiceOf(loaded, scene);
              voiceOfScene.set(scene.id, made);
              scene.voice_duration = made.duration;
            }
          }),
        );
      }
      const music = settings.bgm.materialId
        ? materials.get(settings.bgm.materialId)?.url
        : settings.bgm.trackId
          ? bgmUrl(settings.bgm.trackId)
          : null;
      const track = settings.voice.enabled && recording?.url && recording.duration ? recording : null;
      const shares = track
        ? recordingShares(
            scenes.map((scene) => scene.text),
            track.duration as number,
          )
        : null;
      return {
        aspect: settings.aspect,
        subtitles: settings.subtitles,
        logo: settings.logo ? await deps.logoUrl(project.account_id) : null,
        bgm: music ? { url: music, volume: settings.bgm.volume } : null,
        voiceTrack: track?.url ?? null,
        scenes: scenes.map((scene, n) => {
          const recorded = scene.voice_material_id ? materials.get(scene.voice_material_id) : undefined;
          return {
            sceneId: scene.id,
            text: scene.text,
            media: mediaOf(project, scene.media, materials),
            voice: !settings.voice.enabled || track ? null : (recorded?.url ?? voiceOfScene.get(scene.id)?.url ?? null),
            duration: shares ? (shares[n] as number) : sceneSeconds(scene, materials),
          };
        }),
      };
    },
  };
}
export type BlogPreview = ReturnType<typeof createBlogPreview>;
