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

/** `replacement` on the lines `match` took: the lines after it keep their numbers in the source map. */
const inPlaceOf = (replacement: string) => (match: string) =>
  replacement + '\n'.repeat(match.split('\n').length - 1);

/**
 * What React Router's production build does only under framework mode or React Server Components,
 * whose contexts (`FrameworkContext`, `RSCRouterContext`) only their own routers provide. This app
 * renders a declarative router (decision 100) and never provides them, so:
 * - `<Link>`'s `usePrefetchBehavior` answers "do not prefetch" (it does so without the framework's
 *   context), and the link renders alone, never beside `<PrefetchPageLinks>`;
 * - the route error boundary's `this.context` (RSC's) is `false`: no server-component redirect to
 *   follow, no error digest to decode.
 * Written as those answers, the bundler drops the machinery behind them (page link prefetching,
 * the route manifest walk, the RSC error handler and digest decoders): 1.2 KB of `shell-libs`
 * (decision 541). Each rewrite must match React Router's file exactly once
 * (scripts/vite-dead-weight.test.ts runs it on the real file): an upgrade that moves these lines
 * fails that test instead of quietly keeping the weight.
 */
export function reactRouterWithoutFrameworkMode(): Plugin {
  const rewrites: Array<[RegExp, (match: string) => string]> = [
    [/\busePrefetchBehavior\(\s*prefetch,\s*rest\s*\)/g, inPlaceOf('[false, null, {}]')],
    [
      /\breturn shouldPrefetch && !isAbsolute \?[^\n]*PrefetchPageLinks[^\n]*: link;/g,
      inPlaceOf('return link;'),
    ],
    [/\bif \(this\.context(?=\)| && typeof error === "object")/g, inPlaceOf('if (false')],
  ];
  return {
    name: 'react-router-without-framework-mode',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]*\.mjs$/ },
      handler(code) {
        if (!code.includes('function usePrefetchBehavior(')) return null;
        let out = code;
        for (const [pattern, replace] of rewrites) out = out.replace(pattern, replace);
        return out === code ? null : { code: out, map: null };
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
