import { diffWords } from 'diff';
import { isRecord } from '@contract/is-record';

/**
 * Two requests side by side, field by field, as Compare shows two tasks (features/tasks/compare)
 * and the prompt library shows two versions of a template. Here so that both use one diff.
 */
export interface WordPart {
  text: string;
  change: 'same' | 'added' | 'removed';
}

/** The text of `other` against `base`, word by word. */
export function promptDiff(base: string, other: string): WordPart[] {
  return diffWords(base, other).map((p) => ({
    text: p.value,
    change: p.added ? 'added' : p.removed ? 'removed' : 'same',
  }));
}

/** Every leaf of a JSON value by its path (`prompt`, `references[0].url`), in the value's order. */
export function requestLeaves(
  value: unknown,
  path = '',
  out = new Map<string, unknown>(),
): Map<string, unknown> {
  if (Array.isArray(value)) {
    if (value.length === 0 && path) out.set(path, value);
    value.forEach((child, i) => requestLeaves(child, `${path}[${i}]`, out));
  } else if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && path) out.set(path, value);
    for (const [key, child] of entries) requestLeaves(child, path ? `${path}.${key}` : key, out);
  } else out.set(path, value);
  return out;
}

export interface FieldDifference {
  path: string;
  /** The leaf in each request, in the order given; undefined where that request has no such field. */
  values: unknown[];
  /** Not the same in every request. */
  differs: boolean;
}

/** Each field any of the requests has, the first's order first, and whether its value differs. */
export function requestDifferences(...requests: unknown[]): FieldDifference[] {
  const leaves = requests.map((request) => requestLeaves(request));
  const paths = [...new Set(leaves.flatMap((l) => [...l.keys()]))];
  return paths.map((path) => {
    const values = leaves.map((l) => l.get(path));
    const first = JSON.stringify(values[0]);
    return { path, values, differs: values.some((v) => JSON.stringify(v) !== first) };
  });
}

/** The request with the strings at the given paths (as `requestLeaves` names them) replaced. */
export function withLeaves<T>(value: T, edits: ReadonlyMap<string, string>, path = ''): T {
  if (typeof value === 'string') return (edits.get(path) ?? value) as T;
  if (Array.isArray(value)) return value.map((child, i) => withLeaves(child, edits, `${path}[${i}]`)) as T;
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [
        key,
        withLeaves(child, edits, path ? `${path}.${key}` : key),
      ]),
    ) as T;
  return value;
}
