import { listenOnLoopback } from './listen';

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
  const server = await listenOnLoopback((req, res) => {
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
  return { url: `${server.origin}/hook`, hits, close: server.close };
}
