/**
 * A growing text kept outside React: `append` is called for every streamed delta, but subscribers
 * (useSyncExternalStore) hear about it at most once per animation frame, so a stream of thousands
 * of tokens costs one render per frame, not one per token (decision 056).
 */
export interface FrameScheduler {
  request: (cb: () => void) => number;
  cancel: (handle: number) => void;
}

const browserScheduler: FrameScheduler = {
  request: (cb) => requestAnimationFrame(cb),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export class FrameBuffer {
  private text: string;
  private shown: string;
  private handle: number | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    initial = '',
    private readonly scheduler: FrameScheduler = browserScheduler,
  ) {
    this.text = initial;
    this.shown = initial;
  }

  /** True while a publish is scheduled for the next frame. */
  get publishPending(): boolean {
    return this.handle !== undefined;
  }

  /** Everything received so far (may be ahead of what is on screen). */
  get value(): string {
    return this.text;
  }

  append(delta: string): void {
    if (!delta) return;
    this.text += delta;
    this.handle ??= this.scheduler.request(() => {
      this.handle = undefined;
      this.publish();
    });
  }

  /** Publish now (stream ended or stopped): the last token must not wait for a frame. */
  flush(): void {
    if (this.handle !== undefined) this.scheduler.cancel(this.handle);
    this.handle = undefined;
    this.publish();
  }

  dispose(): void {
    if (this.handle !== undefined) this.scheduler.cancel(this.handle);
    this.handle = undefined;
    this.listeners.clear();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): string => this.shown;

  private publish(): void {
    if (this.shown === this.text) return;
    this.shown = this.text;
    for (const listener of this.listeners) listener();
  }
}
