import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { quoted } from '@contract/quoted';

const require = createRequire(import.meta.url);

export type ToolName = 'ffmpeg' | 'ffprobe';

/** Where a binary came from: FFMPEG_PATH/FFPROBE_PATH, the first current one on PATH, or node_modules. */
export type ToolSource = 'env' | 'path' | 'bundled';

export interface MediaTool {
  path: string;
  /** As the binary prints it (`5.1.9-0+deb12u1`, `N-47683-g0e8eb07980-static`); `unknown` if unread. */
  version: string;
  source: ToolSource;
}

export interface ToolChoice {
  tool: MediaTool;
  /** Why a current binary is not in use (printed at start). */
  warning?: string;
  /** FFMPEG_PATH/FFPROBE_PATH unusable: the server refuses to start with this line. */
  error?: string;
}

/** ffmpeg 5.0 came out in January 2022; a git build ("N-...") is judged by its copyright year. */
const CURRENT_MAJOR = 5;
const CURRENT_YEAR = 2022;

const ENV_NAME: Record<ToolName, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };

/**
 * The static builds inside node_modules (`@ffmpeg-installer`, `@ffprobe-installer`): the last resort
 * when the machine has no current ffmpeg, so that a fresh clone still renders.
 */
export function bundledPath(name: ToolName): string {
  const pkg = (
    name === 'ffmpeg' ? require('@ffmpeg-installer/ffmpeg') : require('@ffprobe-installer/ffprobe')
  ) as { path: string };
  return pkg.path;
}

interface VersionLine {
  version: string;
  major?: number;
  year?: number;
}

/** Reads `<file> -version`; throws an Error saying why the file is not `name`. */
export function readVersion(file: string, name: ToolName): VersionLine {
  let out: string;
  try {
    out = execFileSync(file, ['-version'], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    const said = (e.stderr ?? '').trim().split('\n')[0];
    throw new Error(`is not ${name} (${e.code === 'EACCES' ? 'not executable' : said || e.message})`);
  }
  const first = out.split('\n')[0] ?? '';
  const m = new RegExp(`^${name} version (\\S+)`).exec(first);
  if (!m) throw new Error(`is not ${name} (\`-version\` printed ${quoted(first)})`);
  const version = m[1]!;
  const major = /^n?(\d+)\./.exec(version)?.[1];
  const year = /Copyright \(c\) \d{4}-(\d{4})/.exec(first)?.[1];
  return { version, major: major ? Number(major) : undefined, year: year ? Number(year) : undefined };
}

/** Version 5 or later; a git build without a number counts by the year it was built. */
export function isCurrent(v: VersionLine): boolean {
  if (v.major !== undefined) return v.major >= CURRENT_MAJOR;
  return v.year !== undefined && v.year >= CURRENT_YEAR;
}

function executablesOnPath(name: ToolName, pathVar: string | undefined): string[] {
  const found: string[] = [];
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile() && !found.includes(file)) found.push(file);
    } catch {
      // not in this directory
    }
  }
  return found;
}

/**
 * Picks the binary for `name`: the env variable (`bundled` names the one in node_modules), else the
 * first on PATH of version 5 or later, else the bundled one with a warning. Never throws: an
 * unusable env value comes back as `error`, which stops the server at start (server/main.ts).
 */
export function chooseTool(
  name: ToolName,
  env: NodeJS.ProcessEnv,
  bundled: () => string = () => bundledPath(name),
): ToolChoice {
  const variable = ENV_NAME[name];
  const given = env[variable]?.trim();
  if (given) {
    const file = given === 'bundled' ? bundled() : given;
    const source: ToolSource = given === 'bundled' ? 'bundled' : 'env';
    if (!fs.existsSync(file)) {
      return {
        tool: { path: file, version: 'unknown', source },
        error: `${variable}=${given} does not exist`,
      };
    }
    try {
      return { tool: { path: file, version: readVersion(file, name).version, source } };
    } catch (err) {
      return {
        tool: { path: file, version: 'unknown', source },
        error: `${variable}=${given} ${(err as Error).message}`,
      };
    }
  }
  const old: string[] = [];
  for (const file of executablesOnPath(name, env.PATH)) {
    try {
      const v = readVersion(file, name);
      if (isCurrent(v)) return { tool: { path: file, version: v.version, source: 'path' } };
      old.push(`${file} is ${v.version}`);
    } catch {
      // something else named like it: keep looking
    }
  }
  const file = bundled();
  let version = 'unknown';
  try {
    version = readVersion(file, name).version;
  } catch {
    // reported through the warning; a render will name the failure
  }
  const why = old.length ? `${old.join(', ')}, older than ${CURRENT_MAJOR}` : `no ${name} on PATH`;
  return {
    tool: { path: file, version, source: 'bundled' },
    warning: `${why}: using the bundled ${name} ${version}, which lacks years of decoder fixes for untrusted uploads. Install ${name} ${CURRENT_MAJOR} or later or set ${variable}.`,
  };
}

let chosen: Record<ToolName, ToolChoice> | undefined;

/** The binaries this process uses, chosen once from its environment. */
export function mediaTools(): Record<ToolName, ToolChoice> {
  chosen ??= { ffmpeg: chooseTool('ffmpeg', process.env), ffprobe: chooseTool('ffprobe', process.env) };
  return chosen;
}

/** One line per binary for the start-up banner, e.g. `  ffmpeg: /usr/bin/ffmpeg 5.1.9 (on PATH)`. */
export function mediaToolLines(tools = mediaTools()): string[] {
  return (Object.keys(tools) as ToolName[]).flatMap((name) => {
    const { tool, warning } = tools[name];
    const from = { env: ENV_NAME[name], path: 'on PATH', bundled: 'bundled' }[tool.source];
    const line = `  ${name}: ${tool.path} ${tool.version} (${from})`;
    return warning ? [line, `  warning: ${warning}`] : [line];
  });
}
