import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {count}
    </button>
  );
}

describe('lazyWithPreload', () => {
  it('suspends on a cold render, then renders the loaded component', async () => {
    const chunk = deferred<typeof Greeting>();
    const LazyGreeting = lazyWithPreload(() => chunk.promise);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => chunk.resolve(Greeting));
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
  });

  it('after a preload, renders at once without showing the fallback', async () => {
    const load = vi.fn(async () => Greeting);
    const LazyGreeting = lazyWithPreload(load);
    LazyGreeting.preload();
    LazyGreeting.preload();
    await LazyGreeting.load();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the mounted component (and its state) once its chunk arrives', async () => {
    const chunk = deferred<typeof Counter>();
    const LazyCounter = lazyWithPreload(() => chunk.promise);
    const { rerender } = render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyCounter />
      </Suspense>,
    );
    await act(async () => chunk.resolve(Counter));
    act(() => screen.getByRole('button').click());
    rerender(
      <Suspense fallback={<p>Loading</p>}>
        <LazyCounter />
      </Suspense>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('1');
  });

  it('a failed preload is forgotten, so the next intent fetches again', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(Greeting);
    const LazyGreeting = lazyWithPreload(load);
    await expect(LazyGreeting.load()).rejects.toThrow('offline');
    await expect(LazyGreeting.load()).resolves.toBe(Greeting);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
