import http from 'node:http';

/**
 * GET /healthz on a connection of its own (no pooled socket waiting behind an attack's), as a
 * newcomer would ask: the status as text, or why none came within 1 s. The process tests of issue 41
 * ask it while each attack runs.
 */
export function healthOnce(port: number): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
    });
    req.setTimeout(1_000, () => req.destroy(new Error('no answer within 1 s')));
    req.on('error', (err) => resolve(err.message));
  });
}

export interface HealthWhile<T> {
  result: T;
  /** Each answer in order: '200', another status, or why none came within 1 s. */
  answers: string[];
  /** How long each answer took, in ms. */
  times: number[];
}

/**
 * Asks /healthz until `work` settles, `gapMs` apart, and at least once: what the process tests of
 * issues 35 and 41 watch while an attack runs. The caller judges the answers, after the work.
 */
export async function healthWhile<T>(port: number, work: Promise<T>, gapMs = 100): Promise<HealthWhile<T>> {
  let settled = false;
  const watched = work.finally(() => (settled = true));
  // The work's own rejection is the caller's, from the await below: not an unhandled one meanwhile.
  watched.catch(() => {});
  const answers: string[] = [];
  const times: number[] = [];
  do {
    const started = performance.now();
    answers.push(await healthOnce(port));
    times.push(performance.now() - started);
    if (!settled) await new Promise((r) => setTimeout(r, gapMs));
  } while (!settled);
  return { result: await watched, answers, times };
}
