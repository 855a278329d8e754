import type { Video } from '@leadreel/shared';
import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { DIALOG_WIDTH } from '../../constants.ts';

/** Plays a video's HLS in the console; hls.js is loaded only when a preview opens (STACK.md). */
export function PreviewDialog({ video, onClose }: { video: Video | null; onClose: () => void }) {
  // A state, not a ref: the modal mounts the element after this component renders.
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  useEffect(() => {
    const source = video?.hlsUrl;
    if (!media || !source) return;
    let destroy: () => void = () => undefined;
    let cancelled = false;
    if (media.canPlayType('application/vnd.apple.mpegurl')) media.src = source;
    else {
      // The light build, as the player uses: a preview needs no subtitles, alternate audio or DRM, and the
      // full build is the only chunk of the console past 500 KB.
      void import('hls.js/light').then(({ default: Hls }) => {
        if (cancelled || !Hls.isSupported()) return;
        // From the start, also for a ladder still encoding, whose growing playlists hls.js treats as live.
        const hls = new Hls({ startPosition: 0 });
        hls.loadSource(source);
        hls.attachMedia(media);
        destroy = () => hls.destroy();
      });
    }
    return () => {
      cancelled = true;
      destroy();
    };
  }, [media, video]);
  return (
    <Modal
      open={Boolean(video)}
      onCancel={onClose}
      footer={null}
      width={DIALOG_WIDTH}
      title={video?.name}
      destroyOnHidden
    >
      <video
        ref={setMedia}
        className="preview-video"
        controls
        autoPlay
        muted
        poster={video?.cover ?? undefined}
        data-testid="preview-video"
      />
    </Modal>
  );
}
