import { describe, expect, it } from 'vitest';
import type { ToolChoice, ToolName } from '../server/media/media-tools';
import { prepareTestMachine, type MachineAccess } from './test-machine';

const PLAYWRIGHT = '/root/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
const BUNDLED = '/app/node_modules/@ffmpeg-installer/linux-x64/ffmpeg';

interface Machine {
  files?: string[];
  root?: boolean;
  sudo?: boolean;
  /** Packages apt-get knows and installs: each puts its files in place. */
  packages?: Record<string, string[]>;
  installFails?: boolean;
  env?: NodeJS.ProcessEnv;
}

/** A machine the way test-machine.ts reaches it, recording the commands it was asked to run. */
function machine(spec: Machine): MachineAccess & { commands: string[] } {
  const files = new Set(spec.files ?? []);
  const packages = spec.packages ?? {};
  const commands: string[] = [];
  const tool = (name: ToolName): ToolChoice => {
    const env = spec.env?.[name === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'];
    if (env === 'bundled') return { tool: { path: BUNDLED, version: '4.1', source: 'bundled' } };
    if (env) return { tool: { path: env, version: '6.0', source: 'env' } };
    return files.has(`/usr/bin/${name}`)
      ? { tool: { path: `/usr/bin/${name}`, version: '5.1.9', source: 'path' } }
      : { tool: { path: BUNDLED, version: '4.1', source: 'bundled' }, warning: 'old' };
  };
  return {
    commands,
    env: spec.env ?? {},
    exists: (file) => files.has(file),
    isRoot: spec.root ?? false,
    playwrightChromium: () => PLAYWRIGHT,
    chooseTool: tool,
    run(command, args) {
      commands.push([command, ...args].join(' '));
      if (command === 'sudo' && args.join(' ') === '-n true')
        return { status: spec.sudo ? 0 : 1, output: '' };
      if (command === 'apt-cache') {
        const known = args[1]! in packages;
        return {
          status: 0,
          output: `${args[1]}:\n  Installed: (none)\n  Candidate: ${known ? '1.0' : '(none)'}\n`,
        };
      }
      const apt = args.includes('install') ? args.slice(args.indexOf('install') + 3) : null;
      if (apt) {
        if (spec.installFails) return { status: 100, output: 'E: Could not get lock\nE: Unable to lock' };
        for (const pkg of apt) for (const file of packages[pkg] ?? []) files.add(file);
      }
      return { status: 0, output: '' };
    },
  };
}

const DEBIAN = {
  'chromium-headless-shell': ['/usr/bin/chromium-headless-shell'],
  chromium: ['/usr/bin/chromium'],
  ffmpeg: ['/usr/bin/ffmpeg', '/usr/bin/ffprobe'],
};
const HAS_APT = ['/usr/bin/apt-get'];

describe('what npm test finds or installs for its tests', () => {
  it("uses Debian's headless shell and ffmpeg where installed, and installs nothing", () => {
    const m = machine({
      root: true,
      files: [
        ...HAS_APT,
        '/usr/bin/chromium-headless-shell',
        '/usr/bin/chromium',
        '/usr/bin/ffmpeg',
        '/usr/bin/ffprobe',
      ],
    });
    const got = prepareTestMachine(m);
    expect(got).toEqual({
      lines: [
        "Browser: Debian's /usr/bin/chromium-headless-shell",
        'ffmpeg: /usr/bin/ffmpeg 5.1.9, /usr/bin/ffprobe 5.1.9 (on PATH)',
      ],
      env: { E2E_CHROMIUM: '/usr/bin/chromium-headless-shell' },
    });
    expect(m.commands).toEqual([]);
  });

  it('as root on a fresh Debian, installs the headless shell and ffmpeg in one apt-get, and says so', () => {
    const m = machine({ root: true, files: HAS_APT, packages: DEBIAN });
    const got = prepareTestMachine(m);
    expect(got.lines).toEqual([
      "Installing what the tests need from Debian's packages: apt-get install -y --no-install-recommends chromium-headless-shell ffmpeg",
      "Browser: Debian's /usr/bin/chromium-headless-shell",
      'ffmpeg: /usr/bin/ffmpeg 5.1.9, /usr/bin/ffprobe 5.1.9 (on PATH)',
    ]);
    expect(got.env).toEqual({ E2E_CHROMIUM: '/usr/bin/chromium-headless-shell' });
    expect(got.error).toBeUndefined();
    expect(m.commands[0]).toBe('apt-get update');
    expect(m.commands.at(-1)).toBe(
      'apt-get install -y --no-install-recommends chromium-headless-shell ffmpeg',
    );
  });

  it('installs the full chromium where Debian has no headless shell', () => {
    const { chromium } = DEBIAN;
    const m = machine({ root: true, files: [...HAS_APT, ...DEBIAN.ffmpeg], packages: { chromium } });
    expect(prepareTestMachine(m).env).toEqual({ E2E_CHROMIUM: '/usr/bin/chromium' });
    expect(m.commands.at(-1)).toBe('apt-get install -y --no-install-recommends chromium');
  });

  it('goes through sudo -n where the user may, and names the command it runs', () => {
    const m = machine({ sudo: true, files: HAS_APT, packages: DEBIAN });
    const got = prepareTestMachine(m);
    expect(got.lines[0]).toMatch(
      /: sudo -n apt-get install -y --no-install-recommends chromium-headless-shell ffmpeg$/,
    );
    expect(got.env.E2E_CHROMIUM).toBe('/usr/bin/chromium-headless-shell');
  });

  it("without root or sudo, runs no apt-get, takes Playwright's own Chromium and the bundled ffmpeg", () => {
    const m = machine({ files: [...HAS_APT, PLAYWRIGHT], packages: DEBIAN });
    const got = prepareTestMachine(m);
    expect(got.env).toEqual({ E2E_CHROMIUM: PLAYWRIGHT });
    expect(got.lines).toEqual([
      `Browser: Playwright's own Chromium, ${PLAYWRIGHT}`,
      expect.stringMatching(/^ffmpeg: the bundled 2018 build, .*`sudo apt-get install ffmpeg`/),
    ]);
    expect(m.commands.filter((c) => c.includes('apt-get'))).toEqual([]);
  });

  it('with no browser it may install, fails naming the one command to run', () => {
    const noSudo = prepareTestMachine(machine({ files: HAS_APT, packages: DEBIAN }));
    expect(noSudo.error).toBe(
      'No Chromium for the end-to-end tests: run `sudo apt-get install chromium-headless-shell`, then `npm test` again',
    );
    const noApt = prepareTestMachine(machine({ root: true }));
    expect(noApt.error).toBe(
      'No Chromium for the end-to-end tests: run `npx playwright install chromium`, then `npm test` again',
    );
    // Ubuntu: apt-get, but its chromium is a snap, and no headless shell.
    const ubuntu = prepareTestMachine(
      machine({ root: true, files: HAS_APT, packages: { ffmpeg: DEBIAN.ffmpeg } }),
    );
    expect(ubuntu.error).toMatch(/run `npx playwright install chromium`/);
  });

  it("falls back to Playwright's Chromium when apt-get fails, saying why", () => {
    const m = machine({ root: true, files: [...HAS_APT, PLAYWRIGHT], packages: DEBIAN, installFails: true });
    const got = prepareTestMachine(m);
    expect(got.lines[1]).toBe('apt-get failed (exit 100): E: Could not get lock / E: Unable to lock');
    expect(got.env).toEqual({ E2E_CHROMIUM: PLAYWRIGHT });
  });

  it('takes E2E_CHROMIUM as given, and stops on one that does not exist', () => {
    const files = ['/opt/chrome', '/usr/bin/ffmpeg', '/usr/bin/ffprobe'];
    const given = prepareTestMachine(machine({ root: true, files, env: { E2E_CHROMIUM: '/opt/chrome' } }));
    expect(given.lines[0]).toBe('Browser: /opt/chrome (E2E_CHROMIUM)');
    expect(given.env).toEqual({ E2E_CHROMIUM: '/opt/chrome' });
    const missing = prepareTestMachine(machine({ files, env: { E2E_CHROMIUM: '/opt/none' } }));
    expect(missing.error).toBe('E2E_CHROMIUM=/opt/none does not exist: point it at a Chromium, or unset it');
  });

  it('installs no ffmpeg when FFMPEG_PATH=bundled asks for the bundled one', () => {
    const m = machine({
      root: true,
      files: [...HAS_APT, '/usr/bin/chromium-headless-shell'],
      packages: DEBIAN,
      env: { FFMPEG_PATH: 'bundled', FFPROBE_PATH: 'bundled' },
    });
    expect(prepareTestMachine(m).lines).toEqual([
      "Browser: Debian's /usr/bin/chromium-headless-shell",
      `ffmpeg: ${BUNDLED} 4.1, ${BUNDLED} 4.1 (FFMPEG_PATH/FFPROBE_PATH)`,
    ]);
    expect(m.commands).toEqual([]);
  });
});
