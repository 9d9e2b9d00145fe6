import path from 'node:path';
import { createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

describe('the Vite and Vitest configs', () => {
  // Vite's native config loader (Node's own, the planned default) needs what Node needs, e.g.
  // file extensions on relative imports; Vite warns of each on every load until then.
  it.each(['vite.config.ts', 'vitest.config.ts'])('%s loads without a warning', async (file) => {
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => void warnings.push(message);
    await loadConfigFromFile({ command: 'build', mode: 'production' }, file, root, 'warn', logger);
    expect(warnings).toEqual([]);
  });
});
