import type { Storyboard } from './storyboard';
import { MAX_TAKES } from './storyboard-runs';

/**
 * Two tabs may write one storyboard: the one that runs it writes task ids, progress and takes,
 * while the person edits it in another that shows "running in another tab" (issue 42). A tab's
 * write is therefore a three-way merge, as git does it: `base` is the record this tab last read
 * or wrote, `ours` what it holds now, `theirs` the record as kept now. What this tab changed since
 * `base` is written; everything else is taken from `theirs`, so neither tab's work is lost. When
 * both changed the same field, the write in progress wins (the person's latest word).
 */

type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Equal as kept records: a key holding undefined is the same as no key (structured clone keeps both). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => sameValue(v, b[i]));
  }
  if (!isPlain(a) || !isPlain(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!sameValue(a[k], b[k])) return false;
  return true;
}

/**
 * Lists whose items both tabs add and drop, merged item by item on their key rather than one side
 * winning whole: shots, and a shot's takes and stopped tasks, which the tab that runs the board and
 * a tab following a stopped task (decision 691) may each change at once. An empty list is none.
 */
const KEYED: Record<string, string> = { shots: 'id', takes: 'taskId', stoppedTasks: 'taskId' };
/** Lists kept at most so long: each tab trims what it adds (withTake), but both adding at once adds two. */
const LIMIT: Record<string, number> = { takes: MAX_TAKES, stoppedTasks: MAX_TAKES };

const listOf = (v: unknown): readonly unknown[] | undefined =>
  v === undefined ? [] : Array.isArray(v) ? v : undefined;

function mergeValue(base: unknown, ours: unknown, theirs: unknown, key?: string): unknown {
  if (sameValue(ours, base)) return theirs;
  const by = key === undefined ? undefined : KEYED[key];
  const [o, t] = [listOf(ours), listOf(theirs)];
  if (by && o && t && !sameValue(theirs, base)) {
    const merged = mergeByKey(by, listOf(base) ?? [], o, t).slice(-(LIMIT[key!] ?? Infinity));
    return merged.length || key === 'shots' ? merged : undefined;
  }
  if (sameValue(theirs, base) || theirs === undefined) return ours;
  if (isPlain(ours) && isPlain(theirs)) return mergeObject(isPlain(base) ? base : {}, ours, theirs);
  return ours;
}

function mergeObject(base: Plain, ours: Plain, theirs: Plain): Plain {
  const out: Plain = {};
  for (const k of new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)])) {
    const v = mergeValue(base[k], ours[k], theirs[k], k);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/**
 * Items by their `by` key (a shot's id, a take's task): added or removed on either side stay added
 * or removed; the order is ours when this tab reordered them, theirs otherwise; each item kept by
 * both is merged field by field.
 */
function mergeByKey(
  by: string,
  base: readonly unknown[],
  ours: readonly unknown[],
  theirs: readonly unknown[],
): unknown[] {
  const ids = (list: readonly unknown[]) => list.map((s) => String((s as Plain)[by]));
  const [b, o, t] = [ids(base), ids(ours), ids(theirs)];
  const byId = (list: readonly unknown[], id: string) =>
    list.find((s) => String((s as Plain)[by]) === id) as Plain;
  const oursOrder = !sameValue(o, b);
  const order = oursOrder ? [...o] : [...t];
  // What the other side added joins at its place there (or the end); what it removed goes.
  const [other, otherIds] = oursOrder ? [theirs, t] : [ours, o];
  otherIds.forEach((id, i) => {
    if (!b.includes(id) && !order.includes(id)) order.splice(Math.min(i, order.length), 0, id);
  });
  const removed = (side: string[]) => (id: string) => b.includes(id) && !side.includes(id);
  return order
    .filter((id) => !removed(o)(id) && !removed(t)(id))
    .map((id) => {
      const [bs, os, ts] = [byId(base, id), byId(ours, id), byId(theirs, id)];
      if (os && ts) return mergeObject(bs ?? {}, os, ts);
      return os ?? ts ?? byId(other, id);
    });
}

/** The board to keep: this tab's changes since `base` written over the board as kept now. */
export function mergeBoard(base: Storyboard, ours: Storyboard, theirs: Storyboard): Storyboard {
  return mergeObject(
    base as unknown as Plain,
    ours as unknown as Plain,
    theirs as unknown as Plain,
  ) as unknown as Storyboard;
}
