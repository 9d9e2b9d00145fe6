import { MessagesSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { useActiveRun } from '@/features/playground/chat/chat-run';
import type { Conversation } from '@/features/playground/chat/chat-store';
import { MessageItem } from '@/features/playground/chat/message-item';

export function MessageList({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('playground');
  const run = useActiveRun();
  const endRef = useRef<HTMLDivElement>(null);
  const count = conversation.messages.length;
  useEffect(() => {
    // A block body on purpose: Chromium's scrollIntoView now returns a promise, and an effect that
    // returns anything but a cleanup function crashes React when it re-runs.
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [count, conversation.id]);

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
          busy={!!run}
          isLastReply={m.id === lastAssistant}
        />
      ))}
      <div ref={endRef} />
    </ol>
  );
}
