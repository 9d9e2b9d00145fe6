import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The architecture rules of eslint.config.js, each shown failing on a sample violation (and
 * passing on its lawful twin), through the project's own configuration: a rule that stopped
 * matching would let every later violation through unseen.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** Rule ids and messages ESLint reports for `code` as if it were the file at `filePath`. */
async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe('architecture lint rules', { timeout: 60_000 }, () => {
  it('a route importing server/media/ fails; through a service it passes', async () => {
    const code = (from: string) =>
      `import { probeMedia } from '${from}';\nexport const probe = probeMedia;\n`;
    expect(await problems('server/routes/fixture.ts', code('../media/probe'))).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Routes reach media\/ through a service/),
    ]);
    expect(await problems('server/routes/text/fixture.ts', code('../../media/probe'))).toEqual([
      expect.stringMatching(/Routes reach media\/ through a service/),
    ]);
    expect(await problems('server/services/fixture.ts', code('../media/probe'))).toEqual([]);
  });

  it('contract/ importing outside itself by a relative path fails; inside it passes', async () => {
    const code = (from: string) => `import { token } from '${from}';\nexport const id = token;\n`;
    expect(await problems('contract/fixture.ts', code('../server/ids'))).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*contract\/ imports nothing outside it/),
    ]);
    expect(await problems('contract/test-support/fixture.ts', code('../../src/lib/cn'))).toEqual([
      expect.stringMatching(/contract\/ imports nothing outside it/),
    ]);
    expect(await problems('contract/test-support/fixture.ts', code('../issue-path'))).toEqual([]);
    expect(await problems('contract/fixture.ts', code('./issue-path'))).toEqual([]);
  });

  it('browser code importing full zod fails, a type from it or zod/mini passes; the server may', async () => {
    const value = (from: string) => `import { z } from '${from}';\nexport const id = z.string();\n`;
    for (const from of ['zod', 'zod/v4']) {
      expect(await problems('src/features/assets/fixture.ts', value(from))).toEqual([
        expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*Browser code imports zod\/mini/),
      ]);
    }
    expect(await problems('src/lib/fixture.ts', `export const load = () => import('zod');\n`)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Browser code imports zod\/mini/),
    ]);
    expect(
      await problems('src/api/fixture.ts', `import type { z } from 'zod';\nexport type Id = z.ZodString;\n`),
    ).toEqual([]);
    expect(
      await problems('src/api/fixture.ts', `import * as z from 'zod/mini';\nexport const id = z.string();\n`),
    ).toEqual([]);
    expect(await problems('server/services/fixture.ts', value('zod'))).toEqual([]);
  });

  it('an import circle fails, a type-only one and a lazy one too; a plain import does not', async () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'server', 'lint-fixture-'));
    made.push(dir);
    const relative = path.relative(ROOT, dir);
    fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    fs.writeFileSync(path.join(dir, 'c.ts'), "export { a } from './a';\n");
    fs.writeFileSync(path.join(dir, 'd.ts'), 'export interface D { n: number }\n');
    // On disk so that a.ts's import resolves to it; each case below lints its own text in its place.
    fs.writeFileSync(path.join(dir, 'b.ts'), 'export const b = 1;\n');

    // b → c → a → b, a value circle through a re-export.
    expect(
      await problems(`${relative}/b.ts`, "import { a } from './c';\nexport const b = () => a;\n"),
    ).toEqual([
      expect.stringMatching(/^local\/no-import-cycle: Import circle: .*b\.ts → .*c\.ts → .*a\.ts → .*b\.ts/),
    ]);
    // Only a type comes back: still a circle.
    expect(
      await problems(`${relative}/b.ts`, "import type { a } from './c';\nexport type B = typeof a;\n"),
    ).toEqual([expect.stringMatching(/^local\/no-import-cycle: /)]);
    // A lazily loaded part that imports back the module loading it: a circle all the same.
    expect(await problems(`${relative}/b.ts`, "export const b = () => import('./c');\n")).toEqual([
      expect.stringMatching(/^local\/no-import-cycle: Import circle: .*b\.ts → .*c\.ts → .*a\.ts → .*b\.ts/),
    ]);
    // A lazy import of a part that does not come back, and a plain import, are no circle.
    expect(
      await problems(
        `${relative}/b.ts`,
        "export const b = () => import('./d');\nexport type { D } from './d';\n",
      ),
    ).toEqual([]);
  });

  it('fetch outside src/api/api-client.ts fails, by name or as a property; apiRequest passes', async () => {
    const client = /^no-restricted-(globals|properties): .*Only src\/api\/api-client\.ts calls fetch/;
    expect(await problems('src/api/fixture.ts', "export const get = () => fetch('/v1/x');\n")).toEqual([
      expect.stringMatching(client),
    ]);
    expect(
      await problems('src/features/assets/fixture.ts', "export const get = () => window.fetch('/v1/x');\n"),
    ).toEqual([expect.stringMatching(client)]);
    expect(
      await problems('src/lib/fixture.ts', "export const get = () => globalThis.fetch('/v1/x');\n"),
    ).toEqual([expect.stringMatching(client)]);
    expect(await problems('src/api/api-client.ts', "export const get = () => fetch('/v1/x');\n")).toEqual([]);
    expect(
      await problems(
        'src/api/fixture.ts',
        "import { apiRequest } from '@/api/api-client';\nexport const get = () => apiRequest('/v1/x');\n",
      ),
    ).toEqual([]);
  });

  it('src/ importing server/ fails, a type or a lazy import too; contract/ passes', async () => {
    const server = /src\/ never imports server\//;
    expect(
      await problems(
        'src/lib/fixture.ts',
        "import { newId } from '../../server/ids';\nexport const id = newId;\n",
      ),
    ).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*src\/ never imports server\//),
    ]);
    expect(
      await problems(
        'src/features/assets/fixture.ts',
        "import type { Config } from '../../../server/config';\nexport type C = Config;\n",
      ),
    ).toEqual([expect.stringMatching(server)]);
    expect(
      await problems('src/api/fixture.ts', "export const load = () => import('../../server/ids');\n"),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: src\/ never imports server\//)]);
    expect(
      await problems(
        'src/lib/fixture.ts',
        "import { isRecord } from '@contract/is-record';\nexport const r = isRecord;\n",
      ),
    ).toEqual([]);
  });

  it('src/api importing src/lib or src/components fails; lib importing api passes, as do api tests', async () => {
    const down = /^no-restricted-imports: .*src\/api imports nothing from src\/lib/;
    expect(
      await problems('src/api/fixture.ts', "import { cn } from '@/lib/cn';\nexport const c = cn;\n"),
    ).toEqual([expect.stringMatching(down)]);
    expect(
      await problems(
        'src/api/fixture.ts',
        "import { Button } from '../components/ui/button';\nexport const B = Button;\n",
      ),
    ).toEqual([expect.stringMatching(down)]);
    // The rule of the shared layers still holds for src/api beside it.
    expect(
      await problems('src/api/fixture.ts', "import { x } from '@/features/assets/x';\nexport const y = x;\n"),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*Shared code must not import a feature/)]);
    expect(
      await problems(
        'src/lib/fixture.ts',
        "import { apiRequest } from '@/api/api-client';\nexport const get = apiRequest;\n",
      ),
    ).toEqual([]);
    expect(
      await problems('src/api/fixture.test.ts', "import { cn } from '@/lib/cn';\nexport const c = cn;\n"),
    ).toEqual([]);
  });
});
