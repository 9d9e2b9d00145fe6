import fs from 'node:fs';

function readVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** package.json's version, read once: the bootstrap answer and the webhook User-Agent both carry it. */
export const SERVER_VERSION = readVersion();
