import { isRecord } from '@contract/is-record';
import type { TrackedTask } from '@/api/task-registry';
import type { Task } from '@/api/tasks';
import { requestDifferences } from '@/lib/request-diff';

/** The parameters a comparison sets side by side, from the body sent (or the task as the server tells it). */
export interface RequestFacts {
  prompt: string;
  model: string;
  duration: string;
  ratio: string;
  resolution: string;
  /** One line per reference: role, media type and URL (or asset). */
  references: string[];
}

export const FACT_FIELDS = ['model', 'duration', 'ratio', 'resolution', 'references'] as const;

function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

function referenceLines(body: Record<string, unknown>): string[] {
  const lines: string[] = [];
  if (Array.isArray(body.references)) {
    for (const r of body.references) {
      if (isRecord(r))
        lines.push(
          [text(r.role), text(r.media_type), text(r.alias) && `@${text(r.alias)}`, text(r.url)]
            .filter(Boolean)
            .join(' '),
        );
    }
  }
  for (const key of ['image_url', 'first_frame_url', 'video_url', 'reference_video_url'] as const) {
    if (text(body[key])) lines.push(`${key} ${text(body[key])}`);
  }
  if (Array.isArray(body.content)) {
    for (const c of body.content) {
      if (!isRecord(c) || c.type === 'text') continue;
      const inner = isRecord(c[text(c.type)]) ? (c[text(c.type)] as Record<string, unknown>) : {};
      lines.push([text(c.role), text(c.type), text(inner.url)].filter(Boolean).join(' '));
    }
  }
  if (Array.isArray(body.input_references) && lines.length === 0) {
    for (const r of body.input_references)
      if (isRecord(r)) lines.push([text(r.role), text(r.type), text(r.alias)].filter(Boolean).join(' '));
  }
  return lines;
}

/**
 * What a task object says of its request, for a pasted id whose body was never seen here. Only
 * request fields: a task also carries its outputs (`video_url`, `result`, `usage`…), and each
 * result's own URL would make every comparison differ (issue 31).
 */
const REQUEST_FIELDS = [
  'prompt',
  'model',
  'duration',
  'seconds',
  'ratio',
  'aspect_ratio',
  'resolution',
  'references',
  'content',
  'input_references',
] as const;

function requestOfTask(task: Task | undefined): Record<string, unknown> {
  if (!isRecord(task)) return {};
  const out: Record<string, unknown> = {};
  for (const key of REQUEST_FIELDS) if (task[key] !== undefined) out[key] = task[key];
  // Some deployments echo the request as a nested object.
  if (isRecord(task.request)) Object.assign(out, task.request);
  return out;
}

export function requestFacts(tracked: TrackedTask, task?: Task): RequestFacts {
  // The body as sent is the truth of what was asked; the task's request fields fill in for pasted ids.
  const body: Record<string, unknown> = { ...requestOfTask(task), ...(tracked.request ?? {}) };
  return {
    prompt: text(body.prompt) || tracked.prompt || '',
    model: text(body.model) || tracked.model || '',
    duration: text(body.duration ?? body.seconds),
    ratio: text(body.ratio ?? body.aspect_ratio),
    resolution: text(body.resolution),
    references: referenceLines(body),
  };
}

type FactField = (typeof FACT_FIELDS)[number] | 'prompt';

/** Fields whose value is not the same in every compared request (the references as one field). */
export function differingFields(all: RequestFacts[]): Set<FactField> {
  const flat = all.map((facts) => ({ ...facts, references: facts.references.join('\n') }));
  return new Set(
    requestDifferences(...flat)
      .filter((d) => d.differs)
      .map((d) => d.path as FactField),
  );
}
