/** The browser could not read the frame: the media's host does not allow it (CORS) or it does not load. */
export class FrameCaptureError extends Error {
  override name = 'FrameCaptureError';
}

const LOAD_TIMEOUT_MS = 30_000;

function once(target: HTMLVideoElement, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new FrameCaptureError('timeout')), LOAD_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      target.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      clearTimeout(timer);
      reject(new FrameCaptureError('unreadable'));
    };
    target.addEventListener(event, done, { once: true });
    target.addEventListener('error', failed, { once: true });
  });
}

/**
 * Direct mode (no local server): the last frame drawn on a canvas. Only media served with CORS can
 * be read back from a canvas (a tainted canvas throws SecurityError); then FrameCaptureError says
 * so and the page offers an upload instead.
 */
export async function captureLastFrame(url: string, at?: number): Promise<Blob> {
  const video = document.createElement('video');
  video.crossOrigin = 'anonymous';
  video.muted = true;
  video.preload = 'auto';
  video.src = url;
  try {
    await once(video, 'loadedmetadata');
    const seeked = once(video, 'seeked');
    // A hair before the end: seeking to the very end shows nothing in some browsers.
    const end = Math.max(0, video.duration - 0.04);
    video.currentTime = at === undefined ? end : Math.min(end, Math.max(0, at));
    await seeked;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')!.drawImage(video, 0, 0);
    return await new Promise<Blob>((resolve, reject) => {
      try {
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new FrameCaptureError('unreadable'))),
          'image/png',
        );
      } catch {
        reject(new FrameCaptureError('cors'));
      }
    });
  } finally {
    video.removeAttribute('src');
    video.load();
  }
}
