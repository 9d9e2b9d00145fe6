import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeaders } from './services/webhooks/signature';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { healthWhile } from './test/health-probe';

/*
 * Issue 41 §4 against `npm run serve`'s own process: keyless requests must not hurt keyed users.
 * Every attacker connects from a loopback address of its own (127.0.0.2, .3, ...), as a client on
 * another machine would; /healthz is asked from 127.0.0.1 and must answer within 1 s throughout.
 * The server may open 256 files, so an attack that holds a descriptor per connection exhausts it
 * with a few hundred connections (before the fix, 300 trickled posts made /healthz fail).
 */

const SECRET = 'process-test-webhook-secret';
const KEY = 'sk-a';
const PER_ADDRESS = 40;
const BODY_TIMEOUT_MS = 1_500;
/** The unclaimed inboxes' bound, lowered (decision 590): the flood below passes it 8 times over. */
const UNCLAIMED_KEEP = 50;

let server: ServerProcess;
let port: number;
beforeAll(async () => {
  server = await startServerProcess({
    fileLimit: 256,
    env: {
      API_KEYS: KEY,
      WEBHOOK_SECRET: SECRET,
      MAX_CONNS_PER_IP: String(PER_ADDRESS),
      BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
      INBOX_UNCLAIMED_KEEP: String(UNCLAIMED_KEEP),
    },
  });
  port = Number(new URL(server.url).port);
}, 60_000);
afterAll(() => server?.stop());

const openFiles = () => fs.readdirSync(`/proc/${server.pid}/fd`).length;

interface Trickle {
  /** What the server answered, or '' if it only closed the connection. */
  answer: Promise<string>;
  /** The answer once the connection has ended. */
  ended?: string;
  stop(): void;
}

/** A keyless inbox post whose body arrives one byte every `everyMs`, from `localAddress`. */
function trickle(localAddress: string, everyMs: number): Trickle {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let received = '';
  let timer: NodeJS.Timeout | undefined;
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (d) => (received += d.toString()));
    socket.on('error', () => resolve(received));
    socket.on('close', () => resolve(received));
  });
  socket.on('connect', () => {
    socket.write(
      'POST /webhooks/inbox/trickled HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{',
    );
    timer = setInterval(() => {
      if (socket.writable) socket.write(' ');
    }, everyMs);
  });
  socket.on('close', () => clearInterval(timer));
  const t: Trickle = { answer, stop: () => socket.destroy() };
  void answer.then((text) => (t.ended = text));
  return t;
}

function statusOf(response: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
}

function bodyOf(response: string): unknown {
  return JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
}

describe('keyless attacks against the real server process', () => {
  it('a trickled body that is no upload is cut with a 408 envelope at the body deadline', async () => {
    const started = performance.now();
    const one = trickle('127.0.0.3', 200);
    // Before the fix it went on for as long as a byte came every minute.
    const response = await Promise.race([
      one.answer,
      new Promise<string>((r) => setTimeout(() => r('no answer'), BODY_TIMEOUT_MS + 3_000)),
    ]);
    one.stop();
    const took = performance.now() - started;
    expect(statusOf(response), response).toBe(408);
    expect(bodyOf(response)).toMatchObject({
      error: { code: 'request_timeout', message: expect.stringMatching(/within 1\.5 s/) },
      request_id: expect.stringMatching(/^req_/),
    });
    expect(took).toBeGreaterThan(BODY_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(BODY_TIMEOUT_MS + 2_000);
  });

  it('300 trickled posts from one address: the rest past the cap are refused, /healthz answers', async () => {
    const attack = Array.from({ length: 300 }, () => trickle('127.0.0.2', 500));
    const answers = Promise.all(attack.map((a) => a.answer));
    const peak = { files: 0 };
    const watch = setInterval(() => (peak.files = Math.max(peak.files, openFiles())), 50);
    try {
      const { answers: health } = await healthWhile(port, new Promise((r) => setTimeout(r, 2_500)));
      expect(health.filter((a) => a !== '200')).toEqual([]);
      // Those past the cap were refused at once (a 429 envelope or, at worst, a bare close); those
      // let in were cut at the body deadline.
      const ended = attack.filter((a) => a.ended !== undefined);
      const cut = ended.filter((a) => statusOf(a.ended!) === 408);
      const refusedCount = ended.filter((a) => [0, 429].includes(statusOf(a.ended!))).length;
      expect(cut.length + refusedCount).toBe(ended.length);
      expect(refusedCount).toBeGreaterThanOrEqual(attack.length - PER_ADDRESS);
      expect(cut.length).toBeLessThanOrEqual(PER_ADDRESS);
      const answered = ended.find((a) => statusOf(a.ended!) === 429)!;
      expect(bodyOf(answered.ended!)).toMatchObject({
        error: {
          code: 'too_many_connections',
          message: expect.stringMatching(/MAX_CONNS_PER_IP/),
        },
      });
      expect(peak.files).toBeLessThan(200);
    } finally {
      clearInterval(watch);
      for (const a of attack) a.stop();
      await answers;
    }
  }, 30_000);

  it('an inbox flood from one address leaves a claimed inbox’s signed delivery, /healthz answers', async () => {
    const auth = { authorization: `Bearer ${KEY}` };
    const claimed = await fetch(`${server.url}/webhooks/inbox/mine`, { headers: auth });
    expect(claimed.status).toBe(200);
    const body = JSON.stringify({ type: 'task.succeeded', data: { id: 'task_real' } });
    const signed = signatureHeaders(Buffer.from(SECRET), 'msg_real', body, Date.now());
    const real = await fetch(`${server.url}/webhooks/inbox/mine`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signed },
      body,
    });
    expect(real.status).toBe(200);

    // 21 floods of 20 posts to made-up names, 8 at a time on kept-alive connections.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8, localAddress: '127.0.0.4' });
    const postOne = (name: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            agent,
            method: 'POST',
            path: `/webhooks/inbox/${name}`,
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end('{"flood":true}');
      });
    const flood = Promise.all(
      Array.from({ length: 21 * 20 }, (_, i) => postOne(`made-up-${Math.floor(i / 20)}-${i % 20}`)),
    );
    try {
      const { result, answers: health } = await healthWhile(port, flood);
      expect(health.filter((a) => a !== '200')).toEqual([]);
      expect(new Set(result)).toEqual(new Set([200]));
    } finally {
      agent.destroy();
    }

    const list = await fetch(`${server.url}/webhooks/inbox/mine`, { headers: auth });
    const { data } = (await list.json()) as { data: Array<{ webhook_id: string; signature: unknown }> };
    expect(data.map((d) => [d.webhook_id, d.signature])).toEqual([['msg_real', { verified: true }]]);
    // The flood did pass the bound: its first names' posts are gone.
    const first = await fetch(`${server.url}/webhooks/inbox/made-up-0-0`, { headers: auth });
    expect(((await first.json()) as { data: unknown[] }).data).toEqual([]);
    const last = await fetch(`${server.url}/webhooks/inbox/made-up-20-19`, { headers: auth });
    expect(((await last.json()) as { data: unknown[] }).data).toHaveLength(1);
  }, 60_000);
});
