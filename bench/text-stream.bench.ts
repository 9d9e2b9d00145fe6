/**
 * The text server alone: time to first token and tokens per second of a `/bench 20000` stream, for
 * each streaming format. The server runs as its own process (bundled, as `npm start`
 * runs it: decision 383), so the client's parsing does not share its event loop; the client only counts frames.
 * Run: `npx tsx bench/text-stream.bench.ts`.
 */
import { startServerProcess } from '../server/test/server-process';

const TOKENS = 20_000;
const ROUNDS = 5;
const KEY = 'sk-local-dev';

interface Format {
  name: string;
  path: string;
  body: object;
  /** A string each token frame contains exactly once, and no other frame does. */
  marker: string;
  headers: Record<string, string>;
}

const prompt = `/bench ${TOKENS}`;
const FORMATS: Format[] = [
  {
    name: 'Chat Completions',
    path: '/v1/chat/completions',
    body: { model: 'service-chat', stream: true, messages: [{ role: 'user', content: prompt }] },
    marker: '"delta":{"content"',
    headers: { authorization: `Bearer ${KEY}` },
  },
  {
    name: 'Responses',
    path: '/v1/responses',
    body: { model: 'service-chat', stream: true, input: prompt, store: false },
    marker: 'event: response.output_text.delta',
    headers: { authorization: `Bearer ${KEY}` },
  },
  {
    name: 'Messages',
    path: '/v1/messages',
    body: {
      model: 'service-messages',
      stream: true,
      max_tokens: TOKENS,
      messages: [{ role: 'user', content: prompt }],
    },
    marker: 'event: content_block_delta',
    headers: { 'x-api-key': KEY },
  },
];

function count(text: string, marker: string): number {
  let n = 0;
  for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + marker.length)) n++;
  return n;
}

async function run(origin: string, f: Format) {
  const started = performance.now();
  const res = await fetch(origin + f.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...f.headers },
    body: JSON.stringify(f.body),
  });
  if (!res.ok || !res.body) throw new Error(`${f.path}: HTTP ${res.status}`);
  const decoder = new TextDecoder();
  let tail = '';
  let tokens = 0;
  let first = 0;
  let bytes = 0;
  // Node's web streams are async-iterable (the DOM typings of this project do not say so).
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    // Keep a marker split across two chunks countable.
    const text = tail + decoder.decode(chunk, { stream: true });
    const n = count(text, f.marker);
    if (n > 0 && tokens === 0) first = performance.now();
    tokens += n;
    const lastMarker = text.lastIndexOf(f.marker);
    tail = text.slice(
      Math.max(lastMarker >= 0 ? lastMarker + f.marker.length : 0, text.length - f.marker.length + 1),
    );
  }
  const end = performance.now();
  if (tokens !== TOKENS) throw new Error(`${f.name}: expected ${TOKENS} tokens, got ${tokens}`);
  return {
    ttft: first - started,
    total: end - started,
    rate: TOKENS / ((end - first) / 1000),
    mb: bytes / 2 ** 20,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const server = await startServerProcess({ env: { API_KEYS: KEY, EMULATOR_SPEED: '1' }, echoStderr: true });
  try {
    const pings: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await (await fetch(`${server.url}/healthz`)).arrayBuffer();
      pings.push(performance.now() - started);
    }
    console.log(`/bench ${TOKENS}, ${ROUNDS} rounds each after one warm-up, medians`);
    console.log(`  baseline: GET /healthz round trip ${median(pings).toFixed(1)} ms`);
    console.log('  format              TTFT        total       tokens/s     body');
    for (const f of FORMATS) {
      await run(server.url, f);
      const rounds = [];
      for (let i = 0; i < ROUNDS; i++) rounds.push(await run(server.url, f));
      console.log(
        `  ${f.name.padEnd(18)} ${median(rounds.map((r) => r.ttft))
          .toFixed(1)
          .padStart(6)} ms ` +
          `${median(rounds.map((r) => r.total))
            .toFixed(0)
            .padStart(8)} ms ` +
          `${median(rounds.map((r) => r.rate))
            .toFixed(0)
            .padStart(10)}   ${rounds[0]!.mb.toFixed(1)} MB`,
      );
    }
  } finally {
    await server.stop();
  }
}

await main();
