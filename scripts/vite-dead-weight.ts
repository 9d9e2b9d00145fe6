import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * What the build's libraries carry that no browser in the build's targets runs (decision 540).
 * React Router's share is in vite-first-route.ts, beside the alias to its production build.
 */

/** `match` as spaces, its line breaks kept: the columns and the source map stay as they were. */
const blank = (match: string) => match.replace(/[^\n]/g, ' ');

/**
 * Every path of a Lucide icon carries a React `key` (a random six-letter id), there only because
 * the icon renders its paths from an array: React checks keys in development alone, and an icon's
 * paths never move. Random ids are what brotli cannot compress: dropped from the build, 0.7 KB
 * off the first open's 40 icons (decision 540). Each icon component also gets a `displayName`,
 * which only React's developer tools show, made by a PascalCase converter that nothing else
 * uses: the write is blanked, and the converter leaves the first open (decision 541). Blanked
 * rather than cut, so columns and the source map stay as they were.
 */
export function lucideIconsWithoutKeys(): Plugin {
  return {
    name: 'lucide-icons-without-keys',
    apply: 'build',
    transform: {
      filter: {
        id: /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](icons[\\/]|createLucideIcon\.mjs$)/,
      },
      handler(code, id) {
        const blanked = /createLucideIcon\.mjs$/.test(id)
          ? code.replace(/\bComponent\.displayName = toPascalCase\([^)\n]*\);/, blank)
          : code.replace(/,\s*key: "[^"\n]*"/g, blank);
        return blanked === code ? null : { code: blanked, map: null };
      },
    },
  };
}

/** `text` without the block that opens at `start` (its braces balanced). */
function withoutBlock(text: string, start: number): string {
  let depth = 0;
  for (let i = text.indexOf('{', start); i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(0, start) + text.slice(i + 1);
  }
  throw new Error('withoutBlock: unbalanced braces');
}

/**
 * Tailwind v4 sets every `--tw-*` variable's initial value a second time, for browsers without
 * `@property`: a `@layer properties` block behind a `@supports` that holds only in Safari before
 * 16.4 and Firefox before 128. The build's CSS is for Tailwind v4's own baseline, Safari 16.4 and
 * Firefox 128 up (build.cssTarget, decision 470), where that block never applies: 0.3 KB of the
 * first open's stylesheet (decision 540). The `@property` rules that do apply stay.
 */
export function tailwindWithoutPropertyFallback(stylesheet: string): Plugin {
  const id = path.resolve(stylesheet);
  return {
    name: 'tailwind-without-property-fallback',
    apply: 'build',
    transform(code, moduleId) {
      if (moduleId.split('?')[0] !== id) return null;
      const start = code.search(/@layer properties\s*\{\s*@supports/);
      if (start < 0) return null;
      return { code: withoutBlock(code, start), map: null };
    },
  };
}
