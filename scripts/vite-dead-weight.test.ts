import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  lucideIconsWithoutKeys,
  reactRouterWithoutFrameworkMode,
  tailwindWithoutPropertyFallback,
} from './vite-dead-weight';
import { reactRouterProductionBuild } from './vite-first-route';

/** The plugin's transform as the bundler calls it, after its id filter. */
function transform(plugin: Plugin, id: string): string | null {
  const hook = plugin.transform as { filter: { id: RegExp }; handler: (code: string, id: string) => unknown };
  if (!hook.filter.id.test(id)) return null;
  const result = hook.handler(fs.readFileSync(id, 'utf8'), id) as { code: string } | null;
  return result?.code ?? null;
}

const nodeModules = path.resolve(import.meta.dirname, '../node_modules');

describe('the first open leaves out what its libraries carry for development (decision 540)', () => {
  it("lets the bundler drop React Router's unused components", () => {
    const dir = path.join(nodeModules, 'react-router/dist/production');
    const chunk = fs
      .readdirSync(dir)
      .find((f) => f.endsWith('.mjs') && /var Form = /.test(fs.readFileSync(path.join(dir, f), 'utf8')));
    expect(chunk).toBeDefined();
    const code = transform(reactRouterProductionBuild(), path.join(dir, chunk!));
    expect(code).not.toBeNull();
    // A property write keeps its object: with one, <Form> and what it uses stayed in the shell.
    expect(code).not.toMatch(/^[\w$]+\.displayName = /m);
    expect(code).toMatch(/var Form = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/);
    expect(code).toMatch(/var RSCRouterContext = \/\* @__PURE__ \*\/ React\d*\.createContext\(/);
    expect(code).not.toMatch(/__PURE__ \*\/ \/\* @__PURE__/);
  });

  it("writes React Router's framework-only branches as their answers without the framework (decision 541)", () => {
    const dir = path.join(nodeModules, 'react-router/dist/production');
    const chunk = fs
      .readdirSync(dir)
      .find(
        (f) =>
          f.endsWith('.mjs') &&
          /function usePrefetchBehavior\(/.test(fs.readFileSync(path.join(dir, f), 'utf8')),
      );
    expect(chunk).toBeDefined();
    const before = fs.readFileSync(path.join(dir, chunk!), 'utf8');
    const code = transform(reactRouterWithoutFrameworkMode(), path.join(dir, chunk!));
    expect(code).not.toBeNull();
    const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
    // <Link>: no prefetching, and never <PrefetchPageLinks> beside the link; each rewritten once.
    expect(count(before, /usePrefetchBehavior\(\s*prefetch,\s*rest\s*\)/g)).toBe(1);
    expect(count(code!, /usePrefetchBehavior\(\s*prefetch,\s*rest\s*\)/g)).toBe(0);
    expect(count(code!, /\[false, null, \{\}\]/g) - count(before, /\[false, null, \{\}\]/g)).toBe(1);
    expect(count(code!, /createElement\(PrefetchPageLinks,/g)).toBe(0);
    // The route error boundary: RSC's context is never there.
    expect(count(before, /\bif \(this\.context\b/g)).toBe(2);
    expect(count(code!, /this\.context/g)).toBe(0);
    // Every other line where it was: the source map still points at the right ones.
    expect(code!.split('\n')).toHaveLength(before.split('\n').length);
  });

  it("blanks the keys of an icon's paths without moving any other character", () => {
    const file = path.join(nodeModules, 'lucide-react/dist/esm/icons/boxes.mjs');
    const before = fs.readFileSync(file, 'utf8');
    const code = transform(lucideIconsWithoutKeys(), file);
    expect(before).toMatch(/key: "/);
    expect(code).not.toMatch(/key:/);
    expect(code).toHaveLength(before.length);
    expect(code!.split('\n')).toHaveLength(before.split('\n').length);
    const bare = (text: string) => text.replace(/\s/g, '');
    expect(bare(code!)).toBe(bare(before.replace(/,\s*key: "[^"]*"/g, '')));
  });

  it("blanks the icons' display names, so that their PascalCase converter can go (decision 541)", () => {
    const file = path.join(nodeModules, 'lucide-react/dist/esm/createLucideIcon.mjs');
    const before = fs.readFileSync(file, 'utf8');
    const code = transform(lucideIconsWithoutKeys(), file);
    expect(before).toMatch(/Component\.displayName = toPascalCase\(/);
    expect(code).not.toMatch(/displayName|toPascalCase\(/);
    expect(code).toHaveLength(before.length);
    expect(code!.split('\n')).toHaveLength(before.split('\n').length);
  });

  it('leaves every other file alone', () => {
    expect(transform(lucideIconsWithoutKeys(), path.join(nodeModules, 'react/index.js'))).toBeNull();
    expect(transform(reactRouterProductionBuild(), path.join(nodeModules, 'react/index.js'))).toBeNull();
    expect(
      transform(
        reactRouterWithoutFrameworkMode(),
        path.join(nodeModules, 'react-router/dist/production/index.mjs'),
      ),
    ).toBeNull();
  });

  it("drops Tailwind's fallback for browsers without @property, and only that", () => {
    const plugin = tailwindWithoutPropertyFallback('src/index.css');
    const handler = plugin.transform as (code: string, id: string) => { code: string } | null;
    const css =
      '@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:inline))) or ((-moz-orient:inline) and (not (color:rgb(from red r g b)))){*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;--tw-ring-inset:initial}}}' +
      '@layer theme{:root{--color-red:red}}.shadow{box-shadow:var(--tw-shadow)}' +
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}';
    const id = path.resolve('src/index.css');
    expect(handler(css, id)?.code).toBe(
      '@layer theme{:root{--color-red:red}}.shadow{box-shadow:var(--tw-shadow)}' +
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    );
    expect(handler(css, `${id}?direct`)?.code).not.toContain('@layer properties');
    expect(handler(css, path.resolve('src/other.css'))).toBeNull();
    expect(handler('@layer theme{:root{--x:1}}', id)).toBeNull();
  });
});
