import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHit {
  at: number;
  headers: Record<string, string>;
  body: string;
}

/** What a test receiver does with the n-th request (0-based): answer a status, or never answer. */
export type ReceiverPlan = (n: number) => number | 'hang';

/**
 * A real HTTP receiver on 127.0.0.1 for sender tests, recording every request. `close()` also
 * cuts requests it left hanging.
 */
export async function startReceiver(plan: ReceiverPlan = () => 200) {
  const hits: ReceivedHit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = hits.length;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        headers[k] = Array.isArray(v) ? v.join(', ') : (v ?? '');
      hits.push({ at: Date.now(), headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = plan(n);
      if (answer === 'hang') return;
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 300 ? `oops ${answer}` : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
