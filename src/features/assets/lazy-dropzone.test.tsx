import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstPaint from '@/lib/first-paint';
import type * as LazyDropzone from './lazy-dropzone';

let markFirstPageSettled: typeof FirstPaint.markFirstPageSettled;
let useLazyDropzone: typeof LazyDropzone.useLazyDropzone;

function Target({ onDrop, children }: { onDrop: (files: File[]) => void; children: ReactNode }) {
  const [dropzone, node] = useLazyDropzone({ noClick: true, noKeyboard: true, onDrop });
  return (
    <div {...dropzone.getRootProps()} data-testid="target">
      {node}
      <input {...dropzone.getInputProps()} data-testid="input" />
      <button type="button" onClick={dropzone.open}>
        choose
      </button>
      {dropzone.isDragActive && <span>dragging</span>}
      {children}
    </div>
  );
}

function Child({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return <p>child</p>;
}

const file = new File(['x'], 'a.txt', { type: 'text/plain' });
const dataTransfer = {
  files: [file],
  items: [{ kind: 'file', type: 'text/plain', getAsFile: () => file }],
  types: ['Files'],
};
const names = (onDrop: ReturnType<typeof vi.fn>) => (onDrop.mock.calls[0]![0] as File[]).map((f) => f.name);

describe('useLazyDropzone', () => {
  // React-dropzone, once loaded, stays loaded for the module's lifetime, and the first page, once
  // settled, stays settled: each test takes fresh modules (neither loaded nor settled).
  beforeEach(async () => {
    vi.resetModules();
    ({ markFirstPageSettled } = await import('@/lib/first-paint'));
    ({ useLazyDropzone } = await import('./lazy-dropzone'));
  });

  it('takes a drop before react-dropzone has loaded (the first page has not settled yet)', async () => {
    const onDrop = vi.fn();
    render(<Target onDrop={onDrop}>{null}</Target>);
    fireEvent.dragOver(screen.getByTestId('target'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('target'), { dataTransfer });
    await waitFor(() => expect(onDrop).toHaveBeenCalledTimes(1));
    expect(names(onDrop)).toEqual(['a.txt']);
  });

  it('takes the files of a folder dropped before react-dropzone has loaded, at every depth', async () => {
    const onDrop = vi.fn();
    render(<Target onDrop={onDrop}>{null}</Target>);
    const fileEntry = (name: string) => ({
      isFile: true,
      isDirectory: false,
      file: (ok: (f: File) => void) => ok(new File([name], name)),
    });
    const dirEntry = (children: object[]) => ({
      isFile: false,
      isDirectory: true,
      createReader: () => {
        // As browsers do: the entries in batches, then an empty batch.
        const batches = [children.slice(0, 1), children.slice(1), []];
        return { readEntries: (ok: (entries: object[]) => void) => ok(batches.shift() ?? []) };
      },
    });
    const folder = dirEntry([fileEntry('one.png'), dirEntry([fileEntry('two.mp3')]), fileEntry('three.txt')]);
    const withFolder = {
      files: [file],
      items: [
        { kind: 'file', type: '', getAsFile: () => null, webkitGetAsEntry: () => folder },
        {
          kind: 'file',
          type: 'text/plain',
          getAsFile: () => file,
          webkitGetAsEntry: () => fileEntry('a.txt'),
        },
      ],
      types: ['Files'],
    };
    fireEvent.drop(screen.getByTestId('target'), { dataTransfer: withFolder });
    await waitFor(() => expect(onDrop).toHaveBeenCalledTimes(1));
    expect(names(onDrop)).toEqual(['one.png', 'two.mp3', 'three.txt', 'a.txt']);
  });

  it('opens the picker and takes the picked files before react-dropzone has loaded', () => {
    const onDrop = vi.fn();
    render(<Target onDrop={onDrop}>{null}</Target>);
    const input = screen.getByTestId('input') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'choose' }));
    expect(click).toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [file] } });
    expect(onDrop).toHaveBeenCalledTimes(1);
    expect(names(onDrop)).toEqual(['a.txt']);
  });

  it('binds react-dropzone once the first page has settled, without remounting what the target holds', async () => {
    const onDrop = vi.fn();
    const onMount = vi.fn();
    render(
      <Target onDrop={onDrop}>
        <Child onMount={onMount} />
      </Target>,
    );
    // The plain binding has no drag state: "dragging" shows only once react-dropzone listens.
    fireEvent.dragEnter(screen.getByTestId('target'), { dataTransfer });
    expect(screen.queryByText('dragging')).toBeNull();
    markFirstPageSettled();
    // react-dropzone's input carries its own label.
    await waitFor(() => expect(screen.getByTestId('input').getAttribute('aria-label')).toBe('file upload'));
    fireEvent.dragLeave(screen.getByTestId('target'), { dataTransfer });
    fireEvent.dragEnter(screen.getByTestId('target'), { dataTransfer });
    await screen.findByText('dragging');
    fireEvent.drop(screen.getByTestId('target'), { dataTransfer });
    await waitFor(() => expect(onDrop).toHaveBeenCalled());
    expect(names(onDrop)).toEqual(['a.txt']);
    expect(onMount).toHaveBeenCalledTimes(1);
  });
});
