/**
 * What ffmpeg and ffprobe say about an input names things a caller must not learn: the server's
 * paths, what a playlist inside the file tried to open (`[hls @ 0x…] URL file:///etc/passwd …`),
 * and so whether a file exists here (issue 41). A message is shown only when it holds none of that.
 */
const INTERNALS = [
  /\[[\w.,:-]+ @ (0x)?[0-9a-f]+\]/i, // a component's log prefix ([hls @ 0x…], [mov,mp4,… @ 0x…])
  /\b[a-z][a-z0-9+.-]*:\/\//i, // any URL (file://, http://…)
  /(^|[\s('"=])\/[^\s/]+\//, // an absolute path
  /\b[A-Za-z]:\\/, // a Windows path
];

export function carriesInternals(text: string): boolean {
  return INTERNALS.some((re) => re.test(text));
}

/** `text` when it is safe to show, else `instead` (log `text` yourself, with the request or task id). */
export function shownFfmpegText(text: string, instead: string): string {
  return carriesInternals(text) ? instead : text;
}
