/*
 * Chromium before whatwg/html#10327 (and other browsers still) remember a failed dynamic import of
 * a URL for the life of the document: importing it again fails at once, without a request. A retry
 * therefore asks for the chunk the error named under a fresh query string. The CSP's
 * script-src 'self' allows it, and the build's chunks import one another by relative URLs, so the
 * fresh copy's imports resolve to the chunks already loaded: nothing shared runs twice.
 */

/** The chunk a failed dynamic import names ("Failed to fetch dynamically imported module: <url>"). */
export function failedChunkUrl(error: unknown): string | undefined {
  return error instanceof Error ? /https?:\/\/\S+?\.js/.exec(error.message)?.[0] : undefined;
}

export function importAfresh(url: string): Promise<unknown> {
  return import(/* @vite-ignore */ `${url}?retry=${Date.now()}`);
}

/**
 * `load` (one dynamic import) made retryable: after a failure the next call imports the chunk the
 * error named afresh. Every caller shares the module once it has come.
 */
export function retryableImport<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | undefined;
  let url: string | undefined;
  return () =>
    (loading ??= (url ? (importAfresh(url) as Promise<M>) : load()).catch((error: unknown) => {
      loading = undefined;
      url = failedChunkUrl(error) ?? url;
      throw error;
    }));
}
