import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, initI18n, NAMESPACES } from '@/lib/i18n';

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

// Every test renders in English with all namespaces loaded, so components never suspend on strings.
await initI18n('en');
await i18n.loadNamespaces(NAMESPACES);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
