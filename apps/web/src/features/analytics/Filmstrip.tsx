import type { StoryboardCue } from '@leadreel/shared/storyboard';
import { useEffect, useRef, useState } from 'react';
import { filmstripFrames, grid, tileBackground } from './chartOptions.ts';

/** How tall the frames are: a band along the bottom of the plot, under the graph's lines. */
const FRAMES_HEIGHT = 56;

/**
 * The video's frames along a chart's time axis, under its plot (the chart's box is drawn over it, see
 * .analytics-over-frames), so a point of the graph sits over its frame. Decoration for the eye: the frame at
 * a point is also in the chart's tooltip.
 */
export function Filmstrip({ cues, duration }: { cues: StoryboardCue[]; duration: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const frames = filmstripFrames({ cues, duration, width, height: FRAMES_HEIGHT });
  return (
    <div
      ref={box}
      className="analytics-filmstrip"
      aria-hidden="true"
      style={{ left: grid.left, right: grid.right, bottom: grid.bottom, height: FRAMES_HEIGHT }}
    >
      {frames.map((frame, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the frames are places along the axis, each its index
        <div key={index} className="analytics-filmstrip-frame" style={{ width: frame.width }}>
          <div
            className="analytics-filmstrip-tile"
            style={{
              width: frame.cue.w,
              height: frame.cue.h,
              background: tileBackground(frame.cue),
              transform: frame.transform,
            }}
          />
        </div>
      ))}
    </div>
  );
}
