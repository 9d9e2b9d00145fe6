import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  storyboardProgressList,
  type ProgressChannel,
  type ProgressMessage,
  type StoryboardProgress,
} from './storyboard-progress';

/** The tabs of one browser on one channel: each hears what the others post, never its own. */
function browser() {
  const tabs = new Set<(m: ProgressMessage) => void>();
  const said: ProgressMessage[] = [];
  const channel = (): ProgressChannel & { self: (m: ProgressMessage) => void } => {
    let heard: ((m: ProgressMessage) => void) | undefined;
    const self = (m: ProgressMessage) => heard?.(m);
    tabs.add(self);
    return {
      self,
      post: (m) => {
        if (!tabs.has(self) || m.kind === 'board') return;
        said.push(m);
        queueMicrotask(() => {
          for (const other of tabs) if (other !== self) other(structuredClone(m));
        });
      },
      listen: (_kinds, hear) => {
        heard = hear as (m: ProgressMessage) => void;
        return () => (heard = undefined);
      },
    };
  };
  const tab = () => {
    let self: ((m: ProgressMessage) => void) | undefined;
    const list = storyboardProgressList(() => {
      const c = channel();
      self = c.self;
      return c;
    });
    /** The tab crashes (or is killed, or its machine sleeps): it says nothing more, not even pagehide. */
    const crash = () => self && tabs.delete(self);
    return Object.assign(list, { crash });
  };
  return { tab, said };
}

const turn = () => new Promise((r) => setTimeout(r, 0));
const run = (change: Partial<StoryboardProgress> = {}): StoryboardProgress => ({
  id: 'sb',
  name: 'Pier',
  total: 3,
  done: 1,
  failed: 0,
  fraction: 0.4,
  active: true,
  ...change,
});

describe('a storyboard run in another tab, in this tab’s progress strip (decision 650)', () => {
  it('shows live, saying it runs elsewhere, and goes when it ends there; the running tab keeps its own', async () => {
    const b = browser();
    const [running, other] = [b.tab(), b.tab()];
    other.subscribe(() => undefined);
    running.publish(run());
    await turn();
    expect(other.runs()).toEqual([{ ...run(), elsewhere: true }]);
    expect(running.runs()).toEqual([run()]);

    running.publish(run({ done: 2, fraction: 0.8 }));
    await turn();
    expect(other.runs()).toEqual([{ ...run({ done: 2, fraction: 0.8 }), elsewhere: true }]);

    running.publish(run({ done: 3, fraction: 1, active: false }));
    await turn();
    expect(other.runs()).toEqual([]);
    // Where it ran, its end stays until dismissed, as before.
    expect(running.runs()).toEqual([run({ done: 3, fraction: 1, active: false })]);
  });

  it('a tab that opens while another runs a board asks, and shows the run at once', async () => {
    const b = browser();
    const running = b.tab();
    running.publish(run());
    await turn();
    const later = b.tab();
    later.subscribe(() => undefined);
    await turn();
    expect(later.runs()).toEqual([{ ...run(), elsewhere: true }]);
  });

  it('a board deleted, or the tab that ran it closed, shows as running in no other tab', async () => {
    const b = browser();
    const [running, other] = [b.tab(), b.tab()];
    other.subscribe(() => undefined);
    running.publish(run());
    await turn();
    running.forget('sb');
    await turn();
    expect(other.runs()).toEqual([]);
    expect(running.runs()).toEqual([]);

    // The other tab ran a board before: its end stays there until dismissed.
    other.publish(run({ id: 'sb2', done: 3, active: false }));
    running.publish(run({ id: 'sb3' }));
    await turn();
    expect(other.runs().map((r) => r.id)).toEqual(['sb2', 'sb3']);
    window.dispatchEvent(new Event('pagehide'));
    await turn();
    expect(other.runs().map((r) => [r.id, r.active])).toEqual([['sb2', false]]);
  });

  it('a tab’s own run is not shown as another’s, and an ended run it listed is not taken away', async () => {
    const b = browser();
    const [first, second] = [b.tab(), b.tab()];
    first.subscribe(() => undefined);
    first.publish(run());
    // Without Web Locks both tabs may run one board: each shows its own.
    second.publish(run({ done: 2 }));
    await turn();
    expect(first.runs()).toEqual([run()]);
    first.publish(run({ done: 3, active: false }));
    second.publish(run({ done: 3, active: false }));
    await turn();
    expect(first.runs()).toEqual([run({ done: 3, active: false })]);
  });
});

describe('a run of a tab that went silent leaves the other tabs’ strips (decision 650)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const beat = (n = 1) => vi.advanceTimersByTimeAsync(n * 5_000);

  it('goes within three beats of a crash (no pagehide), and shows again once a tab runs it again', async () => {
    vi.useFakeTimers();
    const b = browser();
    const [running, other] = [b.tab(), b.tab()];
    other.subscribe(() => undefined);
    running.publish(run());
    await vi.advanceTimersByTimeAsync(0);
    expect(other.runs()).toEqual([{ ...run(), elsewhere: true }]);

    running.crash();
    await beat(2);
    expect(other.runs()).toEqual([{ ...run(), elsewhere: true }]);
    await beat();
    expect(other.runs()).toEqual([]);
    // Nothing left to watch: no timer is left running either.
    expect(vi.getTimerCount()).toBe(0);

    // Reloaded, the board's tab resumes its run and says so.
    b.tab().publish(run({ done: 2 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(other.runs()).toEqual([{ ...run({ done: 2 }), elsewhere: true }]);
  });

  it('stays while the running tab lives, however long a shot takes and though its own timers sleep', async () => {
    vi.useFakeTimers();
    const b = browser();
    const [running, other] = [b.tab(), b.tab()];
    other.subscribe(() => undefined);
    running.publish(run());
    // No progress for ten minutes (a long shot), in a tab whose timers a browser throttles when hidden.
    for (let i = 0; i < 120; i++) {
      await beat();
      expect(other.runs()).toEqual([{ ...run(), elsewhere: true }]);
    }
    running.publish(run({ done: 3, fraction: 1, active: false }));
    await vi.advanceTimersByTimeAsync(0);
    expect(other.runs()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps no timer when no other tab runs a board, in the tab that runs one or in the others', async () => {
    vi.useFakeTimers();
    const b = browser();
    const [running, other] = [b.tab(), b.tab()];
    other.subscribe(() => undefined);
    running.subscribe(() => undefined);
    await beat();
    expect(vi.getTimerCount()).toBe(0);
    // Its own run, ended and kept on show until dismissed: nothing to hear from anyone.
    other.publish(run({ id: 'sb2', done: 3, fraction: 1, active: false }));
    await beat();
    expect(vi.getTimerCount()).toBe(0);
    running.publish(run());
    await vi.advanceTimersByTimeAsync(0);
    // The one tab that shows another's run listens for it; the running tab keeps no beat of its own.
    expect(vi.getTimerCount()).toBe(1);
    running.forget('sb');
    await vi.advanceTimersByTimeAsync(0);
    expect(other.runs().map((r) => r.id)).toEqual(['sb2']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
