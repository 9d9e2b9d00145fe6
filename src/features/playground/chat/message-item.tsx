import { Pencil, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { startReply, type ActiveRun } from '@/features/playground/chat/chat-run';
import {
  newId,
  useChatStore,
  type ChatMessage,
  type Conversation,
} from '@/features/playground/chat/chat-store';
import { ReplyStatsLine } from '@/features/playground/chat/reply-stats';
import { ReplyMarkdown } from '@/features/playground/markdown/streamed-markdown';

function EditForm({
  conversation,
  message,
  onDone,
}: {
  conversation: Conversation;
  message: ChatMessage;
  onDone: () => void;
}) {
  const { t } = useTranslation('playground');
  const [text, setText] = useState(message.content);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        const s = useChatStore.getState();
        s.messagesTruncatedFrom(conversation.id, message.id);
        s.messageAdded(conversation.id, { id: newId('msg'), role: 'user', content: text });
        onDone();
        void startReply(conversation.id);
      }}
    >
      <Textarea
        aria-label={t('chat.editLabel')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={4}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the person just asked to edit this message
        autoFocus
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          {t('chat.resend')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('chat.cancelEdit')}
        </Button>
      </div>
    </form>
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
  return (
    <li
      aria-label={isUser ? t('chat.you') : t('chat.assistant')}
      aria-busy={run ? true : undefined}
      className={cn('flex flex-col gap-2 rounded-lg border p-3', isUser ? 'bg-muted/40' : 'bg-card')}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          {isUser ? t('chat.you') : t('chat.assistant')}
        </span>
        {!run && !editing ? (
          <div className="flex items-center gap-1">
            <CopyButton value={message.content} aria-label={t('chat.copy')} />
            {isUser ? (
              <Button
                size="icon-sm"
                variant="ghost"
                aria-label={t('chat.edit')}
                disabled={busy}
                onClick={() => setEditing(true)}
              >
                <Pencil aria-hidden="true" />
              </Button>
            ) : null}
            {isLastReply ? (
              <Button
                size="icon-sm"
                variant="ghost"
                aria-label={t('chat.regenerate')}
                disabled={busy}
                onClick={regenerate}
              >
                <RefreshCw aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {editing ? (
        <EditForm conversation={conversation} message={message} onDone={() => setEditing(false)} />
      ) : isUser ? (
        <p className="text-sm whitespace-pre-wrap break-words">{message.content}</p>
      ) : (
        <ReplyMarkdown
          buffer={run?.buffer}
          text={message.content}
          onRendered={run ? onReplyRendered : undefined}
        />
      )}
      {message.stats?.error ? (
        <p role="alert" className="text-sm text-destructive">
          {message.stats.error}
        </p>
      ) : null}
      {message.stats?.stopped ? <p className="text-xs text-muted-foreground">{t('chat.stopped')}</p> : null}
      {message.stats ? <ReplyStatsLine stats={message.stats} /> : null}
    </li>
  );
}
