import { lazyWithPreload } from '@/components/ui/lazy-with-preload';

// The table view is chosen (the grid is the default, and a phone shows cards either way): its
// header and rows are a chunk fetched when the person points at the Table button or the URL asks
// for the table, while the list is still on its way (decision 541). The empty library the first
// open paints has neither.
const tableChunk = () => import('./asset-table-row');
export const AssetTableHeader = lazyWithPreload(() => tableChunk().then((m) => m.AssetTableHeader));
export const AssetTableRow = lazyWithPreload(() => tableChunk().then((m) => m.AssetTableRow));

export function preloadTable() {
  AssetTableHeader.preload();
  AssetTableRow.preload();
}
