import { useState } from 'react';
import { createTracked, postTask } from '@/api/task-create';
import { useTaskRegistry } from '@/api/task-registry-context';
import { useTranslation } from '@/lib/i18n';
import { errorMessage, notifyError, notifySuccess } from '@/lib/notify';
import type { RerunPlan } from './bulk-plan';

/**
 * Sends a re-run plan one request after another (a POST is never retried: api-client.ts), tracking
 * each created task at once. One refusal does not stop the rest: each task is its own request, and
 * the toast says how many went and why the others did not.
 */
export function useBulkSend() {
  const { t } = useTranslation('tasks');
  const registry = useTaskRegistry();
  const [sending, setSending] = useState(false);
  async function send(requests: RerunPlan['requests']): Promise<string[]> {
    setSending(true);
    const created: string[] = [];
    const refused: string[] = [];
    try {
      for (const request of requests) {
        try {
          const id = await createTracked(registry, (body) => postTask(request.path, body), request.body, {
            kind: request.kind,
            model: request.model,
            prompt: request.prompt,
            source: request.source,
            ...(request.batchId ? { batchId: request.batchId } : {}),
            ...(request.storyboard ? { storyboard: request.storyboard } : {}),
          });
          created.push(id);
        } catch (error) {
          refused.push(errorMessage(error));
        }
      }
    } finally {
      setSending(false);
    }
    if (refused.length === 0) notifySuccess(t('bulk.sent', { count: created.length }));
    else
      notifyError(
        new Error(refused.slice(0, 3).join(' · ')),
        t('bulk.partlySent', { sent: created.length, total: requests.length }),
      );
    return created;
  }
  return { send, sending };
}
