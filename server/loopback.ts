/**
 * A host as the network will read it: lower-case, without IPv6 brackets, without trailing dots (the
 * DNS root: `localhost.` and `127.0.0.1..` are the same hosts, issue 41), and an IPv4 address in
 * its dotted form however it was written (`2130706433`, `0x7f.1`). The one rule every check of "is
 * this loopback or private" starts from.
 */
export function canonicalHost(host: string): string {
  let h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '');
  if (h && !h.includes(':')) {
    try {
      h = new URL(`http://${h}/`).hostname.replace(/\.+$/, '');
    } catch {
      // Not a host a URL can carry: judged as written.
    }
  }
  return h;
}

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and localhost: only this machine can reach the server. */
export function isLoopbackHost(host: string): boolean {
  const h = canonicalHost(host);
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  const octets = v4.split('.');
  return (
    octets.length === 4 && octets[0] === '127' && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)
  );
}
