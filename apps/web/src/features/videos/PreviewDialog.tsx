import type { Video } from '@leadreel/shared';
import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { DIALOG_WIDTH } from '../../constants.ts';

/** Plays a video's HLS in the console; hls.js is loaded only when a preview opens (STACK.md). */
export function PreviewDialog({ video, onClose }: { video: Video | null; onClose: () => void }) {
  const element = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const media = element.current;
    const source = video?.hlsUrl;
    if (!media || !source) return;
    let destroy: () => void = () => undefined;
    let cancelled = false;
    if (media.canPlayType('application/vnd.apple.mpegurl')) media.src = source;
    else {
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled || !Hls.isSupported()) return;
        const hls = new Hls();
        hls.loadSource(source);
        hls.attachMedia(media);
        destroy = () => hls.destroy();
      });
    }
    return () => {
      cancelled = true;
      destroy();
    };
  }, [video]);
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
        ref={element}
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
