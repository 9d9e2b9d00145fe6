import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { apiRequest } from '@/api/api-client';

/**
 * The text family (chat completions, responses, messages, embeddings, speech, transcription) as the
 * playground calls it, all through `apiRequest`. Three kinds of answer are read here from the
 * unread response it hands back: a server-sent event stream read as it arrives, binary audio
 * (speech), and plain-text transcripts (`text`, `srt`, `vtt`).
 */

export const TEXT_PATHS = {
  chat: '/v1/chat/completions',
  responses: '/v1/responses',
  messages: '/v1/messages',
  compact: '/v1/responses/compact',
  embeddings: '/v1/embeddings',
  speech: '/v1/audio/speech',
  transcriptions: '/v1/audio/transcriptions',
  translations: '/v1/audio/translations',
} as const;

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The request was aborted.', 'AbortError');
}

/**
 * POST with the saved connection through the API client, the answer's body left unread; rejects
 * with ApiRequestError on a status >= 400 as every other call does.
 */
async function send(
  path: string,
  body: { json: unknown } | { formData: FormData },
  accept: string,
  signal?: AbortSignal,
) {
  let requestId: string | undefined;
  const response = await apiRequest<Response>(path, {
    method: 'POST',
    ...body,
    headers: { Accept: accept },
    signal,
    responseType: 'response',
    onResponseIds: (ids) => {
      requestId = ids.requestId;
    },
  });
  return { response, requestId };
}

export interface SseMessage {
  /** The `event:` field; undefined for chat completions, which sends bare `data:` lines. */
  event: string | undefined;
  data: string;
}

export interface StreamOptions {
  signal?: AbortSignal;
  /** Called once per event, in order, as bytes arrive. */
  onMessage: (message: SseMessage) => void;
  /** Called once the response headers arrived (status 2xx). */
  onOpen?: (info: { requestId: string | undefined }) => void;
}

/**
 * POSTs a JSON body and reads the answer as server-sent events until the stream ends or the signal
 * aborts (aborting closes the connection, which stops the generation on the server). An error
 * status before the stream starts rejects with ApiRequestError like any other call.
 */
export async function streamEvents(path: string, json: unknown, options: StreamOptions): Promise<void> {
  const { response, requestId } = await send(path, { json }, 'text/event-stream', options.signal);
  options.onOpen?.({ requestId });
  const body = response.body;
  if (!body) return;
  await readSse(body, options.onMessage, options.signal);
}

/**
 * When bytes are already buffered, `reader.read()` resolves in a microtask, so a fast stream (the
 * local server's `/bench` sends 20,000 tokens in well under a second) would be parsed in one long
 * task and no frame could paint until it ends. After this much parsing the reader gives the browser
 * a turn: frames render while the stream is still arriving.
 */
const YIELD_AFTER_MS = 8;
const FEED_SLICE = 8192;

/**
 * Waits for the next frame to be rendered, then continues. A plain yield (`scheduler.yield`,
 * `setTimeout(0)`) lets the browser run other tasks but, measured in Chromium, several parsing
 * turns still ran back to back before each frame; waiting for the frame bounds parsing to about
 * YIELD_AFTER_MS per frame. Falls back to a timer where frames do not run (hidden tabs, tests).
 */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 50);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() => {
      clearTimeout(timer);
      setTimeout(resolve, 0);
    });
  });
}

/** Decodes an SSE byte stream (UTF-8 split anywhere, CRLF or LF, multi-line data) into messages. */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: SseMessage) => void,
  signal?: AbortSignal,
): Promise<void> {
  const parser = createParser({
    onEvent: (m: EventSourceMessage) => onMessage({ event: m.event, data: m.data }),
  });
  // One decoder across chunks: a multi-byte character split between two reads stays whole.
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let lastYield = performance.now();
  const onAbort = () => void reader.cancel(abortReason(signal)).catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) throw abortReason(signal);
      const { done, value } = await reader.read();
      if (done) break;
      // A fast server's chunks can hold thousands of events: feed them in slices, yielding between.
      const text = decoder.decode(value, { stream: true });
      for (let at = 0; at < text.length; at += FEED_SLICE) {
        parser.feed(text.slice(at, at + FEED_SLICE));
        if (performance.now() - lastYield > YIELD_AFTER_MS) {
          await yieldToBrowser();
          lastYield = performance.now();
          if (signal?.aborted) throw abortReason(signal);
        }
      }
    }
    parser.feed(decoder.decode());
    if (signal?.aborted) throw abortReason(signal);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** A JSON POST of the text family (non-streamed chat, embeddings, compact). */
export function postText<T = unknown>(path: string, json: unknown, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(path, { method: 'POST', json, signal });
}

export interface SpeechResult {
  blob: Blob;
  requestId: string | undefined;
}

/** POST /v1/audio/speech: the audio bytes, typed by the server's Content-Type. */
export async function createSpeech(json: unknown, signal?: AbortSignal): Promise<SpeechResult> {
  const { response, requestId } = await send(TEXT_PATHS.speech, { json }, 'audio/*', signal);
  return { blob: await response.blob(), requestId };
}

export interface TranscriptResult {
  /** The body as text: JSON for json/verbose_json, the transcript itself for text/srt/vtt. */
  text: string;
  /** Parsed JSON when the body was JSON. */
  json: unknown;
  contentType: string;
  requestId: string | undefined;
}

/** POST /v1/audio/transcriptions or /translations (multipart). */
export async function createTranscript(
  kind: 'transcriptions' | 'translations',
  form: FormData,
  signal?: AbortSignal,
): Promise<TranscriptResult> {
  const { response, requestId } = await send(TEXT_PATHS[kind], { formData: form }, '*/*', signal);
  const text = await response.text();
  const contentType = response.headers.get('Content-Type') ?? '';
  let json: unknown = undefined;
  if (contentType.includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { text, json, contentType, requestId };
}
