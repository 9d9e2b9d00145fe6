/**
 * A 20,000-token `/bench` reply streamed into the playground, in a real Chromium against the real
 * server: the lag between the last byte arriving and the last token on screen, the longest
 * main-thread task while it streams, and the render cost per token at the start and at the end of
 * the reply (it must not grow with the length). Run: `npx tsx bench/playground-stream.bench.ts`
 * (`--tokens N`, `--format chat|responses|messages`, `--no-build` to reuse a previous build).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalServer, type LocalServer } from '../e2e/support/local-server';
import { benchTokens } from '../server/services/text/writer';
import { buildDist, launchBenchBrowser, runWhenMain } from './browser';
import { probeScript, READ_PROBE, RESET_PROBE, watchFinalWords } from './playground-stream-probes';
import {
  formatBreakdown,
  summariseTrace,
  TRACE_CATEGORIES,
  type TraceSummary,
} from './playground-stream-trace';

const BUILD_DIR = path.join(os.tmpdir(), 'media-studio-playground-bench-dist');
const FORMAT_LABEL = { chat: 'Chat Completions', responses: 'Responses', messages: 'Messages' } as const;
const PATHS = { chat: '/v1/chat/completions', responses: '/v1/responses', messages: '/v1/messages' } as const;

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export interface PlaygroundStreamResult {
  tokens: number;
  format: keyof typeof FORMAT_LABEL;
  streamMs: number;
  lagMs: number;
  longestTaskMs: number;
  longTasks: number;
  frames: number;
  costPerTokenStartUs: number;
  costPerTokenEndUs: number;
  framePeakMs: number;
  /** The renderer main thread's longest task by its own CPU time (trace `tdur`), ms. */
  longestTaskCpuMs: number;
  /** 1-minute load average when the run started and ended: wall times are inflated above ~1.5. */
  load: [number, number];
  trace: TraceSummary;
}

export async function main(): Promise<PlaygroundStreamResult> {
  const tokens = Number(argValue('--tokens') ?? 20_000);
  const format = (argValue('--format') ?? 'chat') as keyof typeof FORMAT_LABEL;
  const dist = buildDist(BUILD_DIR);
  // The final words of the reply, as they read on screen once the last token is rendered.
  const finalWords = benchTokens(tokens).join('').trim().slice(-40).trim();
  let server: LocalServer | undefined;
  const browser = await launchBenchBrowser();
  try {
    // `/bench` streams as fast as the server can whatever the emulator speed; 1 is the server's default.
    server = await startLocalServer({ staticDir: dist, env: { EMULATOR_SPEED: '1' } });
    const origin = server.url;
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript(probeScript(PATHS[format]));
    await page.goto(`${origin}/playground`);
    await page.getByLabel('API format').selectOption({ label: FORMAT_LABEL[format] });
    await page.getByLabel('Max tokens').fill(String(tokens + 1000));
    // Warm-up: code and highlighter chunks loaded, so the measured run times rendering only.
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill('/bench 200');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await page.evaluate(RESET_PROBE);
    await page.evaluate(watchFinalWords(finalWords));

    await box.fill(`/bench ${tokens}`);
    // Playwright injects its helper script on the first polled wait: done here, not while measured.
    await page.waitForFunction(() => true);
    const loadBefore = os.loadavg()[0]!;
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const sentAt = (await page.evaluate('performance.now()')) as number;
    await box.press('Enter');
    const quietly = { polling: 250, timeout: 120_000 };
    // Functions, not strings: the page's CSP forbids eval, which a polled string predicate needs.
    await page.waitForFunction(
      () => {
        const w = window as unknown as { __probe: { done: boolean }; __shownAt?: number };
        return w.__probe.done && w.__shownAt !== undefined;
      },
      null,
      quietly,
    );
    // The reply is stored and the composer reset: the tail of the work the stream caused.
    await page.waitForFunction(
      () =>
        !document.querySelector('li[aria-busy]') &&
        [...document.querySelectorAll('button')].some((b) => b.textContent === 'Send'),
      null,
      quietly,
    );
    const traceBuffer = await browser.stopTracing();
    const loadAfter = os.loadavg()[0]!;
    const traceOut = argValue('--trace-out');
    if (traceOut) fs.writeFileSync(traceOut, traceBuffer);
    const trace = summariseTrace(traceBuffer);
    const raw = (await page.evaluate(READ_PROBE)) as {
      arrivals: Array<[number, number]>;
      lastByteAt: number;
      frames: Array<[number, number]>;
      longTasks: number[];
      shownAt: number;
    };

    // Frames that rendered stream text: those between the first and the last byte, plus the final one.
    const first = raw.arrivals[0]?.[0] ?? sentAt;
    const eventsAt = (t: number) => {
      let n = 0;
      for (const [at, count] of raw.arrivals) if (at <= t) n = count;
      return n;
    };
    const streamFrames = raw.frames.filter(([at]) => at >= first && at <= raw.lastByteAt + 50);
    const withTokens = streamFrames.map(([at, cost], i) => {
      const prev = i === 0 ? first : streamFrames[i - 1]![0];
      return { at, cost, tokens: Math.max(0, eventsAt(at) - eventsAt(prev)) };
    });
    // Thirds of the stream by time: frames and tokens both spread over it, so each third holds a
    // share of both (thirds by frame count put a couple of frames with a handful of tokens last).
    const span = Math.max(1, raw.lastByteAt - first);
    const firstThird = withTokens.filter((f) => f.at < first + span / 3);
    const lastThird = withTokens.filter((f) => f.at >= first + (2 * span) / 3);
    const perToken = (slice: typeof withTokens) => {
      const t = slice.reduce((s, f) => s + f.tokens, 0);
      return t === 0 ? 0 : (slice.reduce((s, f) => s + f.cost, 0) / t) * 1000;
    };
    const result: PlaygroundStreamResult = {
      tokens,
      format,
      streamMs: raw.lastByteAt - first,
      lagMs: Math.max(0, raw.shownAt - raw.lastByteAt),
      longestTaskMs: Math.max(0, ...raw.longTasks),
      longTasks: raw.longTasks.length,
      frames: withTokens.length,
      costPerTokenStartUs: perToken(firstThird),
      costPerTokenEndUs: perToken(lastThird),
      framePeakMs: Math.max(0, ...withTokens.map((f) => f.cost)),
      longestTaskCpuMs: trace.longestCpu?.cpuMs ?? 0,
      load: [loadBefore, loadAfter],
      trace,
    };
    print(result);
    return result;
  } finally {
    await browser.close();
    await server?.stop();
  }
}

