/**
 * The hand-over of requests the early script (src/early.ts) started before the app had loaded
 * (decision 245). The two are separate bundles, so they meet on one window property: the early
 * script offers a response by URL and Authorization header, the API client takes it when it is
 * about to send exactly that request, once. The key stays inside the closure (never on the
 * property, in storage or in a URL). Once the first open's own requests have been made, main.tsx
 * closes the hand-over: an answer nobody took is dropped, never served later as a stale one.
 */

import { authorization } from '@/api/build-url';

interface EarlyRequests {
  take(url: string, authorization: string): Promise<Response> | undefined;
  close(): void;
}

const PROPERTY = '__mediaStudioEarlyRequests';

type WithEarly = { [PROPERTY]?: EarlyRequests };

/** A request's identity: its absolute URL (a same-origin base URL may be '' or the origin itself). */
function absolute(url: string): string {
  return new URL(url, window.location.href).href;
}

/**
 * Early script: opens the hand-over; returns how to send a GET (with the API client's headers and
 * credentials, so that the server answers as it would the client) and offer its answer. The app
 * is handed a copy, so the early script may read the answer too (the key /bootstrap offers).
 */
export function openEarlyRequests(): (url: string, apiKey: string) => Promise<Response> {
  const offered = new Map<string, { authorization: string; response: Promise<Response> }>();
  (window as WithEarly)[PROPERTY] = {
    take(url, authorization) {
      const key = absolute(url);
      const entry = offered.get(key);
      if (!entry || entry.authorization !== authorization) return undefined;
      offered.delete(key);
      return entry.response;
    },
    close() {
      offered.clear();
      delete (window as WithEarly)[PROPERTY];
    },
  };
  return (url, apiKey) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (apiKey) headers.Authorization = authorization(apiKey);
    const response = fetch(url, { headers, credentials: 'same-origin' });
    const copy = response.then((r) => r.clone());
    // Settled by whoever takes or reads it; untaken, a failure must not surface as unhandled.
    response.catch(() => undefined);
    copy.catch(() => undefined);
    offered.set(absolute(url), { authorization: headers.Authorization ?? '', response: copy });
    return response;
  };
}

/** The API client: the early answer of this very request (URL and key), if there is one. */
export function takeEarlyRequest(url: string, authorization: string): Promise<Response> | undefined {
  return (window as WithEarly)[PROPERTY]?.take(url, authorization);
}

/** main.tsx, once the first open's requests have been made: what was not taken is dropped. */
export function closeEarlyRequests(): void {
  (window as WithEarly)[PROPERTY]?.close();
}
