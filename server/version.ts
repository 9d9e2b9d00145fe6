import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './root';

function readVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** package.json's version, read once: the bootstrap answer and the webhook User-Agent both carry it. */
export const SERVER_VERSION = readVersion();
