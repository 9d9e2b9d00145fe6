import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
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

// The common namespace of the detected language is loaded first so no text flashes in English.
void initI18n()
  .catch(() => undefined)
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
