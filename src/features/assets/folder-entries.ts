/** At most this many entries of a dropped folder tree are read: a dropped home folder stays bounded. */
const MAX_DROPPED_ENTRIES = 10_000;

function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    // readEntries answers in batches (100 in Chromium) until it answers none.
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0 || all.length >= MAX_DROPPED_ENTRIES) resolve(all);
        else {
          all.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

async function filesOfEntry(entry: FileSystemEntry, budget: { left: number }): Promise<File[]> {
  if (budget.left-- <= 0) return [];
  if (entry.isFile) {
    return new Promise((resolve) =>
      (entry as FileSystemFileEntry).file(
        (f) => resolve([f]),
        () => resolve([]),
      ),
    );
  }
  if (!entry.isDirectory) return [];
  const children = await readAll((entry as FileSystemDirectoryEntry).createReader()).catch(() => []);
  const files: File[] = [];
  for (const child of children) files.push(...(await filesOfEntry(child, budget)));
  return files;
}

/** The files of a drop's items, each dropped folder read at every depth within one budget. */
export function filesOfEntries(
  taken: { entry: FileSystemEntry | null; file: File | null }[],
): Promise<File[]> {
  const budget = { left: MAX_DROPPED_ENTRIES };
  return Promise.all(
    taken.map(({ entry, file }) =>
      entry?.isDirectory ? filesOfEntry(entry, budget) : Promise.resolve(file ? [file] : []),
    ),
  ).then((lists) => lists.flat());
}
