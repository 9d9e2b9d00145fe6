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

/** Opens the browser's file picker now (call it from a click or key handler) for many files. */
export function pickFiles(onChosen: (files: File[]) => void): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    if (files.length) onChosen(files);
  });
  input.click();
}
