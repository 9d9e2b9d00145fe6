import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface MainProcess {
  url: string;
  pid: number;
  /** Highest resident set size of the process so far (Linux VmHWM), in bytes. */
  peakRss(): number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * `server/main.ts` in a process of its own (as `npm run serve` runs it), so that its memory can be
 * measured apart from the test's: on a port picked by the OS, with a fresh DATA_DIR.
 */
export async function startMainProcess(env: Record<string, string>): Promise<MainProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-dist'),
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const found = /Media Studio listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (found) resolve(found);
    });
    void exited.then(() => reject(new Error(`server exited before listening:\n${out}`)));
  });
  return {
    url,
    pid: child.pid!,
    peakRss() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    output: () => out,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
