import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, initI18n, NAMESPACES } from '@/lib/i18n';

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
