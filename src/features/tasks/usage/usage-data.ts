import { isRecord } from '@contract/is-record';
import type { TrackedTask } from '@/api/task-registry';
import type { Task } from '@/api/tasks';
import { taskUsageFacts, type TaskUsageFacts } from '@/api/task-usage';

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
}

/** Local calendar day, yyyy-mm-dd. */
export function dayOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function sampleOf(tracked: TrackedTask, facts: TaskUsageFacts): UsageSample {
  return {
    day: dayOf(tracked.createdAt),
    model: facts.model || tracked.model || tracked.kind,
    source: 'task',
    kind: tracked.kind,
    // The billing rule is the video line's: a music task is not "without video input".
    ...(tracked.kind === 'video' ? { rule: facts.withVideo ? 'withVideo' : 'withoutVideo' } : {}),
    tokens: facts.tokens,
  };
}

/**
 * `usage` is optional in the specification: a task without `usage.total_tokens` is counted as
 * unknown, never as zero (`task` undefined: the read failed, unknown too).
 */
export function taskUsageSample(tracked: TrackedTask, task: Task | undefined): UsageSample {
  return sampleOf(tracked, taskUsageFacts(tracked.request, task));
}

/** The sample kept in the registry when the task was seen finished, if it was (decision 225). */
export function storedUsageSample(tracked: TrackedTask): UsageSample | undefined {
  const facts = tracked.last?.usage;
  return facts && sampleOf(tracked, facts);
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

export function summariseUsage(samples: readonly UsageSample[]): UsageSummary {
  const rows = new Map<string, UsageRow>();
  for (const s of samples) {
    const series = seriesKey(s);
    const key = `${s.day}\n${series}`;
    let row = rows.get(key);
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
      rows.set(key, row);
    }
    if (s.tokens === undefined) row.unknown += 1;
    else {
      row.tokens += s.tokens;
      row.counted += 1;
    }
  }
  const list = [...rows.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.series.localeCompare(b.series),
  );
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
