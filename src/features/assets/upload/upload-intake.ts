import type { QueryClient } from '@tanstack/react-query';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** Where dropped or picked files go: the library's group, prepared for the chosen model. */
export interface UploadTarget {
  group: string;
  model?: string;
}

/** Files handed over by one drop or pick, with the client whose lists a success refreshes. */
export interface UploadBatch {
  files: File[];
  target: UploadTarget;
  queryClient: QueryClient;
}

/** What the upload code, once loaded, must offer the intake. */
export interface UploadCode {
  addUploads(batch: UploadBatch): void;
}

export interface UploadIntakeState<M extends UploadCode> {
  /**
   * `failed`: a load of the code failed and none has succeeded since; it is tried again on the next
   * add, `online`, or after a while, and stays `failed` while those tries travel (see `load`).
   */
  status: 'idle' | 'loading' | 'failed' | 'ready';
  /** Files handed over before the code came, not yet in its queue. */
  waiting: number;
  code?: M;
}

export interface UploadIntake<M extends UploadCode> {
  store: StoreApi<UploadIntakeState<M>>;
  /** Hands files to the queue, or holds them until its code has come (and asks for it). */
  add(batch: UploadBatch): void;
  /** Asks for the code (once; again after a failure). */
  load(): void;
}

/** How often a load that failed while files wait is tried again, when the browser is online. */
export const RETRY_MS = 10_000;

/*
 * Leaving or reloading the page drops every file not yet sent: the browser cannot give them back.
 * While some wait the browser asks first; the listener exists only then, so an idle page leaves
 * without a question and stays eligible for the back/forward cache.
 */
function warnBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older Chromium needs returnValue set to show the dialog.
  event.returnValue = '';
}

/** How many stores hold files not yet sent: the files waiting here, and the queue's uploads. */
let leaveWarnings = 0;

/**
 * Asks before the page is left while `busy(state)` holds for `store`. Counted across stores: the
 * one listener stays while any of them is busy (files handed from the intake to the queue become
 * the queue's uploads in flight the moment the intake lets go of them).
 */
export function warnOnLeaveWhile<S>(store: StoreApi<S>, busy: (state: S) => boolean): void {
  if (typeof window === 'undefined') return;
  let holding = false;
  store.subscribe((state) => {
    const now = busy(state);
    if (now === holding) return;
    holding = now;
    leaveWarnings += now ? 1 : -1;
    if (now && leaveWarnings === 1) window.addEventListener('beforeunload', warnBeforeUnload);
    else if (!now && leaveWarnings === 0) window.removeEventListener('beforeunload', warnBeforeUnload);
  });
}

/**
 * The upload queue, its tray and their strings are no part of the library's first paint (an empty
 * or idle library renders none of them), so they are a chunk of their own, fetched once the first
 * page has settled. A person may still drop or pick files before it has come, or while it cannot
 * come (offline): the intake holds those files and hands them to the queue the moment its code
 * is there, so none is lost. A failed load is retried when the browser is back online, every
 * RETRY_MS while files wait, and on the next add or an explicit `load()` (the tray's Try again).
 */
export function createUploadIntake<M extends UploadCode>(loadCode: () => Promise<M>): UploadIntake<M> {
  const store = createStore<UploadIntakeState<M>>(() => ({ status: 'idle', waiting: 0 }));
  let held: UploadBatch[] = [];
  let stopRetrying = () => {};

  function retryLater() {
    if (typeof window === 'undefined') return;
    const again = () => {
      stopRetrying();
      load();
    };
    const timer = window.setInterval(() => navigator.onLine && again(), RETRY_MS);
    window.addEventListener('online', again);
    stopRetrying = () => {
      window.clearInterval(timer);
      window.removeEventListener('online', again);
      stopRetrying = () => {};
    };
  }

  let inFlight = false;
  // Asked again while a load travels: should that one fail, the next follows at once.
  let askedMeanwhile = false;

  /*
   * A retry after a failure leaves the status at `failed`: the note and its Try again stay put
   * instead of turning into "waiting" and back every RETRY_MS (a screen reader announced the alert
   * anew each time, and a Try again clicked as a timed retry set out vanished under the pointer).
   * Try again during such a retry is not lost: it is the next attempt if this one fails.
   */
  function load() {
    const { status } = store.getState();
    if (status === 'ready') return;
    if (inFlight) {
      askedMeanwhile = true;
      return;
    }
    inFlight = true;
    askedMeanwhile = false;
    stopRetrying();
    if (status !== 'failed') store.setState({ status: 'loading' });
    loadCode().then(
      (code) => {
        inFlight = false;
        const batches = held;
        held = [];
        for (const batch of batches) code.addUploads(batch);
        store.setState({ status: 'ready', waiting: 0, code });
      },
      () => {
        inFlight = false;
        store.setState({ status: 'failed' });
        if (held.length === 0) return;
        if (askedMeanwhile) load();
        else retryLater();
      },
    );
  }

  function add(batch: UploadBatch) {
    if (batch.files.length === 0) return;
    const { code } = store.getState();
    if (code) {
      code.addUploads(batch);
      return;
    }
    held.push(batch);
    store.setState((s) => ({ waiting: s.waiting + batch.files.length }));
    // Also after a failed load, without waiting for its retry: the person has just acted.
    load();
  }

  warnOnLeaveWhile(store, ({ waiting }) => waiting > 0);

  return { store, add, load };
}
