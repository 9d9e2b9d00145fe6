import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, vi } from 'vitest';

// The files of a worker share one jsdom window and the packages under node_modules (React, jsdom,
// Testing Library: loaded once, which is most of what a file used to cost), but each file gets a
// fresh graph of the app's own modules, as in the browser on a fresh page: no store, cache or
// listener of the app's code outlives its file (vitest.config.ts, decision 605).
vi.resetModules();
// And a fresh, empty IndexedDB per file (fake-indexeddb's factory; jsdom has none).
globalThis.indexedDB = new IDBFactory();
const { i18n, initI18n, NAMESPACES } = await import('@/lib/i18n');

// How long a `findBy…`/`waitFor` keeps looking before it fails: a bound on a hang, not a wait (each
// returns as soon as what it looks for is there). Testing Library's 1 s failed tests whose page is
// imported cold on a 2-core machine busy with the rest of the suite.
configure({ asyncUtilTimeout: 5_000 });

// The web project runs each file in a VM context of its own (vitest.config.ts: `vmThreads`), whose
// globals are jsdom's: what jsdom lacks and Node has, the tests' code takes from Node, the same
// classes Node's fetch and Response use. (Named by a string: the browser's code has no Node types.)
const nodeModule = (name: string) => import(/* @vite-ignore */ name) as Promise<Record<string, unknown>>;
const streams = await nodeModule('node:stream/web');
for (const name of [
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextDecoderStream',
  'TextEncoderStream',
] as const)
  (globalThis as Record<string, unknown>)[name] ??= streams[name];
// jsdom's `performance` in a VM context has no user timing (mark, measure, entries): Node's whole
// object, so marks and `now()` share one time origin.
if (typeof performance.mark !== 'function')
  Object.defineProperty(globalThis, 'performance', {
    value: (await nodeModule('node:perf_hooks')).performance,
    configurable: true,
    writable: true,
  });

// jsdom lacks a few browser APIs that Radix and the theme code use; minimal stand-ins.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Each file is a browser of its own: its BroadcastChannels hear one another, not those of the
// files run at the same time in the other worker threads of the process (Node's channels cross
// threads), nor the next file's once it ends (they are closed then). A channel left to hear them
// would answer them: the storyboard progress strip asks every tab for its runs (decision 650).
const NATIVE_CHANNEL = Symbol.for('media-studio.test.BroadcastChannel');
const store = globalThis as unknown as Record<symbol, typeof BroadcastChannel | undefined>;
const Native = (store[NATIVE_CHANNEL] ??= globalThis.BroadcastChannel);
if (Native) {
  const browser = crypto.randomUUID();
  const opened = new Set<BroadcastChannel>();
  globalThis.BroadcastChannel = class extends Native {
    constructor(name: string) {
      super(`${browser}:${name}`);
      opened.add(this);
    }
  };
  afterAll(() => {
    for (const channel of opened) channel.close();
  });
}

// And the listeners the app's code puts on the shared window and document go with their file, as
// they go with the page in a browser: a `pagehide` listener left by one file's storyboard strip
// once posted on that file's closed channel when a later file dispatched `pagehide`. Only those the
// app's own code adds (its caller is under src/, outside src/test/): React DOM marks the document
// as listened to and would not add its own listeners again.
/** Whether the caller of the function that calls this is the app's own code (under src/, not src/test/). */
function calledByApp(): boolean {
  // [0] "Error", [1] this function, [2] the wrapper, [3] its caller.
  const caller = new Error().stack?.split('\n')[3] ?? '';
  return /\/src\/(?!test\/)/.test(caller) && !caller.includes('node_modules');
}

const NATIVE_ADD = Symbol.for('media-studio.test.addEventListener');
const added: [EventTarget, string, EventListenerOrEventListenerObject, unknown][] = [];
for (const target of [window, document] as EventTarget[]) {
  const holder = target as unknown as Record<symbol, EventTarget['addEventListener'] | undefined>;
  const native = (holder[NATIVE_ADD] ??= target.addEventListener);
  target.addEventListener = function (
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (listener && calledByApp()) added.push([this, type, listener, options]);
    native.call(this, type, listener, options);
  };
}
afterAll(() => {
  for (const [target, type, listener, options] of added)
    target.removeEventListener(type, listener, options as boolean | EventListenerOptions | undefined);
});

// And so do the timers the app's code starts, as they stop with the page in a browser: the
// storyboard strip's 5 s ask, left running by one file (a tab that showed another tab's run),
// posted on that file's closed channel while a later file ran, and failed the whole unit run
// with an unhandled InvalidStateError. Faked timers (vi.useFakeTimers) go over these and come
// back to them.
const NATIVE_TIMERS = Symbol.for('media-studio.test.timers');
const timerHolder = globalThis as unknown as Record<
  symbol,
  Pick<typeof globalThis, 'setTimeout' | 'setInterval'> | undefined
>;
const nativeTimers = (timerHolder[NATIVE_TIMERS] ??= {
  setTimeout: globalThis.setTimeout,
  setInterval: globalThis.setInterval,
});
const started = new Set<ReturnType<typeof setTimeout>>();
for (const name of ['setTimeout', 'setInterval'] as const) {
  const native = nativeTimers[name] as (...args: unknown[]) => ReturnType<typeof setTimeout>;
  (globalThis as Record<string, unknown>)[name] = function (...args: unknown[]) {
    const id = native.apply(globalThis, args);
    if (calledByApp()) started.add(id);
    return id;
  };
}
afterAll(() => {
  // clearTimeout and clearInterval clear either kind (HTML timers share one list; so do Node's).
  for (const id of started) clearTimeout(id);
});

// Every test renders in English with all namespaces loaded, so components never suspend on strings.
await initI18n('en');
await i18n.loadNamespaces(NAMESPACES);

// What a test leaves on the shared window is put back, as a fresh page would have it.
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.title = '';
  const root = document.documentElement;
  for (const attribute of [...root.attributes]) root.removeAttribute(attribute.name);
  document.body.removeAttribute('style');
  // What was put on the page outside a rendered tree (a file input a picker added, a portal's
  // leftovers): a fresh page has none.
  document.body.replaceChildren();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
