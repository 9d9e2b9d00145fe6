import { describe, expect, it, vi } from 'vitest';
import { FrameBuffer, type FrameScheduler } from '@/features/playground/markdown/frame-buffer';

/** A scheduler whose frames run only when the test says so. */
function manualFrames() {
  const queue = new Map<number, () => void>();
  let next = 1;
  const scheduler: FrameScheduler = {
    request: (cb) => {
      queue.set(next, cb);
      return next++;
    },
    cancel: (h) => void queue.delete(h),
  };
  const frame = () => {
    const cbs = [...queue.values()];
    queue.clear();
    cbs.forEach((cb) => cb());
  };
  return { scheduler, frame, pending: () => queue.size };
}

describe('FrameBuffer', () => {
  it('notifies once per frame however many deltas arrived', () => {
    const { scheduler, frame, pending } = manualFrames();
    const buf = new FrameBuffer('', scheduler);
    const listener = vi.fn();
    buf.subscribe(listener);
    for (let i = 0; i < 500; i++) buf.append('tok ');
    expect(pending()).toBe(1);
    expect(listener).not.toHaveBeenCalled();
    expect(buf.getSnapshot()).toBe('');
    expect(buf.value).toHaveLength(2000);
    frame();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(buf.getSnapshot()).toHaveLength(2000);
    frame();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('flush publishes at once and cancels the pending frame', () => {
    const { scheduler, pending } = manualFrames();
    const buf = new FrameBuffer('', scheduler);
    const listener = vi.fn();
    buf.subscribe(listener);
    buf.append('last');
    buf.flush();
    expect(buf.getSnapshot()).toBe('last');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(pending()).toBe(0);
  });

  it('keeps the shown snapshot between frames (useSyncExternalStore needs a stable value)', () => {
    const { scheduler, frame, pending } = manualFrames();
    const buf = new FrameBuffer('a', scheduler);
    buf.append('b');
    expect(buf.value).toBe('ab');
    expect(buf.getSnapshot()).toBe('a');
    frame();
    expect(buf.getSnapshot()).toBe('ab');
    buf.append('');
    expect(pending()).toBe(0);
    expect(buf.getSnapshot()).toBe('ab');
  });

  it('stops notifying once disposed', () => {
    const { scheduler, frame } = manualFrames();
    const buf = new FrameBuffer('', scheduler);
    const listener = vi.fn();
    buf.subscribe(listener);
    buf.append('x');
    buf.dispose();
    frame();
    expect(listener).not.toHaveBeenCalled();
  });
});
