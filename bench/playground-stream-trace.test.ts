import { describe, expect, it } from 'vitest';
import { summariseTrace } from './playground-stream-trace';

const PID = 7;
const MAIN = 1;
const meta = (tid: number, name: string) => ({
  name: 'thread_name',
  ph: 'M',
  pid: PID,
  tid,
  ts: 0,
  args: { name },
});
/** A complete event; times in ms, as the trace's µs. */
const x = (name: string, tid: number, ts: number, dur: number, tdur?: number) => ({
  name,
  ph: 'X',
  pid: PID,
  tid,
  ts: ts * 1000,
  dur: dur * 1000,
  ...(tdur === undefined ? {} : { tdur: tdur * 1000 }),
});

describe('summariseTrace', () => {
  const trace = {
    traceEvents: [
      meta(MAIN, 'CrRendererMain'),
      meta(2, 'Compositor'),
      // A task that waited for a core: long on the wall clock, little CPU.
      x('ThreadControllerImpl::RunTask', MAIN, 0, 80, 12),
      x('RunTask', MAIN, 0, 80, 12),
      x('FunctionCall', MAIN, 1, 30),
      x('Layout', MAIN, 40, 30),
      // A task that really computed for 55 ms.
      x('ThreadControllerImpl::RunTask', MAIN, 100, 60, 55),
      x('FunctionCall', MAIN, 100, 50),
      x('UpdateLayoutTree', MAIN, 110, 10),
      x('ThreadControllerImpl::RunTask', MAIN, 200, 5, 5),
      // Another thread's long task is not the page's main thread.
      x('ThreadControllerImpl::RunTask', 2, 0, 500, 500),
    ],
  };

  it('finds the longest task by wall time and by main-thread CPU time, without nested duplicates', () => {
    const s = summariseTrace(JSON.stringify(trace));
    expect(s.tasks).toBe(3);
    expect(s.longestWall).toMatchObject({ wallMs: 80, cpuMs: 12 });
    expect(s.longestCpu).toMatchObject({ wallMs: 60, cpuMs: 55 });
    expect(s.longByWall).toBe(2);
    expect(s.longByCpu).toBe(1);
  });

  it('splits a task into self time by event', () => {
    const s = summariseTrace(JSON.stringify(trace));
    expect(Object.fromEntries(s.longestCpu!.breakdown)).toMatchObject({
      FunctionCall: 40,
      UpdateLayoutTree: 10,
    });
    expect(Object.fromEntries(s.longestWall!.breakdown)).toMatchObject({ FunctionCall: 30, Layout: 30 });
  });

  it('reports nothing for a trace without a renderer', () => {
    expect(summariseTrace('[]').tasks).toBe(0);
  });
});
