import { parseAssetReference } from './asset';
import { isRecord } from './is-record';
import { quoted } from './quoted';

/**
 * The pure rules of a video request (specification, POST /v1/videos), free of full zod so that the
 * dashboard can run them before submit (decision 001: the browser loads zod/mini only). The
 * server's request schema in video.ts builds on them.
 */

export const REFERENCE_ROLES = ['first_frame', 'reference_image', 'reference_video'] as const;
export type ReferenceRole = (typeof REFERENCE_ROLES)[number];

/** A word after `@`: not preceded by a letter or digit, so `a@b.com` is not a mention of `b`. */
const MENTION = /(?<![\p{L}\p{N}_])@([\p{L}\p{N}_-]{1,64})/gu;
const WORD_CHAR = /[\p{L}\p{N}_-]/u;

/**
 * Every distinct `@alias` mentioned in a prompt, in order of first mention. An alias is any text
 * (the specification gives it no format: `hero.shot`, `my hero`), so a mention of a defined alias
 * is found by its text, longest alias first, ending where a word would end; any other `@word` is
 * returned as the word, for the caller to tell apart from the defined ones.
 */
export function extractAliases(prompt: string | null | undefined, defined: Iterable<string> = []): string[] {
  if (!prompt) return [];
  const aliases = [...new Set(defined)].filter((a) => a !== '').sort((a, b) => b.length - a.length);
  const seen = new Set<string>();
  for (const m of prompt.matchAll(MENTION)) {
    const at = m.index + 1;
    const alias = aliases.find(
      (a) => prompt.startsWith(a, at) && !WORD_CHAR.test(prompt.charAt(at + a.length)),
    );
    seen.add(alias ?? m[1]!);
  }
  return [...seen];
}

/** The content[] entry types this server reads; video and audio type names are LOCAL_API's. */
export const KNOWN_CONTENT_TYPES = ['text', 'image_url', 'video_url', 'audio_url'] as const;

/**
 * A content[] entry (specification, POST /v1/videos). Another deployment's entry types are
 * accepted and carried as they are (the specification does not show the video and audio names).
 */
export type ContentEntry =
  | { type: 'text'; text: string }
  | { type: 'image_url'; role?: string; image_url: { url: string } }
  | { type: 'video_url'; role?: string; video_url: { url: string } }
  | { type: 'audio_url'; role?: string; audio_url: { url: string } }
  | { type: string; role?: string; [field: string]: unknown };

/** The prompt, or the text entries of content[] when there is no prompt. */
export function promptText(body: { prompt?: string; content?: ContentEntry[] }): string {
  if (body.prompt) return body.prompt;
  return (body.content ?? [])
    .flatMap((c) => {
      const text = (c as Record<string, unknown>).text;
      return c.type === 'text' && typeof text === 'string' ? [text] : [];
    })
    .join('\n');
}

export type MediaKind = 'image' | 'video' | 'audio';

/** One media input of a video request, wherever in the body it came from. */
export interface MediaInput {
  source: string;
  /** Field path (error `param`) of the URL and of what sets the role, e.g. `references[2].url`. */
  urlParam: string;
  roleParam: string;
  url: string;
  kind: MediaKind;
  role?: string;
  alias?: string;
  assetId?: string;
}

type VideoBodyLike = {
  image_url?: string;
  input_reference_role?: string;
  video_url?: string;
  reference_video_url?: string;
  first_frame_url?: string;
  references?: { media_type?: string; role?: string; url: string; alias?: string }[];
  content?: ContentEntry[];
  videos?: unknown;
};

function roleKind(role: string | undefined, mediaType: string | undefined): MediaKind {
  if (mediaType === 'video' || mediaType === 'audio' || mediaType === 'image') return mediaType;
  return role === 'reference_video' ? 'video' : 'image';
}

const CONTENT_KINDS: Record<string, MediaKind | undefined> = {
  image_url: 'image',
  video_url: 'video',
  audio_url: 'audio',
};

