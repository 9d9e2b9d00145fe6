import { useEffect, useState, type ReactNode } from 'react';
import type * as ReactDropzone from 'react-dropzone';
import type { DropzoneOptions, DropzoneState } from 'react-dropzone';
import { afterFirstPaint } from '@/lib/first-paint';

type DropzoneModule = typeof ReactDropzone;

let loaded: DropzoneModule | undefined;
let loading: Promise<DropzoneModule> | undefined;

/** Starts loading react-dropzone (once); the first drag over the page or a click asks for it early. */
export function loadDropzone(): Promise<DropzoneModule> {
  loading ??= import('react-dropzone').then((m) => (loaded = m));
  return loading;
}

/** What a drop area renders with: undefined until react-dropzone has loaded. */
export type DropzoneBinding = Pick<DropzoneState, 'getRootProps' | 'getInputProps' | 'isDragActive' | 'open'>;

function Binding({
  useDropzone,
  options,
  onBinding,
}: {
  useDropzone: DropzoneModule['useDropzone'];
  options: DropzoneOptions;
  onBinding: (binding: DropzoneBinding) => void;
}) {
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone(options);
  // react-dropzone memoises these on its options' callbacks, so with a stable onDrop they change
  // only when the drag state does: the owner re-renders then, not on every render of its own.
  useEffect(
    () => onBinding({ getRootProps, getInputProps, isDragActive, open }),
    [getRootProps, getInputProps, isDragActive, open, onBinding],
  );
  return null;
}

/**
 * react-dropzone (5.3 KB) after the first paint rather than before it (decision 141): a drop or a
 * pick is a person's act, never part of the paint. The owner keeps rendering its drop area (and
 * its children: nothing remounts when the library arrives) and spreads the binding's props once it
 * comes; `onDrop` must be stable (useCallback).
 */
export function useLazyDropzone(options: DropzoneOptions): [DropzoneBinding | undefined, ReactNode] {
  const [mod, setMod] = useState(loaded);
  const [binding, setBinding] = useState<DropzoneBinding>();
  useEffect(() => {
    if (mod) return;
    let live = true;
    const load = () => void loadDropzone().then((m) => live && setMod(m));
    // A file dragged in before the paint settles asks for it at once.
    window.addEventListener('dragenter', load, { once: true });
    void afterFirstPaint().then(load);
    return () => {
      live = false;
      window.removeEventListener('dragenter', load);
    };
  }, [mod]);
  const node = mod ? (
    <Binding useDropzone={mod.useDropzone} options={options} onBinding={setBinding} />
  ) : null;
  return [binding, node];
}
