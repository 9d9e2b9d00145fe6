import { MessagesSquare } from 'lucide-react';
import { useEffect, useLayoutEffect } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { useActiveRun } from '@/features/playground/chat/chat-run';
import type { Conversation } from '@/features/playground/chat/chat-store';
import { MessageItem } from '@/features/playground/chat/message-item';
import type { FollowStream } from '@/features/playground/chat/use-follow-stream';
import { useTranslation } from '@/lib/i18n';

export function MessageList({
  conversation,
  follow,
}: {
  conversation: Conversation;
  /** Keeps the end of the conversation in view (see useFollowStream). */
  follow: FollowStream;
}) {
  const { t } = useTranslation('playground');
  const run = useActiveRun();
  const count = conversation.messages.length;
  const { jumpToEnd, onRendered } = follow;
  // A conversation opens at its latest message; one that grows (a reply, a tool's answer) follows
  // only a reader who is at the end ("Jump to latest" shows otherwise).
  useLayoutEffect(() => jumpToEnd(), [conversation.id, jumpToEnd]);
  useEffect(() => onRendered(), [count, onRendered]);
  // The end of a reply adds its figures (and perhaps an error) below it: a reader who was following
  // stays at the end.
  const streaming = !!run;
  useLayoutEffect(() => {
    if (!streaming) onRendered();
  }, [streaming, onRendered]);

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
    <ol aria-label={t('chat.messages')} className="flex flex-col gap-4 pb-1">
      {/* A compaction's copies of the user's turns are sent, not shown: the originals are above. */}
      {conversation.messages
        .filter((m) => !m.carried)
        .map((m) => (
          <MessageItem
            key={m.id}
            conversation={conversation}
            message={m}
            run={run?.messageId === m.id ? run : undefined}
            onReplyRendered={onRendered}
            busy={!!run}
            isLastReply={m.id === lastAssistant}
          />
        ))}
    </ol>
  );
}