/** All media a request passes explicitly (rule 1: nothing is ever loaded implicitly). */
export function collectMediaInputs(body: VideoBodyLike): MediaInput[] {
  const out: MediaInput[] = [];
  const add = (m: Omit<MediaInput, 'assetId' | 'urlParam' | 'roleParam'>) =>
    out.push({ ...m, ...paramsOf(m.source, m.kind), assetId: parseAssetReference(m.url) });
  if (body.image_url)
    add({
      source: 'image_url',
      url: body.image_url,
      kind: 'image',
      role: body.input_reference_role ?? 'reference_image',
    });
  if (body.first_frame_url)
    add({ source: 'first_frame_url', url: body.first_frame_url, kind: 'image', role: 'first_frame' });
  if (body.video_url)
    add({ source: 'video_url', url: body.video_url, kind: 'video', role: 'reference_video' });
  if (body.reference_video_url)
    add({
      source: 'reference_video_url',
      url: body.reference_video_url,
      kind: 'video',
      role: 'reference_video',
    });
  body.references?.forEach((r, i) =>
    add({
      source: `references[${i}]`,
      url: r.url,
      kind: roleKind(r.role, r.media_type),
      role: r.role,
      alias: r.alias,
    }),
  );
  if (Array.isArray(body.videos)) {
    body.videos.forEach((v, i) => {
      const url = typeof v === 'string' ? v : isRecord(v) && typeof v.url === 'string' ? v.url : undefined;
      if (url) add({ source: `videos[${i}]`, url, kind: 'video', role: 'reference_video' });
    });
  }
  body.content?.forEach((c, i) => {
    const kind = CONTENT_KINDS[c.type];
    if (!kind) return;
    const entry = c as Record<string, unknown>;
    const holder = entry[c.type];
    const url = isRecord(holder) ? holder.url : undefined;
    const role = typeof entry.role === 'string' ? entry.role : undefined;
    if (typeof url === 'string') add({ source: `content[${i}]`, url, kind, role });
  });
  return out;
}

/** Which field of the body holds an input's URL and which one gives it its role. */
function paramsOf(source: string, kind: MediaKind): { urlParam: string; roleParam: string } {
  if (source.startsWith('references[')) return { urlParam: `${source}.url`, roleParam: `${source}.role` };
  if (source.startsWith('content['))
    return { urlParam: `${source}.${kind}_url.url`, roleParam: `${source}.role` };
  if (source.startsWith('videos[')) return { urlParam: source, roleParam: source };
  if (source === 'image_url') return { urlParam: source, roleParam: 'input_reference_role' };
  return { urlParam: source, roleParam: source };
}

/**
 * Billing rule 3: a request has video input when it has `video_url`, `reference_video_url`,
 * `videos[]`, a `references[]` item with `media_type=video` or `role=reference_video`, or an
 * `Asset://` video reference. `assetTypeOf` tells the type of a referenced asset when known.
 * Image-only input does not count. Never throws on odd input.
 */
export function hasVideoInput(
  request: unknown,
  assetTypeOf?: (assetId: string) => string | undefined,
): boolean {
  if (typeof request !== 'object' || request === null) return false;
  const r = request as Record<string, unknown>;
  const present = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  if (present(r.video_url) || present(r.reference_video_url)) return true;
  if (Array.isArray(r.videos) && r.videos.length > 0) return true;
  if (Array.isArray(r.references)) {
    for (const ref of r.references) {
      if (typeof ref !== 'object' || ref === null) continue;
      const x = ref as Record<string, unknown>;
      if (x.media_type === 'video' || x.role === 'reference_video') return true;
    }
  }
  if (Array.isArray(r.content)) {
    for (const c of r.content) {
      if (
        typeof c === 'object' &&
        c !== null &&
        ((c as Record<string, unknown>).type === 'video_url' ||
          (c as Record<string, unknown>).role === 'reference_video')
      )
        return true;
    }
  }
  if (assetTypeOf) {
    for (const url of allUrlStrings(r)) {
      const id = parseAssetReference(url);
      if (id && assetTypeOf(id) === 'video') return true;
    }
  }
  return false;
}

function allUrlStrings(r: Record<string, unknown>): string[] {
  const urls: string[] = [];
  for (const k of ['image_url', 'video_url', 'reference_video_url', 'first_frame_url']) {
    if (typeof r[k] === 'string') urls.push(r[k] as string);
  }
  if (Array.isArray(r.references)) {
    for (const ref of r.references) {
      if (typeof ref === 'object' && ref !== null && typeof (ref as Record<string, unknown>).url === 'string')
        urls.push((ref as Record<string, unknown>).url as string);
    }
  }
  if (Array.isArray(r.content)) {
    for (const c of r.content) {
      if (typeof c !== 'object' || c === null) continue;
      for (const v of Object.values(c as Record<string, unknown>)) {
        if (typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>).url === 'string')
          urls.push((v as Record<string, unknown>).url as string);
      }
    }
  }
  return urls;
}

/** `generate_audio` wins over the `generateAudio` alias; audio is on when both are omitted. */
export function effectiveGenerateAudio(body: { generate_audio?: boolean; generateAudio?: boolean }): boolean {
  return body.generate_audio ?? body.generateAudio ?? true;
}

/** `ratio` wins over `aspect_ratio`; 16:9 when both are omitted. */
export function effectiveRatio(body: { ratio?: string; aspect_ratio?: string }): string {
  return body.ratio ?? body.aspect_ratio ?? '16:9';
}

