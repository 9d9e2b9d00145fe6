import { hasVideoInput } from '@contract/video-rules';
import { isRecord } from '@contract/is-record';
import type { TaskUsageFacts } from '@/api/task-registry-schema';

export type { TaskUsageFacts } from '@/api/task-registry-schema';

/**
 * What the usage page counts of one task: `usage.total_tokens` (optional in the specification:
 * absent stays undefined, never zero), the model the server reports, and the billing rule — the
 * server's `has_video_input` when it says, else the specification's rule applied to the body sent
 * (`request`, kept when the task was created here) or, failing that, to the task itself.
 */
export function taskUsageFacts(request: unknown, task: unknown): TaskUsageFacts {
  const t = isRecord(task) ? task : undefined;
  const usage = isRecord(t?.usage) ? t.usage : undefined;
  const total = usage?.total_tokens;
  const flag = t?.has_video_input;
  const facts: TaskUsageFacts = {
    withVideo: typeof flag === 'boolean' ? flag : hasVideoInput(request ?? t),
  };
  if (typeof total === 'number' && Number.isFinite(total) && total >= 0) facts.tokens = total;
  if (typeof t?.model === 'string' && t.model) facts.model = t.model.slice(0, 200);
  return facts;
}
