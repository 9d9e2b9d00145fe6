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
