import { useEffect, useRef, useState } from 'react';

/**
 * One sound at a time for the previews (a scene's voice, a music track, a sound of the library): playing another
 * stops the one before; leaving the page stops it.
 */
export function useAudioPreview() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);

  const stop = () => {
    audio.current?.pause();
    audio.current = null;
    setPlaying(null);
  };
  // Leaving the tab stops the sound.
  useEffect(
    () => () => {
      audio.current?.pause();
    },
    [],
  );

  /** Plays `url` as `id`, or stops it when `id` is the one playing. */
  function toggle(id: string, url: string) {
    if (playing === id) {
      stop();
      return;
    }
    audio.current?.pause();
    const next = new Audio(url);
    next.onended = () => setPlaying((current) => (current === id ? null : current));
    audio.current = next;
    setPlaying(id);
    // A browser that refuses to play (no sound device, autoplay rules) simply shows it stopped.
    void Promise.resolve(next.play()).catch(() => setPlaying((current) => (current === id ? null : current)));
  }

  return { playing, toggle, stop };
}
