import { useEffect, useState } from 'react';
import { ChatComposer } from '@/features/playground/chat/chat-composer';
import { ChatSettingsPanel } from '@/features/playground/chat/chat-settings-panel';
import { useActiveConversation, useChatStore } from '@/features/playground/chat/chat-store';
import { ConversationList } from '@/features/playground/chat/conversation-list';
import { MessageList } from '@/features/playground/chat/message-list';
import { useFollowStream } from '@/features/playground/chat/use-follow-stream';
import { useTranslation } from '@/lib/i18n';

/** Chat in one of three API formats, with conversations kept in this browser. */
export function ChatTool() {
  const { t } = useTranslation('playground');
  const conversation = useActiveConversation();
  const hasAny = useChatStore((s) => s.conversations.length > 0);
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const follow = useFollowStream(sentinel);

  useEffect(() => {
    // First visit, or the open one was deleted: there is always a conversation to type into.
    const s = useChatStore.getState();
    if (!s.conversations.some((c) => c.id === s.activeId)) {
      if (s.conversations[0]) s.conversationSelected(s.conversations[0].id);
      else s.conversationStarted();
    }
  }, [conversation, hasAny]);

  if (!conversation) return null;
  return (
    <div className="grid gap-4 lg:grid-cols-[14rem_minmax(0,1fr)_17rem]">
      <ConversationList activeId={conversation.id} />
      <section aria-label={t('chat.conversation')} className="flex min-h-[32rem] min-w-0 flex-col gap-3">
        <MessageList conversation={conversation} follow={follow} />
        <ChatComposer conversation={conversation} />
        {/* The end of the conversation, below the composer (see useFollowStream); no room of its own. */}
        <div ref={setSentinel} aria-hidden="true" className="-mt-3 h-0" />
      </section>
      <ChatSettingsPanel conversation={conversation} />
    </div>
  );
}
