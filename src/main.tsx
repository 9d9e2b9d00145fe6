import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useConnectionStore } from '@/api/connection-store';
import { closeEarlyRequests } from '@/api/early-requests';
import { systemQueries } from '@/api/system';
import { App } from '@/app/app';
import { landingPage } from '@/app/pages';
import { createQueryClient } from '@/app/query-client';
import { initI18n } from '@/lib/i18n';
import { applyTheme, watchSystemTheme } from '@/lib/theme';
import './index.css';

// Before the first render, so there is no flash of the wrong theme. The CSP forbids the usual inline
// <script> in index.html; this module runs before first paint, which is early enough.
applyTheme();
watchSystemTheme();

// The server's CSP allows <style> elements only with the nonce it puts in <meta name="csp-nonce">.
// Radix's scroll lock (react-style-singleton, via get-nonce) reads it from __webpack_nonce__.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// On a slow link every round trip before the first paint counts (decisions 140, 200, 245): GET
// /bootstrap and, on the library, its first list are already on the wire (the early script,
// src/early.ts, started them with the document; the API client takes its answers over), else they
// start now; once the key is known the landing page's first query starts, while the strings load
// and React renders, not after the page has run.
const queryClient = createQueryClient();
const landing = landingPage(window.location.pathname);
let landingData: Promise<unknown> = Promise.resolve();
const startLandingData = () => {
  if (!useConnectionStore.getState().apiKey) return;
  landingData =
    landing?.prefetchData?.(queryClient, window.location.search).catch(() => undefined) ?? landingData;
};
const hadKey = useConnectionStore.getState().apiKey !== '';
if (hadKey) startLandingData();
void queryClient
  .fetchQuery(systemQueries.bootstrap(useConnectionStore.getState().baseUrl))
  .then((bootstrap) => {
    // As useBootstrap does: a stored key wins, an offered one is adopted only when there is none.
    if (bootstrap?.default_api_key)
      useConnectionStore.getState().bootstrapKeyReceived(bootstrap.default_api_key);
    if (!hadKey) startLandingData();
  })
  .catch(() => undefined)
  // Every early answer the app wanted has been taken by now; one left over must never be served
  // later in place of a fresh request.
  .then(() => landingData)
  .finally(closeEarlyRequests);

// The common namespace of the detected language, and the first page's, are loaded before the first
// render, in one round trip, so no text flashes in English and the page does not wait again.
void initI18n(undefined, landing?.namespaces)
  .catch(() => undefined)
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
