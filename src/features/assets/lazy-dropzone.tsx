import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type * as ReactDropzone from 'react-dropzone';
import type { DropzoneOptions, DropzoneState } from 'react-dropzone';
import { whenFirstPageIdle } from '@/lib/first-paint';

type DropzoneModule = typeof ReactDropzone;

let loaded: DropzoneModule | undefined;
let loading: Promise<DropzoneModule> | undefined;

/** Starts loading react-dropzone (once); the first drag over the page or a click asks for it early. */
export function loadDropzone(): Promise<DropzoneModule> {
  loading ??= import('react-dropzone').then((m) => (loaded = m));
  return loading;
}

/** What a drop area renders with: react-dropzone's, or the plain one until it has loaded. */
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
 * The files of a drop, a dropped folder's included at every depth, as react-dropzone gives them
 * (decision 304): a folder dropped before react-dropzone has come was once skipped in silence.
 * The entries are taken while the drop event lasts (the browser empties its DataTransfer after).
 */
function droppedFiles(data: DataTransfer | null): Promise<File[]> {
  if (!data) return Promise.resolve([]);
  const items = Array.from(data.items ?? []).filter((item) => item.kind === 'file');
  if (items.length === 0) return Promise.resolve(Array.from(data.files ?? []));
  const taken = items.map((item) => ({ entry: item.webkitGetAsEntry?.() ?? null, file: item.getAsFile() }));
  if (!taken.some(({ entry }) => entry?.isDirectory))
    return Promise.resolve(taken.flatMap(({ file }) => (file ? [file] : [])));
  // The folder walk is fetched only when a folder is dropped (the entries outlive the event).
  return import('./folder-entries').then(({ filesOfEntries }) => filesOfEntries(taken));
}

/**
 * The drop area's binding until react-dropzone arrives: the browser's own drop and file picker,
 * handing files to the same `onDrop`, so that a file or folder dropped or picked from the first
 * paint on is uploaded, never lost (decisions 240, 304). No drag highlight: the first dragenter asks for the library,
 * which usually comes before the drop.
 */
function usePlainBinding({ onDrop, disabled, noDragEventsBubbling }: DropzoneOptions): DropzoneBinding {
  const input = useRef<HTMLInputElement>(null);
  const give = useCallback(
    (files: File[]) => {
      if (!disabled && files.length > 0) onDrop?.(files, [], null as never);
    },
    [disabled, onDrop],
  );
  return useMemo<DropzoneBinding>(() => {
    const allow = (event: React.DragEvent) => {
      event.preventDefault();
      if (noDragEventsBubbling) event.stopPropagation();
    };
    return {
      isDragActive: false,
      open: () => input.current?.click(),
      getRootProps: (props?: React.HTMLAttributes<HTMLElement>) => ({
        role: 'presentation',
        ...props,
        onDragOver: allow,
        onDrop: (event: React.DragEvent) => {
          allow(event);
          void droppedFiles(event.dataTransfer).then(give);
        },
      }),
      getInputProps: (props?: React.InputHTMLAttributes<HTMLInputElement>) => ({
        type: 'file',
        multiple: true,
        tabIndex: -1,
        style: { display: 'none' },
        ...props,
        ref: input,
        onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
          give(Array.from(event.target.files ?? []));
          event.target.value = '';
        },
      }),
    } as DropzoneBinding;
  }, [give, noDragEventsBubbling]);
}

/**
 * react-dropzone (5.3 KB) once the first page has painted its data rather than before (decisions
 * 141, 240): a drop or a pick is a person's act, never part of the paint. Until it comes a plain
 * binding takes drops and picks (usePlainBinding). The owner keeps rendering its drop area (and its
 * children: nothing remounts when the library arrives) and spreads the binding's props; `onDrop`
 * must be stable (useCallback).
 */
export function useLazyDropzone(options: DropzoneOptions): [DropzoneBinding, ReactNode] {
  const [mod, setMod] = useState(loaded);
  const [binding, setBinding] = useState<DropzoneBinding>();
  const plain = usePlainBinding(options);
  useEffect(() => {
    if (mod) return;
    let live = true;
    const load = () => void loadDropzone().then((m) => live && setMod(m));
    // A file dragged in before then asks for it at once.
    window.addEventListener('dragenter', load, { once: true });
    const cancel = whenFirstPageIdle(load);
    return () => {
      live = false;
      cancel();
      window.removeEventListener('dragenter', load);
    };
  }, [mod]);
  const node = mod ? (
    <Binding useDropzone={mod.useDropzone} options={options} onBinding={setBinding} />
  ) : null;
  return [binding ?? plain, node];
}
