import type { AspectRatio, Scene } from '@leadreel/shared';
import type { ReactNode } from 'react';

/** The frame's CSS aspect-ratio for the project's ratio. */
const RATIO_CSS: Record<AspectRatio, string> = { '16:9': '16 / 9', '9:16': '9 / 16', '1:1': '1 / 1' };

/**
 * One scene as the video shows it: its picture (or its clip, muted) filling a frame of the project's aspect
 * ratio, and its text as a subtitle when subtitles are on. `zoom` gives a picture the slow push-in the render
 * gives it; `playing` runs a clip.
 */
export function SceneStage({
  aspect,
  media,
  text,
  subtitles,
  logo = null,
  zoom = false,
  children,
  label,
}: {
  aspect: AspectRatio;
  media: Scene['media'];
  text: string;
  subtitles: boolean;
  logo?: string | null;
  zoom?: boolean;
  /** Controls laid over the frame (the player's). */
  children?: ReactNode;
  label?: string;
}) {
  return (
    <figure className={`blog-stage blog-stage-${aspect.replace(':', 'x')}`} style={{ aspectRatio: RATIO_CSS[aspect] }}>
      {media?.kind === 'video' ? (
        <video
          className="blog-stage-media"
          src={media.url}
          poster={media.cover ?? undefined}
          muted
          loop
          autoPlay
          playsInline
          aria-label={label}
        />
      ) : media ? (
        <img
          // A fresh element per picture restarts the zoom.
          key={media.url}
          className={`blog-stage-media${zoom ? ' blog-stage-zoom' : ''}`}
          src={media.url}
          alt={label ?? ''}
        />
      ) : (
        <div className="blog-stage-media blog-stage-plain" />
      )}
      {logo && <img className="blog-stage-logo" src={logo} alt="" />}
      {/* As the render draws them: a scene without a picture shows its text large in the middle, subtitles or not. */}
      {!media && text ? (
        <figcaption className="blog-stage-title">{text}</figcaption>
      ) : (
        subtitles && text && <figcaption className="blog-stage-subtitle">{text}</figcaption>
      )}
      {children}
    </figure>
  );
}
