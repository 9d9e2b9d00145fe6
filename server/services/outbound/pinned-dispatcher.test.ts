import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnLoopback, type Listening } from '../../test/listen';
import { tempDir } from '../../test/test-media';
import { checkingLookup, type Resolve } from './pinned-dispatcher';
import { assertPublicUrl, BlockedUrlError, guardedFetch } from './url-guard';

const NETWORK = { host: '0.0.0.0', allowPrivateUrls: false };
const servers: Array<https.Server | Listening> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => ('port' in s ? s.close() : new Promise((r) => s.close(r)))));
});

/** A server on 127.0.0.1 that records the Host header of every request it receives. */
async function recordingServer(): Promise<{ port: number; hosts: string[] }> {
  const hosts: string[] = [];
  const server = await listenOnLoopback((req, res) => {
    hosts.push(req.headers.host ?? '');
    res.end('internal secret');
  });
  servers.push(server);
  return { port: server.port, hosts };
}

/** A resolver answering from `answers` in turn (the last one repeats), counting its questions. */
function scriptedResolver(...answers: string[]): Resolve & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const address = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  return Object.assign(resolve, { calls });
}

describe('pinned connections (decision 097)', () => {
  it('refuses a name whose answer turns private between the check and the connect (DNS rebinding)', async () => {
    const { port, hosts } = await recordingServer();
    const url = `http://rebind.test:${port}/latest/meta-data`;
    // First question (the check): a public address. Second (the connection): loopback.
    const resolve = scriptedResolver('93.184.216.34', '127.0.0.1');
    await expect(assertPublicUrl(url, { resolve })).resolves.toBeUndefined();
    const guarded = guardedFetch(NETWORK, { resolve });
    await expect(guarded(url)).rejects.toThrow(BlockedUrlError);
    await expect(guarded(url)).rejects.toThrow(
      new RegExp(`rebind\\.test:${port} resolves to 127\\.0\\.0\\.1.*ALLOW_PRIVATE_URLS=1`),
    );
    expect(hosts).toEqual([]);
  });

  it('connects to exactly the address it checked, with the URL host in the Host header', async () => {
    const { port, hosts } = await recordingServer();
    // 127.0.0.1 plays a public address; the system resolver does not know the name at all.
    const resolve = scriptedResolver('127.0.0.1');
    const guarded = guardedFetch(NETWORK, { resolve, isBlocked: (ip) => ip === '127.0.0.2' });
    const res = await guarded(`http://media.test:${port}/a.png`);
    expect(await res.text()).toBe('internal secret');
    expect(hosts).toEqual([`media.test:${port}`]);
    expect(resolve.calls).toEqual(['media.test']);
  });

  it('keeps TLS server name indication on the hostname while connecting to the pinned address', async () => {
    const dir = tempDir('pinned-tls-');
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
        ...['-keyout', key, '-out', cert, '-subj', '/CN=media.test'],
      ],
      { stdio: 'ignore' },
    );
    const names: string[] = [];
    const server = https.createServer({
      key: fs.readFileSync(key),
      cert: fs.readFileSync(cert),
      SNICallback: (name, cb) => {
        names.push(name);
        cb(null, undefined);
      },
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const guarded = guardedFetch(NETWORK, {
      resolve: scriptedResolver('127.0.0.1'),
      isBlocked: (ip) => ip === '127.0.0.2',
    });
    // The certificate is self-signed, so the request fails after the handshake has named the host.
    const err = await guarded(`https://media.test:${port}/x`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(BlockedUrlError);
    expect(names).toEqual(['media.test']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers both lookup forms net.connect uses, and refuses any forbidden address in an answer', async () => {
    const lookup = checkingLookup(
      async () => [
        { address: '203.0.113.7', family: 4 },
        { address: '2001:db8::7', family: 6 },
      ],
      () => false,
    );
    const all = await new Promise((resolve, reject) =>
      lookup('a.test', { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
    );
    expect(all).toEqual([
      { address: '203.0.113.7', family: 4 },
      { address: '2001:db8::7', family: 6 },
    ]);
    const one = await new Promise((resolve, reject) =>
      lookup('a.test', { family: 6 }, (err, address, family) =>
        err ? reject(err) : resolve([address, family]),
      ),
    );
    expect(one).toEqual(['2001:db8::7', 6]);
    const mixed = checkingLookup(scriptedResolver('203.0.113.7', '10.0.0.1'), (ip) => ip.startsWith('10.'));
    const twice = (): Promise<unknown> =>
      new Promise((resolve) => mixed('b.test', { all: true }, (err) => resolve(err)));
    expect(await twice()).toBeNull();
    expect(String(await twice())).toMatch(/b\.test resolves to 10\.0\.0\.1/);
  });

  it('is plain fetch on loopback and with ALLOW_PRIVATE_URLS=1', async () => {
    expect(guardedFetch({ host: '127.0.0.1', allowPrivateUrls: false })).toBe(fetch);
    expect(guardedFetch({ host: '0.0.0.0', allowPrivateUrls: true })).toBe(fetch);
    const { port } = await recordingServer();
    const res = await guardedFetch({ host: '0.0.0.0', allowPrivateUrls: true })(`http://127.0.0.1:${port}/`);
    expect(await res.text()).toBe('internal secret');
  });
});
