/**
 * What `npm test` needs of the machine beyond node_modules: a Chromium for the end-to-end tests and,
 * best, a current ffmpeg/ffprobe (the server falls back to the bundled 2018 build without one).
 * Found, or installed from Debian's packages where this user may run apt-get, so that the README's
 * `npm install && npm test` is all the set-up (issue 46, decision 365). Every way the machine is
 * reached goes through `MachineAccess`, so the unit tests play any machine.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserType } from '@playwright/test';
import { DEBIAN_CHROMIUMS } from '../e2e/support/chromium';
import { chooseTool, type ToolChoice, type ToolName } from '../server/media/media-tools';

export interface MachineAccess {
  env: NodeJS.ProcessEnv;
  exists(file: string): boolean;
  /** Runs a command with its output captured: its exit status (non-zero if it could not start). */
  run(command: string, args: string[]): { status: number; output: string };
  isRoot: boolean;
  /** Where Playwright keeps its own Chromium, installed or not. */
  playwrightChromium(): string;
  chooseTool(name: ToolName): ToolChoice;
}

export interface TestMachine {
  /** What `npm test` prints, one line for the browser and one for ffmpeg (and one if it installs). */
  lines: string[];
  /** Added to the tests' environment: the browser found (E2E_CHROMIUM). */
  env: Record<string, string>;
  /** Set when the end-to-end tests cannot run: the one command that makes them able to. */
  error?: string;
}

const BROWSER_PACKAGES = ['chromium-headless-shell', 'chromium'];
const APT_GET = '/usr/bin/apt-get';

/** How this user runs apt-get without a prompt: as root, through `sudo -n`, or not at all. */
function aptCommand(m: MachineAccess): string[] | null {
  if (!m.exists(APT_GET)) return null;
  if (m.isRoot) return ['apt-get'];
  return m.run('sudo', ['-n', 'true']).status === 0 ? ['sudo', '-n', 'apt-get'] : null;
}

/** Whether apt knows a version of `pkg` to install (Ubuntu has no `chromium-headless-shell`). */
function aptHas(m: MachineAccess, pkg: string): boolean {
  const { status, output } = m.run('apt-cache', ['policy', pkg]);
  const candidate = /Candidate: (\S+)/.exec(output)?.[1];
  return status === 0 && candidate !== undefined && candidate !== '(none)';
}

const debianBrowser = (m: MachineAccess) => DEBIAN_CHROMIUMS.find((file) => m.exists(file));

function mediaLine(m: MachineAccess): string {
  const [ffmpeg, ffprobe] = (['ffmpeg', 'ffprobe'] as const).map((name) => m.chooseTool(name));
  const tools = `${ffmpeg!.tool.path} ${ffmpeg!.tool.version}, ${ffprobe!.tool.path} ${ffprobe!.tool.version}`;
  if (ffmpeg!.error || ffprobe!.error) return `ffmpeg: ${ffmpeg!.error ?? ffprobe!.error}`;
  if (m.env.FFMPEG_PATH || m.env.FFPROBE_PATH) return `ffmpeg: ${tools} (FFMPEG_PATH/FFPROBE_PATH)`;
  if (ffmpeg!.tool.source === 'path' && ffprobe!.tool.source === 'path') return `ffmpeg: ${tools} (on PATH)`;
  return (
    `ffmpeg: the bundled 2018 build, as the server falls back to it (${tools}); ` +
    'a current one on PATH (Debian: `sudo apt-get install ffmpeg`) tests what users run'
  );
}

const needsMediaTools = (m: MachineAccess) =>
  (['ffmpeg', 'ffprobe'] as const).some((name) => {
    const { tool } = m.chooseTool(name);
    // FFMPEG_PATH=bundled is asked for (CI's second pass): installing would change nothing.
    return tool.source === 'bundled' && !m.env[name === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'];
  });

/** Finds the browser and ffmpeg, installing Debian's where apt-get may run; never throws. */
export function prepareTestMachine(m: MachineAccess): TestMachine {
  const given = m.env.E2E_CHROMIUM;
  if (given && !m.exists(given)) {
    return {
      lines: [mediaLine(m)],
      env: {},
      error: `E2E_CHROMIUM=${given} does not exist: point it at a Chromium, or unset it`,
    };
  }
  const lines: string[] = [];
  const apt = aptCommand(m);
  const wantsBrowser = !given && !debianBrowser(m);
  if (apt && (wantsBrowser || needsMediaTools(m))) {
    // A fresh image has empty package lists; on a failure (offline) the lists already there serve.
    m.run(apt[0]!, [...apt.slice(1), 'update']);
    const wanted = [
      ...(wantsBrowser ? BROWSER_PACKAGES.filter((pkg) => aptHas(m, pkg)).slice(0, 1) : []),
      ...(needsMediaTools(m) && aptHas(m, 'ffmpeg') ? ['ffmpeg'] : []),
    ];
    if (wanted.length) {
      const command = [...apt, 'install', '-y', '--no-install-recommends', ...wanted];
      lines.push(`Installing what the tests need from Debian's packages: ${command.join(' ')}`);
      const install = m.run(command[0]!, command.slice(1));
      if (install.status !== 0) {
        const tail = install.output.trim().split('\n').slice(-3).join(' / ');
        lines.push(`apt-get failed (exit ${install.status}): ${tail}`);
      }
    }
  }
  const browser = given
    ? { file: given, line: `Browser: ${given} (E2E_CHROMIUM)` }
    : debianBrowser(m)
      ? { file: debianBrowser(m)!, line: `Browser: Debian's ${debianBrowser(m)!}` }
      : m.exists(m.playwrightChromium())
        ? {
            file: m.playwrightChromium(),
            line: `Browser: Playwright's own Chromium, ${m.playwrightChromium()}`,
          }
        : null;
  if (browser) return { lines: [...lines, browser.line, mediaLine(m)], env: { E2E_CHROMIUM: browser.file } };
  const command =
    m.exists(APT_GET) && aptHas(m, BROWSER_PACKAGES[0]!)
      ? `sudo apt-get install ${BROWSER_PACKAGES[0]}`
      : 'npx playwright install chromium';
  return {
    lines: [...lines, mediaLine(m)],
    env: {},
    error: `No Chromium for the end-to-end tests: run \`${command}\`, then \`npm test\` again`,
  };
}

/** This machine. */
export const thisMachine: MachineAccess = {
  env: process.env,
  exists: (file) => fs.existsSync(file),
  run(command, args) {
    const result = spawnSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
  },
  isRoot: process.getuid?.() === 0,
  // Loaded only when no Debian Chromium is found: Playwright takes a second to load.
  playwrightChromium: () =>
    (
      createRequire(import.meta.url)('@playwright/test') as { chromium: BrowserType }
    ).chromium.executablePath(),
  // Chosen afresh each time, as an install may just have put ffmpeg on PATH.
  chooseTool: (name) => chooseTool(name, process.env),
};
