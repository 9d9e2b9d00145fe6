import { describe, expect, it } from 'vitest';

// The dashboard's source as text, to follow the library page's static imports as the bundler does.
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

// Keys from the project's root, so that a path resolves to one key whatever the importer's folder.
const SRC = '/src/';
/** `import … from '…'`, `export … from '…'` and `import '…'`; not `import type`, not `import()`. */
const STATIC_IMPORT =
  /^\s*(?:import|export)\s+(?:(type)\s+)?(?:(?:\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+(?:\s*,\s*\{[^}]*\})?)\s+from\s+)?['"]([^'"]+)['"]/gm;

function resolve(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = SRC + spec.slice(2);
  else if (spec.startsWith('.')) {
    const parts = from.split('/').slice(0, -1);
    for (const part of spec.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    base = parts.join('/');
  } else return undefined; // a package or @contract: neither imports the dashboard's code
  return ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => p in sources);
}

/** Every module of src the entry pulls in without a dynamic import. */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const [, typeOnly, spec] of sources[path]!.matchAll(STATIC_IMPORT)) {
      if (typeOnly) continue;
      const target = resolve(path, spec!);
      if (target) visit(target);
    }
  };
  visit(entry);
  return seen;
}

const upload = (name: string) => `${SRC}features/assets/upload/${name}`;

describe("the library's first route", () => {
  const graph = staticGraph(`${SRC}features/assets/assets-page.tsx`);

  it('holds the drop area and the intake that keeps early files', () => {
    expect(graph).toContain(upload('upload-dropzone.tsx'));
    expect(graph).toContain(upload('upload-tray-host.tsx'));
    expect(graph).toContain(upload('upload-intake.ts'));
  });

  // An empty or idle library renders none of these: they come after the first page (decision 273).
  it.each([
    'upload-tray.ts',
    'upload-list.tsx',
    'upload-row.tsx',
    'upload-queue.ts',
    'upload-stats.ts',
    'use-upload-queue.ts',
  ])('does not import %s statically', (name) => {
    expect(upload(name) in sources, `${name} exists`).toBe(true);
    expect(graph).not.toContain(upload(name));
  });

  it('asks for the tray with a dynamic import', () => {
    expect(sources[upload('upload-tray-host.tsx')]).toMatch(/import\(\s*'\.\/upload-tray'\s*\)/);
  });
});

describe('the first open (the shell and the library)', () => {
  const graph = new Set([
    ...staticGraph(`${SRC}main.tsx`),
    ...staticGraph(`${SRC}features/assets/assets-page.tsx`),
  ]);

  // The error alert says what went wrong on the first paint; the toasts are for what the person
  // does later, and come with the page that shows them (decision 540).
  it('holds the text of an error but not the toasts', () => {
    expect(graph).toContain(`${SRC}lib/error-message.ts`);
    expect(`${SRC}lib/notify.ts` in sources).toBe(true);
    expect(graph).not.toContain(`${SRC}lib/notify.ts`);
  });

  // A healthy first open paints no error: the full alert (details, ids, copy buttons) is fetched when
  // one shows, a plain stand-in with the same headline and buttons says it meanwhile (decision 541).
  it('holds a plain stand-in for the error alert, not the alert itself', () => {
    expect(graph).toContain(`${SRC}components/lazy-error-alert.tsx`);
    for (const part of ['components/error-alert.tsx', 'components/ui/copy-button.tsx']) {
      expect(`${SRC}${part}` in sources, `${part} exists`).toBe(true);
      expect(graph).not.toContain(`${SRC}${part}`);
    }
  });

  // The grid is the default view, and a phone shows cards either way: the table comes when chosen.
  it('holds the grid of cards, not the table view', () => {
    expect(graph).toContain(`${SRC}features/assets/asset-card.tsx`);
    expect(`${SRC}features/assets/asset-table-row.tsx` in sources).toBe(true);
    expect(graph).not.toContain(`${SRC}features/assets/asset-table-row.tsx`);
  });
});
