import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useLazyDropzone } from './lazy-dropzone';

function Target({ onDrop, children }: { onDrop: (files: File[]) => void; children: ReactNode }) {
  const [dropzone, node] = useLazyDropzone({ noClick: true, noKeyboard: true, onDrop });
  return (
    <div {...(dropzone ? dropzone.getRootProps() : {})} data-testid="target">
      {node}
      <span>{dropzone ? 'ready' : 'waiting'}</span>
      {dropzone?.isDragActive && <span>dragging</span>}
      {children}
    </div>
  );
}

function Child({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return <p>child</p>;
}

describe('useLazyDropzone', () => {
  it('binds react-dropzone once it has loaded, without remounting what the target holds', async () => {
    const onDrop = vi.fn();
    const onMount = vi.fn();
    render(
      <Target onDrop={onDrop}>
        <Child onMount={onMount} />
      </Target>,
    );
    await screen.findByText('ready');
    const file = new File(['x'], 'a.txt', { type: 'text/plain' });
    const dataTransfer = {
      files: [file],
      items: [{ kind: 'file', type: 'text/plain', getAsFile: () => file }],
      types: ['Files'],
    };
    fireEvent.dragEnter(screen.getByTestId('target'), { dataTransfer });
    await screen.findByText('dragging');
    fireEvent.drop(screen.getByTestId('target'), { dataTransfer });
    await waitFor(() => expect(onDrop).toHaveBeenCalled());
    expect((onDrop.mock.calls[0]![0] as File[]).map((f) => f.name)).toEqual(['a.txt']);
    expect(onMount).toHaveBeenCalledTimes(1);
  });
});
