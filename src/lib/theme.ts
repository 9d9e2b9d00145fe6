import { useSyncExternalStore } from 'react';

/**
 * Light, dark or follow the system. Applied as the `dark` class on <html> (Tailwind's custom
 * variant in index.css). main.tsx calls applyTheme() before React renders: the CSP forbids the
 * usual inline <script> in index.html, and the module script runs before first paint anyway.
 */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'media-studio.theme';

const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function getTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function resolveTheme(theme: Theme): 'light' | 'dark' {
  return theme === 'system' ? (systemPrefersDark() ? 'dark' : 'light') : theme;
}

/**
 * Holds every transition off while the theme's classes change, until two frames have been drawn.
 * Without it each `transition-colors` element fades on its own clock, so for a moment the light
 * theme's text sits on the dark theme's surfaces (next-themes' `disableTransitionOnChange`). A
 * constructed sheet, because the CSP refuses an inline <style>. Returns the release.
 */
function holdTransitions(): () => void {
  if (typeof CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in document)) return () => {};
  let sheet: CSSStyleSheet;
  try {
    sheet = new CSSStyleSheet();
    sheet.replaceSync('*, *::before, *::after { transition: none !important; }');
  } catch {
    return () => {};
  }
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return () => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}

function afterTwoFrames(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(run, 32);
  requestAnimationFrame(() => requestAnimationFrame(run));
}

export function applyTheme(theme: Theme = getTheme()): void {
  const resolved = resolveTheme(theme);
  const root = document.documentElement;
  const changes = root.classList.contains('dark') !== (resolved === 'dark');
  const release = changes ? holdTransitions() : () => {};
  root.classList.toggle('dark', resolved === 'dark');
  // `light` too, so index.css can follow the system before this runs without overriding a choice.
  root.classList.toggle('light', resolved === 'light');
  // Native controls (scrollbars, date pickers) follow too.
  root.style.colorScheme = resolved;
  if (!changes) return;
  // Styles are computed now, with transitions off, so nothing starts from the old colours; the
  // frames give React's re-render for the new theme (the toaster's, say) time to land too.
  void getComputedStyle(root).color;
  afterTwoFrames(release);
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage unavailable: the theme still applies to this tab.
  }
  applyTheme(theme);
  listeners.forEach((l) => l());
}

let watchingSystem = false;

/** Follows the operating system's switch while the theme is "system". */
export function watchSystemTheme(): void {
  if (watchingSystem || typeof window.matchMedia !== 'function') return;
  watchingSystem = true;
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (getTheme() === 'system') applyTheme('system');
  });
  // Another tab changed the theme.
  window.addEventListener('storage', (e) => {
    if (e.key === THEME_STORAGE_KEY) {
      applyTheme();
      listeners.forEach((l) => l());
    }
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, getTheme, () => 'system' as Theme);
  return [theme, setTheme];
}
