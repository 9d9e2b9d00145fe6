import { describe, expect, it } from 'vitest';
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
  const channel = (): ProgressChannel => {
    let heard: ((m: ProgressMessage) => void) | undefined;
    const self = (m: ProgressMessage) => heard?.(m);
    tabs.add(self);
    return {
      post: (m) => {
        said.push(m);
        queueMicrotask(() => {
          for (const other of tabs) if (other !== self) other(structuredClone(m));
        });
      },
      listen: (hear) => (heard = hear),
    };
  };
  return { tab: () => storyboardProgressList(channel), said };
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
