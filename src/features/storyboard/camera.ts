/**
 * Camera moves per shot (issue 42). The API has no camera field (the video request is a prompt,
 * references and settings), so the move is written into the prompt in plain words, after what the
 * person typed: the request preview shows exactly what is sent.
 */
export const CAMERA_MOVES = [
  'none',
  'static',
  'pan-left',
  'pan-right',
  'tilt-up',
  'dolly-in',
  'dolly-out',
  'orbit',
  'tracking',
  'crane-up',
  'handheld',
] as const;

export type CameraMove = (typeof CAMERA_MOVES)[number];

/** The words each move adds to the prompt: English, as video models read prompts best in it. */
const PHRASES: Record<Exclude<CameraMove, 'none'>, string> = {
  static: 'Static camera, locked-off shot.',
  'pan-left': 'The camera pans slowly to the left.',
  'pan-right': 'The camera pans slowly to the right.',
  'tilt-up': 'The camera tilts up slowly.',
  'dolly-in': 'The camera dollies in slowly toward the subject.',
  'dolly-out': 'The camera dollies out slowly, revealing the scene.',
  orbit: 'The camera orbits around the subject.',
  tracking: 'The camera tracks alongside the subject.',
  'crane-up': 'The camera cranes up and rises above the scene.',
  handheld: 'Handheld camera, slight natural shake.',
};

export function isCameraMove(value: unknown): value is CameraMove {
  return typeof value === 'string' && (CAMERA_MOVES as readonly string[]).includes(value);
}

/** The prompt as sent: the typed text, then the move's sentence (once, even if typed already). */
export function promptWithCamera(prompt: string, move: CameraMove | undefined): string {
  if (!move || move === 'none') return prompt;
  const phrase = PHRASES[move];
  const typed = prompt.trim();
  if (typed.includes(phrase)) return prompt;
  return typed ? `${typed} ${phrase}` : phrase;
}

/** The moves as a Chinese script names them. */
const ZH: Record<string, CameraMove> = {
  固定: 'static',
  向左摇: 'pan-left',
  向右摇: 'pan-right',
  摇镜: 'pan-right',
  向上摇: 'tilt-up',
  推镜: 'dolly-in',
  推: 'dolly-in',
  拉镜: 'dolly-out',
  拉: 'dolly-out',
  环绕: 'orbit',
  跟拍: 'tracking',
  升镜: 'crane-up',
  手持: 'handheld',
};

/** A move named loosely (a drafted script's "dolly in", "Pan left") as one of ours, or undefined. */
export function cameraFromWords(words: unknown): CameraMove | undefined {
  if (typeof words !== 'string') return undefined;
  const key = words
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  if (isCameraMove(key)) return key;
  if (ZH[words.trim()]) return ZH[words.trim()];
  if (key === 'pan') return 'pan-right';
  if (key === 'push-in' || key === 'zoom-in') return 'dolly-in';
  if (key === 'pull-out' || key === 'zoom-out') return 'dolly-out';
  if (key === 'hand-held') return 'handheld';
  return undefined;
}
