import type http from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from './logger';
import { trustedPeers } from './middleware/host-guard';

/**
 * Refuses a connection from an address that already holds `max` open ones: the 429 envelope
 * `text` is written and the socket closed at once, so a refused connection never holds a
 * descriptor. TRUST_PROXY peers are not capped: a reverse proxy carries every client's
 * connections, and who the client is cannot be known before a request arrives (cap them at the
 * proxy).
 */
export function capConnectionsPerAddress(
  server: http.Server,
  opts: { max: number; trustProxy: readonly string[]; log: Logger; refusal: () => string },
): void {
  const open = new Map<string, number>();
  const trusted = trustedPeers(opts.trustProxy);
  let lastLogged = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= opts.max) {
      // The answer is best effort: a client that has not sent its request yet still reads it.
      socket.end(opts.refusal());
      socket.destroy();
      // One line a second at most: the refusals of a flood must not flood the log.
      if (Date.now() - lastLogged > 1_000) {
        lastLogged = Date.now();
        opts.log.warn('connection refused: too many open from one address', {
          address,
          open: count,
          max: opts.max,
        });
      }
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
