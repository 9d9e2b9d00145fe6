import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { READY_ASSET_FIELDS } from '@/test/asset-fixtures';
import { renderRoutes } from '@/test/render';
import { captureLastFrame, FrameCaptureError } from './canvas-frame';
import { newShot, type Storyboard } from './storyboard';
import { runAll } from './storyboard-runs';
import { fakeBoardStore, fakeWatch } from './runner-fakes';
import { StoryboardRunner, type RunnerDeps } from './storyboard-runner';
import { ShotStatus } from './shot-status';

// Direct mode takes the last frame in the browser (jsdom has no decoder: the video and canvas are
// stand-ins that behave as Chromium's do, including the tainted canvas of media served without CORS).

interface FakeVideo extends EventTarget {
  crossOrigin: string | null;
  muted: boolean;
  preload: string;
  src: string;
  duration: number;
  videoWidth: number;
  videoHeight: number;
  currentTime: number;
  removeAttribute(name: string): void;
  load(): void;
}

function stubMedia(opts: { tainted?: boolean; broken?: boolean } = {}) {
  const seekedTo: number[] = [];
  const drawn: unknown[] = [];
  const canvas = {
    width: 0,
    height: 0,
    getContext: () => ({ drawImage: (source: unknown) => drawn.push(source) }),
    toBlob(callback: (blob: Blob | null) => void, type: string) {
      // Chromium: a canvas that drew cross-origin media without CORS cannot be read back.
      if (opts.tainted) throw new DOMException('Tainted canvases may not be exported.', 'SecurityError');
      callback(new Blob(['png'], { type }));
    },
  };
  let video: FakeVideo | undefined;
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation(((tag: string) => {
    if (tag === 'canvas') return canvas;
    if (tag !== 'video') return create(tag);
    const target = new EventTarget() as FakeVideo;
    let time = 0;
    Object.assign(target, {
      crossOrigin: null,
      muted: false,
      preload: '',
      duration: 0,
      videoWidth: 0,
      videoHeight: 0,
      removeAttribute: () => undefined,
      load: () => undefined,
    });
    Object.defineProperty(target, 'src', {
      set(url: string) {
        if (!url) return;
        queueMicrotask(() => {
          if (opts.broken) return target.dispatchEvent(new Event('error'));
          Object.assign(target, { duration: 5, videoWidth: 1280, videoHeight: 720 });
          target.dispatchEvent(new Event('loadedmetadata'));
        });
      },
    });
    Object.defineProperty(target, 'currentTime', {
      get: () => time,
      set(t: number) {
        time = t;
        seekedTo.push(t);
        queueMicrotask(() => target.dispatchEvent(new Event('seeked')));
      },
    });
    video = target;
    return target;
  }) as typeof document.createElement);
  return { canvas, seekedTo, drawn, video: () => video };
}

afterEach(() => vi.restoreAllMocks());

describe('captureLastFrame (direct mode)', () => {
  it('draws the frame just before the end onto a canvas of the video’s size and gives a PNG', async () => {
    const media = stubMedia();
    const blob = await captureLastFrame('https://cdn.example/result.mp4');
    expect(blob.type).toBe('image/png');
    expect(media.video()!.crossOrigin).toBe('anonymous');
    expect(media.seekedTo).toHaveLength(1);
    expect(media.seekedTo[0]).toBeGreaterThan(4.9);
    expect(media.seekedTo[0]).toBeLessThan(5);
    expect([media.canvas.width, media.canvas.height]).toEqual([1280, 720]);
    expect(media.drawn).toEqual([media.video()]);
  });

  it('media served without CORS (a tainted canvas) fails with the reason `cors`', async () => {
    stubMedia({ tainted: true });
    const failure = captureLastFrame('https://cdn.example/no-cors.mp4');
    await expect(failure).rejects.toBeInstanceOf(FrameCaptureError);
    await expect(failure).rejects.toThrow('cors');
  });

  it('a video the browser cannot load fails with the reason `unreadable`', async () => {
    stubMedia({ broken: true });
    await expect(captureLastFrame('https://cdn.example/gone.mp4')).rejects.toThrow('unreadable');
  });
});

describe('a frame the browser cannot take', () => {
  function board(): Storyboard {
    return {
      id: 'sb',
      name: 'Scene',
      updatedAt: 0,
      cast: [],
      shots: [newShot({ prompt: 'one' }), newShot({ prompt: 'two' }, true)],
      joins: ['cut'],
    };
  }

  function deps(created: Array<Record<string, unknown>>): RunnerDeps {
    return {
      createTask: (body) => {
        created.push(body as Record<string, unknown>);
        return Promise.resolve({ id: `task_${created.length}` });
      },
      watchTask: fakeWatch((id) => ({ id, status: 'succeeded', video_url: `https://cdn.example/${id}.mp4` })),
      lastFrame: () => captureLastFrame('https://cdn.example/task_1.mp4'),
      registerFrame: () => Promise.resolve({ id: 'asset_upload' }),
      watchAsset: (assetId, _group, seen) =>
        fakeWatch((id): Record<string, unknown> => ({ id, ...READY_ASSET_FIELDS }))(assetId, seen),
      save: fakeBoardStore().save,
      describe: (e) => (e as Error).message,
    };
  }

  async function until(check: () => boolean) {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 0));
    expect(check()).toBe(true);
  }

  it('says so and offers an upload; the chosen image is registered and sent as the first frame', async () => {
    stubMedia({ tainted: true });
    const created: Array<Record<string, unknown>> = [];
    const runner = new StoryboardRunner(deps(created));
    runner.put(runAll(board(), 'batch'));
    await until(() => runner.get('sb')!.shots[1]!.run.state === 'failed');
    expect(runner.get('sb')!.shots[1]!.run).toMatchObject({ error: 'cors', frameRefused: true });
    expect(created).toHaveLength(1);

    const chosen = vi.fn();
    renderRoutes(
      {
        '/': (
          <ShotStatus board={runner.get('sb')!} index={1} onRerun={() => undefined} onFrameChosen={chosen} />
        ),
      },
      { at: '/' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The browser cannot read frames of this video (its server does not allow it).',
    );
    const upload = screen.getByLabelText('Use another image for shot 2');
    const file = new File(['png'], 'mine.png', { type: 'image/png' });
    fireEvent.change(upload, { target: { files: [file] } });
    expect(chosen).toHaveBeenCalledWith(file);

    await runner.useFrame('sb', runner.get('sb')!.shots[1]!.id, file, 'video-2.0-cl', { file: file.name });
    await until(() => runner.get('sb')!.shots[1]!.run.state === 'succeeded');
    const refs = created[1]!.references as Array<{ role: string; url: string }>;
    expect(refs.find((r) => r.role === 'first_frame')?.url).toBe('Asset://asset_upload');
  });
});
