import { isRecord } from '@contract/is-record';
import type { TrackedTask } from '@/api/task-registry';
import type { Task } from '@/api/tasks';
import { taskUsageFacts, type TaskUsageFacts } from '@/api/task-usage';
import { endedWithoutResult } from '@/lib/money/task-cost';

export type BillingRule = 'withVideo' | 'withoutVideo';

/** One task's (or one playground reply's) usage; `tokens` undefined when the answer carried none. */
export interface UsageSample {
  day: string;
  model: string;
  source: 'task' | 'text';
  /** The task's kind (video, music…), or `text` for the playground. */
  kind: string;
  rule?: BillingRule;
  tokens?: number;
  /** The task ended without a result: only its reported video tokens are billed (decision 510). */
  noResult?: true;
}

/**
 * Every time zone's offset and its changes have fallen on a quarter hour since the 1970s, so all
 * instants of one quarter hour since the epoch share their local day: the usage page asks for 200,000 tasks' days
 * (issue 43), and formatting a Date each time was a fifth of its time.
 */
const QUARTER_HOUR = 900_000;
const dayBySlot = new Map<number, string>();

/** Local calendar day, yyyy-mm-dd. */
export function dayOf(ms: number): string {
  const slot = Math.floor(ms / QUARTER_HOUR);
  let day = dayBySlot.get(slot);
  if (day === undefined) {
    const d = new Date(ms);
    day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    // Bounded: a page that runs for weeks across time-zone changes does not grow it for ever.
    if (dayBySlot.size >= 100_000) dayBySlot.clear();
    dayBySlot.set(slot, day);
  }
  return day;
}

function sampleOf(tracked: TrackedTask, facts: TaskUsageFacts, status: unknown): UsageSample {
  const sample: UsageSample = {
    day: dayOf(tracked.createdAt),
    model: facts.model || tracked.model || tracked.kind,
    source: 'task',
    kind: tracked.kind,
    tokens: facts.tokens,
  };
  if (typeof status === 'string' && endedWithoutResult(status)) sample.noResult = true;
  // The billing rule is the video line's: a music task is not "without video input".
  if (tracked.kind === 'video') sample.rule = facts.withVideo ? 'withVideo' : 'withoutVideo';
  return sample;
}

/**
 * `usage` is optional in the specification: a task without `usage.total_tokens` is counted as
 * unknown, never as zero (`task` undefined: the read failed, unknown too).
 */
export function taskUsageSample(tracked: TrackedTask, task: Task | undefined): UsageSample {
  return sampleOf(tracked, taskUsageFacts(tracked.request, task), task?.status ?? tracked.last?.status);
}

/** The sample kept in the registry when the task was seen finished, if it was (decision 225). */
export function storedUsageSample(tracked: TrackedTask): UsageSample | undefined {
  const facts = tracked.last?.usage;
  return facts && sampleOf(tracked, facts, tracked.last?.status);
}

/**
 * The playground's replies as kept in this browser (its conversations in localStorage): each
 * reply's total tokens, on the day its conversation was last updated (replies carry no time).
 */
export function textUsageSamples(stored: string | null): UsageSample[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  const conversations = isRecord(parsed) && isRecord(parsed.state) ? parsed.state.conversations : undefined;
  if (!Array.isArray(conversations)) return [];
  const out: UsageSample[] = [];
  for (const c of conversations) {
    if (!isRecord(c) || !Array.isArray(c.messages)) continue;
    const when =
      typeof c.updatedAt === 'number'
        ? c.updatedAt
        : typeof c.createdAt === 'number'
          ? c.createdAt
          : undefined;
    if (when === undefined) continue;
    for (const m of c.messages) {
      if (!isRecord(m) || m.role !== 'assistant' || !isRecord(m.stats)) continue;
      const usage = isRecord(m.stats.usage) ? m.stats.usage : undefined;
      const total = usage?.totalTokens;
      out.push({
        day: dayOf(when),
        model: typeof m.stats.model === 'string' ? m.stats.model : 'text',
        source: 'text',
        kind: 'text',
        tokens: typeof total === 'number' && Number.isFinite(total) ? total : undefined,
      });
    }
  }
  return out;
}

export interface UsageRow {
  day: string;
  /** model + rule (tasks) or model (playground): one bar segment per series. */
  series: string;
  model: string;
  source: 'task' | 'text';
  kind: string;
  rule?: BillingRule;
  tokens: number;
  /** Samples with a number. */
  counted: number;
  /** Samples without usage: not zero, unknown. */
  unknown: number;
}

export function seriesKey(s: Pick<UsageSample, 'model' | 'source' | 'rule'>): string {
  return s.source === 'text' ? `text|${s.model}` : `task|${s.model}|${s.rule ?? ''}`;
}

/** One line of the totals: tokens and how many items carried none. */
export interface UsageTotal {
  key: string;
  tokens: number;
  counted: number;
  unknown: number;
}

