import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import {
  createUploadIntake,
  RETRY_MS,
  warnOnLeaveWhile,
  type UploadBatch,
  type UploadCode,
} from './upload-intake';

const queryClient = {} as QueryClient;
const file = (name: string) => new File(['x'], name, { type: 'image/png' });
const batch = (...names: string[]): UploadBatch => ({
  files: names.map(file),
  target: { group: 'grp_a', model: 'video-2.0-cl' },
  queryClient,
});
const names = (code: { addUploads: ReturnType<typeof vi.fn> }) =>
  code.addUploads.mock.calls.flatMap(([b]) => (b as UploadBatch).files.map((f) => f.name));
const flush = () => new Promise((r) => setTimeout(r, 0));

/** A loader whose loads the test settles by hand, as a slow or failing link would. */
function controllableLoad() {
  const code = { addUploads: vi.fn<UploadCode['addUploads']>() };
  const loads: Array<{ resolve: () => void; reject: () => void }> = [];
  const load = vi.fn(
    () =>
      new Promise<typeof code>((resolve, reject) => {
        loads.push({ resolve: () => resolve(code), reject: () => reject(new Error('Failed to fetch')) });
      }),
  );
  return { code, load, loads };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('upload intake', () => {
  it('holds files dropped before the upload code has come and hands every one over, in order, once it does', async () => {
    const { code, load, loads } = controllableLoad();
    const intake = createUploadIntake(load);
    intake.add(batch('first.png'));
    intake.add(batch('second.png', 'third.png'));
    // One request for the code, however many drops happen while it travels.
    expect(load).toHaveBeenCalledTimes(1);
    expect(intake.store.getState()).toMatchObject({ status: 'loading', waiting: 3 });
    expect(code.addUploads).not.toHaveBeenCalled();

    loads[0]!.resolve();
    await flush();
    expect(names(code)).toEqual(['first.png', 'second.png', 'third.png']);
    expect(code.addUploads.mock.calls[0]![0]).toMatchObject({ target: { group: 'grp_a' }, queryClient });
    expect(intake.store.getState()).toMatchObject({ status: 'ready', waiting: 0, code });

    // Later files go straight to the queue.
    intake.add(batch('later.png'));
    expect(names(code)).toEqual(['first.png', 'second.png', 'third.png', 'later.png']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the code ahead of any file when asked (the first page has settled), once', async () => {
    const { code, load, loads } = controllableLoad();
    const intake = createUploadIntake(load);
    intake.load();
    intake.load();
    expect(load).toHaveBeenCalledTimes(1);
    loads[0]!.resolve();
    await flush();
    intake.add(batch('a.png'));
    expect(names(code)).toEqual(['a.png']);
  });

  it('keeps the files through a failed load and sends them once the browser is back online', async () => {
    const { code, load, loads } = controllableLoad();
    const intake = createUploadIntake(load);
    intake.add(batch('offline.png'));
    loads[0]!.reject();
    await flush();
    expect(intake.store.getState()).toMatchObject({ status: 'failed', waiting: 1 });
    expect(code.addUploads).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('online'));
    expect(load).toHaveBeenCalledTimes(2);
    loads[1]!.resolve();
    await flush();
    expect(names(code)).toEqual(['offline.png']);
    expect(intake.store.getState()).toMatchObject({ status: 'ready', waiting: 0 });
    // The retry stopped with the success: no further load on the next `online`.
    window.dispatchEvent(new Event('online'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries a failed load again every few seconds while files wait, and at once on Try again or a new drop', async () => {
    vi.useFakeTimers();
    const { code, load, loads } = controllableLoad();
    const intake = createUploadIntake(load);
    intake.add(batch('a.png'));
    loads[0]!.reject();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(load).toHaveBeenCalledTimes(2);
    loads[1]!.reject();
    await vi.advanceTimersByTimeAsync(0);

    intake.load();
    expect(load).toHaveBeenCalledTimes(3);
    loads[2]!.reject();
    await vi.advanceTimersByTimeAsync(0);

    intake.add(batch('b.png'));
    expect(load).toHaveBeenCalledTimes(4);
    expect(intake.store.getState().waiting).toBe(2);
    loads[3]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(names(code)).toEqual(['a.png', 'b.png']);
    await vi.advanceTimersByTimeAsync(RETRY_MS * 3);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('keeps the failure note through a timed retry, and a Try again clicked meanwhile is the next attempt', async () => {
    vi.useFakeTimers();
    const { code, load, loads } = controllableLoad();
    const intake = createUploadIntake(load);
    intake.add(batch('a.png'));
    loads[0]!.reject();
    await vi.advanceTimersByTimeAsync(0);
    const statuses: string[] = [];
    intake.store.subscribe((state) => statuses.push(state.status));

    // The timed retry sets out; the note (and its Try again) stays while it travels.
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(load).toHaveBeenCalledTimes(2);
    expect(intake.store.getState().status).toBe('failed');
    // Try again now: no second load alongside, but the next one if this one fails.
    intake.load();
    expect(load).toHaveBeenCalledTimes(2);
    loads[1]!.reject();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(3);
    loads[2]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(names(code)).toEqual(['a.png']);
    expect(statuses).not.toContain('loading');
    expect(intake.store.getState()).toMatchObject({ status: 'ready', waiting: 0 });
  });

  it('asks before the page is left while files wait for the code, and not once they are handed over', async () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const { load, loads } = controllableLoad();
    const intake = createUploadIntake(load);
    intake.add(batch('a.png'));
    const listener = add.mock.calls.find(([type]) => type === 'beforeunload')?.[1] as (e: Event) => void;
    expect(listener).toBeTypeOf('function');
    const event = new Event('beforeunload', { cancelable: true });
    listener(event);
    expect(event.defaultPrevented).toBe(true);

    loads[0]!.resolve();
    await flush();
    expect(remove).toHaveBeenCalledWith('beforeunload', listener);
  });

  it("keeps asking before the page is left when the waiting files become the queue's uploads in flight", async () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    // The queue's store, busy from the moment the intake hands it the files.
    const queue = createStore(() => ({ uploading: 0 }));
    warnOnLeaveWhile(queue, ({ uploading }) => uploading > 0);
    const { code, load, loads } = controllableLoad();
    code.addUploads.mockImplementation(({ files }) => queue.setState({ uploading: files.length }));
    const intake = createUploadIntake(load);
    intake.add(batch('a.png'));
    loads[0]!.resolve();
    await flush();
    expect(intake.store.getState().waiting).toBe(0);
    expect(remove.mock.calls.filter(([type]) => type === 'beforeunload')).toEqual([]);
    queue.setState({ uploading: 0 });
    expect(remove.mock.calls.filter(([type]) => type === 'beforeunload')).toHaveLength(1);
  });

  it('ignores an empty pick', () => {
    const { load } = controllableLoad();
    const intake = createUploadIntake(load);
    intake.add(batch());
    expect(load).not.toHaveBeenCalled();
    expect(intake.store.getState().waiting).toBe(0);
  });
});
