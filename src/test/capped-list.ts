import { json } from './fetch-mock';

/**
 * A spec-conforming list endpoint of a deployment that caps pages at `cap` and does not echo
 * `page_size` (the specification does not promise it): `items` paged as such a server pages them.
 */
export function cappedList(items: unknown[], cap: number) {
  return (url: URL): Response => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Math.min(cap, Number(url.searchParams.get('page_size') ?? 20));
    const data = items.slice((page - 1) * size, page * size);
    return json({ object: 'list', data, count: data.length, total: items.length, page });
  };
}
