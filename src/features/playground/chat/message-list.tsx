import { MessagesSquare } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { useActiveRun } from '@/features/playground/chat/chat-run';
import type { Conversation } from '@/features/playground/chat/chat-store';
import { MessageItem } from '@/features/playground/chat/message-item';
import { scrollToSentinel } from '@/features/playground/chat/use-follow-stream';

export function MessageList({
  conversation,
  sentinel,
  onReplyRendered,
}: {
  conversation: Conversation;
  /** The end of the conversation, scrolled into view when a message is added. */
  sentinel: HTMLElement | null;
  /** Runs after each rendered update of the streaming reply. */
  onReplyRendered: () => void;
}) {
  const { t } = useTranslation('playground');
  const run = useActiveRun();
  const count = conversation.messages.length;
  useEffect(() => scrollToSentinel(sentinel), [count, conversation.id, sentinel]);

  if (count === 0) {
    return (
      <EmptyState
        icon={MessagesSquare}
        title={t('chat.emptyTitle')}
        description={t('chat.emptyBody')}
        className="flex-1"
      />
    );
  }
  const lastAssistant = conversation.messages.findLast(
    (m) => m.role === 'assistant' && !m.compactionItem,
  )?.id;
  return (
    <ol aria-label={t('chat.messages')} className="flex flex-1 flex-col gap-4">
      {conversation.messages.map((m) => (
        <MessageItem
          key={m.id}
          conversation={conversation}
          message={m}
          run={run?.messageId === m.id ? run : undefined}
          onReplyRendered={onReplyRendered}
          busy={!!run}
          isLastReply={m.id === lastAssistant}
        />
      ))}
    </ol>
  );
}
