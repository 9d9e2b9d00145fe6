import { Shrink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postText } from '@/api/text';
import { Button } from '@/components/ui/button';
import { notifyError } from '@/lib/notify';
import { buildCompactRequest } from '@/features/playground/chat/chat-request';
import { useActiveRun } from '@/features/playground/chat/chat-run';
import { useChatStore, type Conversation } from '@/features/playground/chat/chat-store';
import { readCompaction } from '@/features/playground/chat/compact-result';

/** Replaces the conversation by the shorter equivalent POST /v1/responses/compact returns. */
export function CompactButton({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('playground');
  const run = useActiveRun();
  const [busy, setBusy] = useState(false);
  const compact = async () => {
    setBusy(true);
    try {
      const { path, body } = buildCompactRequest(conversation.settings, conversation.messages);
      const result = readCompaction(await postText(path, body));
      if (result.messages.length === 0) throw new Error(t('compact.empty'));
      useChatStore.getState().conversationCompacted(conversation.id, result.messages, result.compaction);
    } catch (error) {
      notifyError(error, t('compact.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy || !!run || conversation.messages.length < 2}
      onClick={() => void compact()}
    >
      <Shrink aria-hidden="true" />
      {busy ? t('compact.working') : t('compact.action')}
    </Button>
  );
}

/** What the last compaction saved, in tokens and as a share. */
export function CompactionSaved({ before, after }: { before: number; after: number }) {
  const { t } = useTranslation('playground');
  const percent = Math.max(0, Math.round((1 - after / Math.max(1, before)) * 100));
  return (
    <p className="rounded-md border bg-muted/50 p-2 text-xs" role="status">
      {t('compact.saved', { before, after, percent })}
    </p>
  );
}