export interface UsageSummary {
  days: string[];
  series: string[];
  rows: UsageRow[];
  /** No grand total of tokens: a video token and a music token are not one unit (byKind is). */
  unknown: number;
  /** The totals first (issue 31): by kind, by model, by billing rule, largest first. */
  byKind: UsageTotal[];
  byModel: UsageTotal[];
  byRule: UsageTotal[];
}

/** Samples whose local day lies in [from, to] (yyyy-mm-dd, inclusive; '' leaves that end open). */
export function inRange(samples: readonly UsageSample[], from: string, to: string): UsageSample[] {
  if (!from && !to) return [...samples];
  return samples.filter((s) => (!from || s.day >= from) && (!to || s.day <= to));
}

function totals(rows: readonly UsageRow[], keyOf: (r: UsageRow) => string | undefined): UsageTotal[] {
  const out = new Map<string, UsageTotal>();
  for (const r of rows) {
    const key = keyOf(r);
    if (key === undefined) continue;
    let total = out.get(key);
    if (!total) out.set(key, (total = { key, tokens: 0, counted: 0, unknown: 0 }));
    total.tokens += r.tokens;
    total.counted += r.counted;
    total.unknown += r.unknown;
  }
  return [...out.values()].sort((a, b) => b.tokens - a.tokens || a.key.localeCompare(b.key));
}

/** What the chart and the table of the usage page each show: the same summary, labelled alike. */
export interface UsageViewProps {
  summary: UsageSummary;
  seriesLabel: (series: string) => string;
}

/** The series key of each (source, model, rule), built once: not a new string per sample. */
function seriesKeys(): (s: UsageSample) => string {
  const keys = new Map<string, Map<string, string>>();
  return (s) => {
    const group = s.source === 'text' ? 'text' : (s.rule ?? '');
    let byModel = keys.get(group);
    if (!byModel) keys.set(group, (byModel = new Map()));
    let key = byModel.get(s.model);
    if (key === undefined) byModel.set(s.model, (key = seriesKey(s)));
    return key;
  };
}

export function summariseUsage(samples: readonly UsageSample[]): UsageSummary {
  // Day, then series: two lookups instead of a joined key per sample (200,000 of them, issue 43).
  const byDay = new Map<string, Map<string, UsageRow>>();
  const keyOf = seriesKeys();
  for (const s of samples) {
    const series = keyOf(s);
    let rows = byDay.get(s.day);
    if (!rows) byDay.set(s.day, (rows = new Map()));
    let row = rows.get(series);
    if (!row) {
      row = {
        day: s.day,
        series,
        model: s.model,
        source: s.source,
        kind: s.kind,
        rule: s.rule,
        tokens: 0,
        counted: 0,
        unknown: 0,
      };
      rows.set(series, row);
    }
    if (s.tokens === undefined) row.unknown += 1;
    else {
      row.tokens += s.tokens;
      row.counted += 1;
    }
  }
  const list: UsageRow[] = [];
  for (const rows of byDay.values()) for (const row of rows.values()) list.push(row);
  list.sort((a, b) => a.day.localeCompare(b.day) || a.series.localeCompare(b.series));
  return {
    days: [...new Set(list.map((r) => r.day))],
    series: [...new Set(list.map((r) => r.series))].sort(),
    rows: list,
    unknown: list.reduce((n, r) => n + r.unknown, 0),
    byKind: totals(list, (r) => r.kind),
    byModel: totals(list, (r) => r.model),
    // The billing rule is the video line's (with or without video input); text has none.
    byRule: totals(list, (r) => r.rule),
  };
}

/** What the usage page draws for a range: its samples, their summary, and one summary per kind. */
export interface RangeUsage {
  shown: UsageSample[];
  summary: UsageSummary;
  perKind: { kind: string; summary: UsageSummary }[];
}

/**
 * The page's figures in one pass over the tasks (200,000 in under 200 ms, issue 43): a task's
 * stored usage, else its answer once read; a task not answered yet is left out (not "unknown")
 * until its answer comes. Each kind gets its own summary for its small chart, on its own scale.
 */
export function summariseRange(
  tasks: readonly TrackedTask[],
  answers: ReadonlyMap<string, Task | undefined>,
  text: readonly UsageSample[],
  from: string,
  to: string,
): RangeUsage {
  const shown: UsageSample[] = [];
  const keep = (s: UsageSample) => {
    if ((!from || s.day >= from) && (!to || s.day <= to)) shown.push(s);
  };
  for (const task of tasks) {
    const stored = storedUsageSample(task);
    if (stored) keep(stored);
    else if (answers.has(task.id)) keep(taskUsageSample(task, answers.get(task.id)));
  }
  for (const s of text) keep(s);
  const summary = summariseUsage(shown);
  const byKind = new Map<string, UsageSample[]>(summary.byKind.map((k) => [k.key, []]));
  for (const s of shown) byKind.get(s.kind)?.push(s);
  return {
    shown,
    summary,
    perKind: summary.byKind.map((k) => ({ kind: k.key, summary: summariseUsage(byKind.get(k.key)!) })),
  };
}
