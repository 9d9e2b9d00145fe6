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

export function applyTheme(theme: Theme = getTheme()): void {
  const resolved = resolveTheme(theme);
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  // `light` too, so index.css can follow the system before this runs without overriding a choice.
  root.classList.toggle('light', resolved === 'light');
  // Native controls (scrollbars, date pickers) follow too.
  root.style.colorScheme = resolved;
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
