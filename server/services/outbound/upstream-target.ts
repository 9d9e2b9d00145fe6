/*
 * The URL the proxy fetches upstream, built and then checked as the URL object fetch() will use
 * (decision 280). A path segment is forwarded only when no level of percent-decoding turns it into
 * a separator (`/`, `\`), a dot segment or a `;` path parameter: an upstream (or anything between)
 * that decodes once more must still see the path this proxy meant to serve. `;` because servlet-style
 * servers drop everything from it to the end of the segment, so `..;` is `..` to them (issue 41).
 */

/** How many nested percent-encodings a segment may carry; one still changing after this is refused. */
const MAX_DECODINGS = 4;

/** `text` percent-decoded until it stops changing (at most MAX_DECODINGS times); bad escapes stay. */
export function fullyDecoded(text: string): string {
  let s = text;
  for (let i = 0; i < MAX_DECODINGS; i++) {
    let next: string;
    try {
      next = decodeURIComponent(s);
    } catch {
      return s;
    }
    if (next === s) return s;
    s = next;
  }
  return s;
}

/** Control bytes (NUL, CR, LF…) have no place in a file or API path. */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Whether no decoding of the raw segment is `.`, `..`, or holds a separator, `;` or control byte. */
function harmlessSegment(raw: string): boolean {
  let s = raw;
  for (let i = 0; i <= MAX_DECODINGS; i++) {
    if (s === '.' || s === '..' || /[\\/;]/.test(s) || hasControl(s)) return false;
    let next: string;
    try {
      next = decodeURIComponent(s);
    } catch {
      return false;
    }
    if (next === s) return true;
    s = next;
  }
  return false;
}

/**
 * `<base><rawPath><search>` as a URL, only when it lies under one of `served` (paths on the
 * upstream, e.g. `/v1`, `/files`) and nothing in it can be normalised elsewhere; else undefined.
 * `rawPath` is the still-encoded path (it starts with `/`).
 */
export function upstreamTarget(
  base: URL,
  served: readonly string[],
  rawPath: string,
  search = '',
): URL | undefined {
  if (!rawPath.startsWith('/')) return undefined;
  const basePath = base.pathname.replace(/\/+$/, '');
  const wanted = `${basePath}${rawPath}`;
  let url: URL;
  try {
    url = new URL(`${wanted}${search}`, base.origin);
  } catch {
    return undefined;
  }
  // The object fetch() will use: same origin, and no normalisation changed the path it carries.
  if (url.origin !== base.origin || url.pathname !== wanted) return undefined;
  const forwarded = url.pathname.slice(basePath.length).split('/');
  if (!forwarded.every((segment) => segment === '' || harmlessSegment(segment))) return undefined;
  const under = served.some((p) => {
    const prefix = `${basePath}${p}`;
    return url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
  });
  return under ? url : undefined;
}