function print(r: PlaygroundStreamResult) {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`Playground, /bench ${r.tokens.toLocaleString('en')} streamed as ${FORMAT_LABEL[r.format]}`);
  console.log(`  bytes arriving, first to last        ${ms(r.streamMs)}`);
  console.log(`  last byte → last token on screen     ${ms(r.lagMs)} (target ≤ 100 ms)`);
  console.log(
    `  longest main-thread task             ${r.longTasks === 0 ? '< 50 ms (no long task)' : ms(r.longestTaskMs)} (target ≤ 50 ms; ${r.longTasks} long tasks)`,
  );
  const { longestWall: wall, longestCpu: cpu } = r.trace;
  if (wall && cpu) {
    console.log(
      `  longest task in the trace, wall      ${ms(wall.wallMs)} (its CPU ${ms(wall.cpuMs)}; ${r.trace.longByWall} of ${r.trace.tasks} tasks ≥ 50 ms)`,
    );
    console.log(`      ${formatBreakdown(wall.breakdown)}`);
    console.log(
      `  longest task by main-thread CPU      ${ms(cpu.cpuMs)} (wall ${ms(cpu.wallMs)}; ${r.trace.longByCpu} tasks ≥ 50 ms CPU)`,
    );
    console.log(`      ${formatBreakdown(cpu.breakdown)}`);
    console.log(`  main thread, self time by event      ${formatBreakdown(r.trace.totals)}`);
  }
  console.log(
    `  load average (1 min), start / end    ${r.load[0].toFixed(2)} / ${r.load[1].toFixed(2)} on ${os.cpus().length} cores`,
  );
  console.log(`  frames that rendered stream text     ${r.frames} (peak ${ms(r.framePeakMs)})`);
  console.log(
    `  render cost per token, first / last third  ${r.costPerTokenStartUs.toFixed(1)} µs / ${r.costPerTokenEndUs.toFixed(1)} µs`,
  );
  console.log(`RESULT ${JSON.stringify(r)}`);
}

runWhenMain(import.meta.url, main);
