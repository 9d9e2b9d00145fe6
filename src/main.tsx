import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useConnectionStore } from '@/api/connection-store';
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

// On a slow link every round trip before the first paint counts (decision 140): GET /bootstrap
// starts now, alongside the strings, instead of after the first render asks for it.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(systemQueries.bootstrap(useConnectionStore.getState().baseUrl));

// The common namespace of the detected language, and the first page's, are loaded before the first
// render, in one round trip, so no text flashes in English and the page does not wait again.
void initI18n(undefined, landingPage(window.location.pathname)?.namespaces)
  .catch(() => undefined)
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
