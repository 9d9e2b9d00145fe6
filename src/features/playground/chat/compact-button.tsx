import { Shrink } from 'lucide-react';
import { useId, useState } from 'react';
import { postText } from '@/api/text';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { buildCompactRequest } from '@/features/playground/chat/chat-request';
import { useActiveRun } from '@/features/playground/chat/chat-run';
import { useChatStore, type Conversation } from '@/features/playground/chat/chat-store';
import { readCompaction } from '@/features/playground/chat/compact-result';

/**
 * Compacts the conversation with POST /v1/responses/compact, after asking. The earlier turns stay
 * on screen (marked compacted) and the returned item joins the history; only the Responses format
 * can send that item back, so elsewhere the button is disabled and says why.
 */
export function CompactButton({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('playground');
  const run = useActiveRun();
  const reasonId = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const live = conversation.messages.filter((m) => !m.compacted && !m.compactionItem && !m.carried);
  const responses = conversation.settings.format === 'responses';
  const reason = !responses
    ? t('compact.onlyResponses')
    : live.length < 2
      ? t('compact.nothingNew')
      : undefined;
  const compact = async () => {
    setAsking(false);
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
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={busy || !!run || !!reason}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => setAsking(true)}
      >
        <Shrink aria-hidden="true" />
        {busy ? t('compact.working') : t('compact.action')}
      </Button>
      {reason && (
        <p id={reasonId} className="basis-full text-xs text-muted-foreground">
          {reason}
        </p>
      )}
      <Dialog open={asking} onOpenChange={setAsking}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('compact.confirmTitle')}</DialogTitle>
            <DialogDescription>{t('compact.confirmBody', { count: live.length })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              {t('compact.cancel')}
            </Button>
            <Button onClick={() => void compact()}>{t('compact.confirm')}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
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
