import path from 'node:path';
import type { AppContext } from '../../../context';
import { RenderInputError } from '../../../media/render-inputs';
import { removeQuietly } from '../../assets/asset-files';
import { downloadTo, SourceRefusedError, SourceUnreachableError } from '../../assets/asset-source';
import { guardedFetch } from '../../outbound/url-guard';
import { InputUnavailableError } from './input-sources';

/**
 * A reference must be fetched within this much real time. ffmpeg used to read references itself
 * with a 60 s budget per step; a whole-file download gets twice that before the task gives up.
 */
export const REFERENCE_DEADLINE_MS = 120_000;

const SAFE_EXT = /^\.[a-z0-9]{1,5}$/i;

export interface LocalReferences {
  /** The local path ffmpeg reads for `source` (a path already local is returned as it is). */
  local(source: string): string;
  /** How `source` is named in messages: the URL without its query (it may hold a token). */
  shownAs(source: string): string;
  /** Removes every downloaded file; the runner's start-up sweep of DATA_DIR/tmp/tasks covers a crash. */
  cleanup(): Promise<void>;
}

function isRemote(source: string): boolean {
  return /^https?:/i.test(source);
}

function withoutQuery(source: string): string {
  try {
    const u = new URL(source);
    return `${u.origin}${u.pathname}`;
  } catch {
    return 'the URL';
  }
}

function extensionOf(source: string): string {
  try {
    const ext = path.posix.extname(new URL(source).pathname);
    return SAFE_EXT.test(ext) ? ext.toLowerCase() : '.bin';
  } catch {
    return '.bin';
  }
}

/**
 * Downloads every http(s) source of a task through the URL guard into temporary files (each
 * distinct URL once, bounded by MAX_UPLOAD_BYTES and REFERENCE_DEADLINE_MS), so that ffmpeg is
 * given local paths only and never opens the network itself (decision 098). A source the
 * guard refuses throws InputUnavailableError; one that cannot be fetched throws RenderInputError
 * naming it. Files already fetched are removed before either is thrown.
 */
export async function fetchReferences(
  ctx: AppContext,
  /** Each source with how a failure names it, e.g. `The avatar image`. */
  sources: Array<{ source?: string; what: string }>,
  tools: { tempFile(ext: string): string; signal: AbortSignal },
): Promise<LocalReferences> {
  const fetched = new Map<string, string>();
  const cleanup = async () => {
    await Promise.all([...fetched.values()].map((file) => removeQuietly(file)));
  };
  const doFetch = guardedFetch(ctx.config, ctx.urlGuard);
  try {
    for (const { source, what } of sources) {
      if (!source || !isRemote(source) || fetched.has(source)) continue;
      const file = tools.tempFile(extensionOf(source));
      fetched.set(source, file);
      try {
        await downloadTo(source, file, {
          maxBytes: ctx.config.maxUploadBytes,
          signal: tools.signal,
          deadlineMs: REFERENCE_DEADLINE_MS,
          fetch: doFetch,
        });
      } catch (err) {
        if (err instanceof SourceRefusedError) throw new InputUnavailableError(err.message);
        if (err instanceof SourceUnreachableError)
          throw new RenderInputError(`${what} ${withoutQuery(source)} could not be fetched (${err.message})`);
        throw err;
      }
    }
  } catch (err) {
    await cleanup();
    throw err;
  }
  return {
    local: (source) => fetched.get(source) ?? source,
    shownAs: (source) => (isRemote(source) ? withoutQuery(source) : path.basename(source)),
    cleanup,
  };
}
