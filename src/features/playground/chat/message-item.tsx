import { Pencil, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { cn } from '@/lib/cn';
import { startReply, type ActiveRun } from '@/features/playground/chat/chat-run';
import { useChatStore, type ChatMessage, type Conversation } from '@/features/playground/chat/chat-store';
import { EditMessageForm } from '@/features/playground/chat/edit-message-form';
import { ReplyStatsLine } from '@/features/playground/chat/reply-stats';
import { JsonReply } from '@/features/playground/chat/json-reply';
import { ToolCallCards } from '@/features/playground/chat/tool-call-cards';
import { ReplyMarkdown } from '@/features/playground/markdown/streamed-markdown';
import { useTranslation } from '@/lib/i18n';

/** Copy, and edit (the person's messages) or regenerate (the last reply). */
function MessageActions({
  message,
  busy,
  onEdit,
  onRegenerate,
}: {
  message: ChatMessage;
  busy: boolean;
  onEdit: (() => void) | undefined;
  onRegenerate: (() => void) | undefined;
}) {
  const { t } = useTranslation('playground');
  return (
    <div className="flex items-center gap-1">
      <CopyButton value={message.content} aria-label={t('chat.copy')} />
      {onEdit ? (
        <Button size="icon-sm" variant="ghost" aria-label={t('chat.edit')} disabled={busy} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
      ) : null}
      {onRegenerate ? (
        <Button
          size="icon-sm"
          variant="ghost"
          aria-label={t('chat.regenerate')}
          disabled={busy}
          onClick={onRegenerate}
        >
          <RefreshCw aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}

export function MessageItem({
  conversation,
  message,
  run,
  busy,
  isLastReply,
  onReplyRendered,
}: {
  conversation: Conversation;
  message: ChatMessage;
  run: ActiveRun | undefined;
  busy: boolean;
  isLastReply: boolean;
  /** Runs after each rendered update while this message is the reply being streamed. */
  onReplyRendered?: () => void;
}) {
  const { t } = useTranslation('playground');
  const [editing, setEditing] = useState(false);
  const isUser = message.role === 'user';
  const regenerate = () => {
    useChatStore.getState().messagesTruncatedFrom(conversation.id, message.id);
    void startReply(conversation.id);
  };

  if (message.compactionItem) {
    return (
      <li
        aria-label={t('compact.itemLabel')}
        className="rounded-lg border border-dashed bg-muted/30 p-3 text-sm text-muted-foreground"
      >
        {t(conversation.settings.format === 'responses' ? 'compact.item' : 'compact.itemOtherFormat')}
      </li>
    );
  }
  const who = isUser ? t('chat.you') : t('chat.assistant');
  return (
    <li
      aria-label={who}
      aria-busy={run ? true : undefined}
      className={cn(
        'flex flex-col gap-2 rounded-lg border p-3',
        isUser ? 'bg-muted/40' : 'bg-card',
        message.compacted && 'border-dashed opacity-80',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          {who}
          {message.compacted ? ` · ${t('compact.compactedLabel')}` : ''}
        </span>
        {!run && !editing ? (
          <MessageActions
            message={message}
            busy={busy}
            onEdit={isUser ? () => setEditing(true) : undefined}
            onRegenerate={isLastReply ? regenerate : undefined}
          />
        ) : null}
      </div>
      {editing ? (
        <EditMessageForm conversation={conversation} message={message} onDone={() => setEditing(false)} />
      ) : isUser ? (
        <p className="text-sm whitespace-pre-wrap break-words">{message.content}</p>
      ) : message.jsonOutput && !run && message.content ? (
        <JsonReply text={message.content} schema={message.jsonOutput.schema} />
      ) : (
        <ReplyMarkdown
          buffer={run?.buffer}
          text={message.content}
          onRendered={run ? onReplyRendered : undefined}
        />
      )}
      {message.toolCalls?.length ? (
        <ToolCallCards conversation={conversation} message={message} answerable={isLastReply && !busy} />
      ) : null}
      {message.stats?.error ? (
        <ErrorAlert
          error={message.stats.error}
          title={t('chat.replyFailed')}
          onRetry={isLastReply && !busy ? regenerate : undefined}
          retryLabel={t('chat.regenerate')}
        />
      ) : null}
      {message.stats?.stopped ? <p className="text-xs text-muted-foreground">{t('chat.stopped')}</p> : null}
      {message.stats ? <ReplyStatsLine stats={message.stats} /> : null}
    </li>
  );
}
