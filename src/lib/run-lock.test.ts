import { describe, expect, it, vi } from 'vitest';
import { FakeLocks } from '@/test/fake-locks';
import { claimRun, RunClaims } from './run-lock';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Two tabs' claims on the same runs, over one browser's locks. */
function tabs() {
  const locks = new FakeLocks() as unknown as LockManager;
  const make = (lastWrite?: (id: string) => Promise<unknown> | undefined) => {
    const on = { changed: vi.fn(), granted: vi.fn(), ...(lastWrite ? { lastWrite } : {}) };
    const claims = new RunClaims<string>((id, c) => claimRun('batch', id, c, locks), on);
    return { claims, on };
  };
  return { make };
}

describe('RunClaims (one class for the batch and storyboard runners)', () => {
  it('holds a run only once granted and taken; a second tab sees it run elsewhere, then gets it', async () => {
    const { make } = tabs();
    const first = make();
    const second = make();
    // Granted, not yet taken: the runner reads the record first.
    expect(first.claims.request('b1')).toBe(false);
    await vi.waitFor(() =>
      expect(first.on.granted).toHaveBeenCalledWith('b1', expect.any(Function), expect.any(Boolean)),
    );
    expect(first.claims.holds('b1')).toBe(false);
    first.claims.take('b1');
    expect(first.claims.holds('b1')).toBe(true);

    second.claims.startWhenHeld('b1', 'start');
    await vi.waitFor(() => expect(second.claims.runsElsewhere('b1')).toBe(true));
    expect(second.on.changed).toHaveBeenCalledWith('b1');
    expect(second.on.granted).not.toHaveBeenCalled();

    first.claims.release('b1');
    await vi.waitFor(() => expect(second.on.granted).toHaveBeenCalledOnce());
    expect(second.claims.runsElsewhere('b1')).toBe(false);
    expect(second.claims.take('b1')).toBe('start');
    expect(second.claims.take('b1')).toBeUndefined();
    expect(second.claims.holds('b1')).toBe(true);
  });

  it('lets a run go only once its last write has landed', async () => {
    const { make } = tabs();
    let landed!: () => void;
    const write = new Promise<void>((resolve) => (landed = resolve));
    const first = make(() => write);
    const second = make();
    first.claims.request('b1');
    await vi.waitFor(() => expect(first.on.granted).toHaveBeenCalled());
    first.claims.take('b1');
    second.claims.request('b1');
    await vi.waitFor(() => expect(second.claims.runsElsewhere('b1')).toBe(true));
    first.claims.release('b1');
    expect(first.claims.holds('b1')).toBe(false);
    await settle();
    expect(second.on.granted).not.toHaveBeenCalled();
    landed();
    await vi.waitFor(() => expect(second.on.granted).toHaveBeenCalled());
  });

  it('without a claim every run is this tab’s; without Web Locks it is granted at once (sync)', () => {
    const free = new RunClaims(undefined, { changed: vi.fn(), granted: vi.fn() });
    expect(free.guarded).toBe(false);
    expect(free.holds('x')).toBe(true);
    const granted = vi.fn();
    const claims: RunClaims = new RunClaims((id, on) => claimRun('storyboard', id, on, undefined), {
      changed: vi.fn(),
      granted: (id, _live, sync) => {
        granted(sync);
        claims.take(id);
      },
    });
    expect(claims.request('s1')).toBe(true);
    expect(granted).toHaveBeenCalledWith(true);
  });
});
