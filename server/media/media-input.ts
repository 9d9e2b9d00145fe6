import fs from 'node:fs/promises';

/**
 * The demuxers user media is opened with (decision 353): single-file containers of the audio,
 * video and image types this service takes. No playlist or script format (hls, concat/ffconcat,
 * dash, imf, vobsub, lavfi...) is on it: those open files their text names, so an "mp4" that is
 * really a playlist could make ffmpeg read any local file. ffmpeg's probing ignores the list and
 * then refuses the format it picked, so a playlist fails instead of being followed.
 *
 * `image2` is on it only because ffmpeg picks it, by the file's extension, for a JPEG larger than
 * its first probe: it could read a numbered or globbed sequence, so a path with pattern characters
 * is refused (patternProblem) and ffprobe is given `-pattern_type none`.
 */
export const USER_MEDIA_FORMATS = [
  'mov',
  'matroska',
  'avi',
  'asf',
  'mpegts',
  'mpeg',
  'mp3',
  'aac',
  'wav',
  'aiff',
  'flac',
  'ogg',
  'gif',
  'apng',
  'png_pipe',
  'jpeg_pipe',
  'webp_pipe',
  'bmp_pipe',
  'tiff_pipe',
  'image2',
] as const;

/**
 * Options before the `-i` (or the input of ffprobe) of user media: the demuxers above, and the
 * file protocol only, so nothing inside the file reaches another protocol (decision 098).
 * `extraFormat` is a format the server itself forced with `-f` for its own input (a lavfi graph,
 * raw PCM, a concat list it wrote); the files a concat list names still open with the list above.
 */
export function userMediaArgs(extraFormat?: string): string[] {
  const formats = extraFormat ? [extraFormat, ...USER_MEDIA_FORMATS] : USER_MEDIA_FORMATS;
  return ['-format_whitelist', formats.join(','), '-protocol_whitelist', extraFormat ? 'file,pipe' : 'file'];
}

/** Characters image2 reads as a sequence (`%d`) or a glob (`*?[]{}`, the 2018 build's default). */
const PATTERN = /[%*?[\]{}]/;

/** Why `file` must not reach ffmpeg as user media, or undefined. */
export function patternProblem(file: string): string | undefined {
  return PATTERN.test(file)
    ? 'ffmpeg is given media paths without % * ? [ ] { } (they would name a sequence of files)'
    : undefined;
}

/** What a text that is no media container looks like, from its first bytes. */
export function playlistKind(head: string): string | undefined {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (/^#EXTM3U/i.test(text) || /^#EXT-X-/im.test(text)) return 'an HLS (m3u8) playlist';
  if (/^ffconcat\s+version/i.test(text)) return 'an ffconcat script';
  if (/^file\s+\S/im.test(text)) return 'a concat list';
  if (/^\[playlist\]/i.test(text)) return 'a PLS playlist';
  if (/<MPD[\s>]/.test(text)) return 'a DASH manifest';
  if (/<(smil|asx|playlist|CompositionPlaylist)[\s>]/i.test(text)) return 'an XML playlist';
  return undefined;
}

/** The format ffmpeg recognised and the allow-list refused (`[hls @ 0x…] Format not on whitelist`). */
export function refusedFormat(stderr: string): string | undefined {
  return /\[([a-z0-9_]+)[^\]]*@ 0x[0-9a-f]+\] Format not on whitelist/i.exec(stderr)?.[1];
}

/**
 * The reason a user's file is not read as media, when it is a playlist or a refused format:
 * e.g. `not a supported media container: it looks like an HLS (m3u8) playlist, which names other
 * files`. Undefined when neither applies (the caller keeps ffmpeg's own complaint).
 */
export async function unsupportedContainer(
  file: string | undefined,
  stderr: string,
): Promise<string | undefined> {
  let head = '';
  if (file) {
    const handle = await fs.open(file, 'r').catch(() => undefined);
    if (handle) {
      try {
        const buf = Buffer.alloc(4096);
        const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
        head = buf.subarray(0, bytesRead).toString('latin1');
      } finally {
        await handle.close();
      }
    }
  }
  const kind = playlistKind(head);
  if (kind) return `not a supported media container: it looks like ${kind}, which names other files`;
  const format = refusedFormat(stderr);
  if (format)
    return `not a supported media container: it is in the ${format} format, which this service does not read`;
  return undefined;
}
