import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listenOnLoopback } from './test/listen';

/**
 * The container image (Dockerfile, decisions 071 and 099) read as Docker reads it: comments dropped,
 * continuation lines joined, one instruction per entry, grouped by stage. CI has no Docker daemon,
 * so what the image must hold is checked here against what the server needs at run time.
 */
interface Instruction {
  op: string;
  args: string;
}

function parseDockerfile(text: string): Instruction[][] {
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: Instruction[][] = [];
  for (const line of logical) {
    const [, op, args] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    if (!op) throw new Error(`not an instruction: ${line}`);
    if (op.toUpperCase() === 'FROM') stages.push([]);
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${op} before the first FROM`);
    stage.push({ op: op.toUpperCase(), args: args!.replace(/\s+/g, ' ') });
  }
  return stages;
}

const root = process.cwd();
const stages = parseDockerfile(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const [build, runtime] = stages as [Instruction[], Instruction[]];
const all = (stage: Instruction[], op: string) => stage.filter((i) => i.op === op).map((i) => i.args);
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  engines?: { node?: string };
};

describe('Dockerfile', () => {
  it('has a build stage and a runtime stage on the same slim Node 24 base, with Debian ffmpeg at run time', () => {
    expect(stages).toHaveLength(2);
    expect(all(build, 'FROM')).toEqual(['node:24-slim AS build']);
    expect(all(runtime, 'FROM')).toEqual(['node:24-slim']);
    // better-sqlite3 13 is prebuilt (Node-API): no stage needs a compiler.
    expect(
      stages
        .flat()
        .filter((i) => i.op === 'RUN')
        .map((i) => i.args)
        .join(' '),
    ).not.toMatch(/g\+\+|build-essential/);
    expect(all(runtime, 'RUN').join(' ')).toMatch(/apt-get install -y --no-install-recommends ffmpeg\b/);
    expect(pkg.engines?.node).toMatch(/24/);
    const run = all(build, 'RUN').join(' && ');
    expect(run).toMatch(/npm ci\b/);
    expect(run).toMatch(/npm run build/);
    expect(run).toMatch(/npm prune --omit=dev/);
    expect(all(build, 'COPY')[0]).toBe('package.json package-lock.json ./');
    // Root-owned: the server user cannot rewrite its own code.
    expect(all(runtime, 'COPY')).toEqual(['--from=build /app /app']);
  });

  it('keeps everything the server runs with in dependencies, so the pruned copy still has it', () => {
    // The bundled ffmpeg/ffprobe are the fallback to Debian's; tsx runs the TypeScript server.
    for (const name of [
      '@ffmpeg-installer/ffmpeg',
      '@ffprobe-installer/ffprobe',
      'better-sqlite3',
      'fontkitten',
      'tsx',
      'undici',
    ])
      expect(pkg.dependencies, name).toHaveProperty([name]);
    for (const font of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'wqy-microhei.ttc'])
      expect(fs.existsSync(path.join(root, 'server/media/fonts', font)), font).toBe(true);
    const ignored = fs.readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', '.git', 'dist', '.data']));
    expect(ignored.some((p) => /^server|fonts|\.ttf/.test(p))).toBe(false);
  });

  it('runs as the node user on 0.0.0.0 with DATA_DIR on a volume and the built dashboard served', () => {
    const env = all(runtime, 'ENV').join(' ');
    for (const setting of [
      'NODE_ENV=production',
      'HOST=0.0.0.0',
      'PORT=8787',
      'DATA_DIR=/data',
      'STATIC_DIR=/app/dist',
    ])
      expect(env).toContain(setting);
    expect(all(runtime, 'USER')).toEqual(['node']);
    expect(all(runtime, 'VOLUME')).toEqual(['["/data"]']);
    expect(all(runtime, 'RUN').join(' ')).toMatch(/mkdir -p \/data && chown node:node \/data/);
    expect(all(runtime, 'EXPOSE')).toEqual(['8787']);
    // The bundle the build stage makes, as `npm run serve` runs it (decision 383).
    expect(all(runtime, 'CMD')).toEqual(['["node", "--enable-source-maps", "build/server/main.mjs"]']);
    expect(all(build, 'RUN').join(' ')).toMatch(
      /npm run build && node scripts\/server-bundle\.mjs && npm prune/,
    );
    expect(fs.existsSync(path.join(root, 'scripts/server-bundle.mjs'))).toBe(true);
  });

  it('checks health with Node itself (the slim image has no curl) against /healthz', async () => {
    const [check] = all(runtime, 'HEALTHCHECK');
    expect(check).toMatch(
      /--interval=\d+s --timeout=\d+s --start-period=\d+s --retries=\d+ CMD \["node", "-e", /,
    );
    expect(check).not.toMatch(/curl|wget/);
    const script = JSON.parse(check!.slice(check!.indexOf('CMD ') + 4) as string) as string[];
    expect(script[2]).toContain("'/healthz'");
    // The probe exits 0 only for an OK answer on PORT: run it against 200, 503 and nothing listening.
    const exitCode = (port: number) =>
      new Promise<number>((resolve) => {
        const child = spawn(process.execPath, ['-e', script[2]!], {
          env: { ...process.env, PORT: String(port) },
        });
        child.on('close', (code) => resolve(code ?? -1));
      });
    let status = 200;
    const server = await listenOnLoopback((req, res) =>
      res.writeHead(req.url === '/healthz' ? status : 404).end(),
    );
    const { port } = server;
    try {
      expect(await exitCode(port)).toBe(0);
      status = 503;
      expect(await exitCode(port)).toBe(1);
    } finally {
      await server.close();
    }
    expect(await exitCode(port)).toBe(1);
  });
});
