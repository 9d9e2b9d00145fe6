import type { Page } from '@playwright/test';

/** Every record of object store `store` in the page's IndexedDB database `db`, as the page keeps it. */
export function storedRecords(page: Page, db: string, store: string): Promise<unknown[]> {
  return page.evaluate(
    ([db, store]) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction(store).objectStore(store).getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result);
          };
        };
      }),
    [db, store] as const,
  );
}
