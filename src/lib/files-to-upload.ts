import { create } from 'zustand';

/**
 * Files picked outside the asset library (the command palette's "Upload files", which must open the
 * file picker inside the key press or click that asked for it), handed to the library's upload
 * queue once it is on screen.
 */
interface FilesToUploadStore {
  files: File[];
  filesChosen: (files: File[]) => void;
  filesTaken: () => File[];
}

export const useFilesToUpload = create<FilesToUploadStore>()((set, get) => ({
  files: [],
  filesChosen: (files) => set({ files: [...get().files, ...files] }),
  filesTaken: () => {
    const files = get().files;
    if (files.length) set({ files: [] });
    return files;
  },
}));

/**
 * Opens the browser's file picker now (call it from a click or key handler) for many files. The
 * input is kept in the document until the person has chosen or cancelled: a detached one is held
 * by nothing once this returns, and a garbage collection before the picker opened lost the pick
 * (the palette's "Upload files" once did nothing, CI 2026-11-27).
 */
let picking: HTMLInputElement | undefined;

export function pickFiles(onChosen: (files: File[]) => void): void {
  // A browser that sends no `cancel` leaves the last one: at most one stays.
  picking?.remove();
  const input = document.createElement('input');
  picking = input;
  input.type = 'file';
  input.multiple = true;
  input.hidden = true;
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    input.remove();
    if (files.length) onChosen(files);
  });
  input.addEventListener('cancel', () => input.remove());
  document.body.append(input);
  input.click();
}
