import { useCallback, useEffect, useRef, useState } from 'react';

/** The frame a frame step moves by: results carry no frame rate, and 24 fps is the common one. */
export const FRAME_S = 1 / 24;
/** Tiles further apart than this from the first are pulled back to it while playing. */
const MAX_DRIFT_S = 0.05;

/**
 * One clock for several media elements: play/pause, seek and frame steps act on all; while
 * playing, the first element leads and the others are corrected when they drift.
 */
export function useSyncedMedia() {
  const elements = useRef(new Map<string, HTMLMediaElement>());
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);

  const refresh = useCallback(() => {
    const durations = [...elements.current.values()].map((m) => m.duration).filter(Number.isFinite);
    setDuration(durations.length ? Math.max(...durations) : 0);
  }, []);

  // One ref callback per id, so React does not detach and re-attach each element on every render.
  const refs = useRef(new Map<string, (el: HTMLMediaElement | null) => void>());
  const attach = useCallback(
    (id: string, el: HTMLMediaElement | null) => {
      if (el) {
        // A tile mounted later (a mode or a side switched) joins at the others' time.
        const leader = elements.current.values().next().value;
        if (leader && leader !== el) el.currentTime = leader.currentTime;
        elements.current.set(id, el);
        el.addEventListener('loadedmetadata', refresh);
      } else {
        elements.current.get(id)?.removeEventListener('loadedmetadata', refresh);
        elements.current.delete(id);
      }
      refresh();
    },
    [refresh],
  );
  const register = useCallback(
    (id: string) => {
      let ref = refs.current.get(id);
      if (!ref) {
        ref = (el) => attach(id, el);
        refs.current.set(id, ref);
      }
      return ref;
    },
    [attach],
  );

  const seek = useCallback((t: number) => {
    for (const m of elements.current.values()) {
      m.currentTime = Math.max(0, Math.min(t, Number.isFinite(m.duration) ? m.duration : t));
    }
    setTime(t);
  }, []);

  const pause = useCallback(() => {
    const lead = [...elements.current.values()][0];
    for (const m of elements.current.values()) m.pause();
    setPlaying(false);
    if (lead) seek(lead.currentTime);
  }, [seek]);

  const play = useCallback(() => {
    const lead = [...elements.current.values()][0];
    if (lead) seek(lead.ended ? 0 : lead.currentTime);
    for (const m of elements.current.values()) void m.play().catch(() => undefined);
    setPlaying(true);
  }, [seek]);

  const step = useCallback(
    (frames: number) => {
      for (const m of elements.current.values()) m.pause();
      setPlaying(false);
      const lead = [...elements.current.values()][0];
      seek(Math.max(0, (lead?.currentTime ?? 0) + frames * FRAME_S));
    },
    [seek],
  );

  // While playing: follow the leader for the scrubber, pull the others back to it when they drift.
  useEffect(() => {
    if (!playing) return;
    const all = () => [...elements.current.values()];
    let frame = requestAnimationFrame(function tick() {
      const lead = all()[0];
      if (lead) {
        setTime(lead.currentTime);
        for (const m of all()) {
          if (
            m !== lead &&
            !m.ended &&
            lead.currentTime < m.duration &&
            Math.abs(m.currentTime - lead.currentTime) > MAX_DRIFT_S
          ) {
            m.currentTime = lead.currentTime;
          }
        }
        if (all().every((m) => m.ended || m.paused)) {
          setPlaying(false);
          return;
        }
      }
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  return { register, playing, time, duration, play, pause, seek, step };
}