/**
 * The roles each media kind is named with (specification, content[] entries: images `first_frame`
 * or `reference_image`, videos `reference_video`). Audio "should carry role" but no audio role is
 * named, so an audio takes any role but the image and video ones; `reference_audio` is only the
 * suggestion (LOCAL_API.md, Video tasks).
 */
export const ROLES_BY_KIND: Record<MediaKind, readonly string[]> = {
  image: ['first_frame', 'reference_image'],
  video: ['reference_video'],
  audio: ['reference_audio'],
};

/** Whether a role is one of those the specification names for some kind of media. */
function isKnownRole(role: string): boolean {
  return Object.values(ROLES_BY_KIND).some((roles) => roles.includes(role));
}

/** Whether a media input of this kind may take this role (a video is never a `first_frame`). */
export function roleFitsKind(role: string | undefined, kind: MediaKind): boolean {
  if (role === undefined || role.trim() === '') return false;
  if (kind === 'audio') return role === 'reference_audio' || !isKnownRole(role);
  return ROLES_BY_KIND[kind].includes(role);
}

/** The roles a kind takes, as a message says it ("first_frame or reference_image"). */
export function rolesAllowedText(kind: MediaKind): string {
  if (kind === 'audio')
    return 'any role but first_frame, reference_image and reference_video (e.g. reference_audio)';
  return ROLES_BY_KIND[kind].join(' or ');
}

/** The kind of media a role needs, for messages and for checking an asset's type against it. */
export function kindForRole(role: string): MediaKind | undefined {
  return (Object.keys(ROLES_BY_KIND) as MediaKind[]).find((k) => ROLES_BY_KIND[k].includes(role));
}

/**
 * Media a request may name: an absolute http(s) URL, an `Asset://<asset_id>` reference, or a
 * `/files/...` path of the server it is sent to (a stored copy). `data:`, `file:`, `ftp:` and bare
 * words are refused: the service fetches media itself and can read none of them.
 */
export function isAcceptedMediaUrl(url: string): boolean {
  const text = url.trim();
  if (parseAssetReference(text)) return true;
  if (/^\/files\/[^/]/.test(text)) return true;
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const parsed = new URL(text);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** One refusal of a pure media rule: `param` is the field to fix, `path` the same as zod path parts. */
export interface MediaProblem {
  param: string;
  path: (string | number)[];
  message: string;
}

function paramPath(param: string): (string | number)[] {
  return param
    .split(/\.|\[(\d+)\]/)
    .filter((p) => p !== undefined && p !== '')
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

const article = (kind: MediaKind) => (kind === 'image' ? 'an image' : `a ${kind}`);

function problem(param: string, message: string): MediaProblem {
  return { param, path: paramPath(param), message };
}

/**
 * Rules over the media inputs that need no database, for the server and the composer alike: each
 * URL is http(s), `Asset://` or `/files/...`; each role fits its media kind (references[] and
 * content[] name their role; an image_url's role is input_reference_role). Two first frames are
 * not refused (the specification limits neither): the first listed is the first frame, and
 * `extraFirstFrames` names the others. Entries without a role are left to the schema's own
 * "needs a role" rule.
 */
export function mediaInputProblems(body: Parameters<typeof collectMediaInputs>[0]): MediaProblem[] {
  const problems: MediaProblem[] = [];
  for (const input of collectMediaInputs(body)) {
    // A blank URL is the schema's own "must be a URL" refusal; reporting it twice helps no one.
    if (input.url.trim() !== '' && !isAcceptedMediaUrl(input.url)) {
      problems.push(
        problem(
          input.urlParam,
          `${input.urlParam} must be an http(s) URL, an Asset://<asset_id> reference or a /files/... URL of this server, got ${quoted(input.url)}`,
        ),
      );
    }
    // input_reference_role is an "e.g." list: a role this server does not know is accepted there
    // (rendered as a reference image); a named role on the wrong media is refused everywhere.
    const openRole = input.roleParam === 'input_reference_role' && input.role && !isKnownRole(input.role);
    if (input.role !== undefined && input.role !== '' && !openRole && !roleFitsKind(input.role, input.kind)) {
      problems.push(
        problem(
          input.roleParam,
          `${input.roleParam}: ${article(input.kind)} cannot have role ${quoted(input.role)}; ${article(input.kind)} takes ${rolesAllowedText(input.kind)}`,
        ),
      );
    }
  }
  return problems;
}

/** The inputs with role `first_frame` after the first one: shown as reference images, not as the first frame. */
export function extraFirstFrames<T extends { role?: string; kind: MediaKind }>(inputs: readonly T[]): T[] {
  const frames = inputs.filter((i) => i.role === 'first_frame' && i.kind === 'image');
  return frames.slice(1);
}
