import { ArrowDown, ArrowLeft, MessagesSquare, Settings2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ChatComposer } from '@/features/playground/chat/chat-composer';
import { ChatSettingsPanel } from '@/features/playground/chat/chat-settings-panel';
import { useActiveConversation, useChatStore } from '@/features/playground/chat/chat-store';
import { ConversationList } from '@/features/playground/chat/conversation-list';
import { MessageList } from '@/features/playground/chat/message-list';
import { useFollowStream } from '@/features/playground/chat/use-follow-stream';
import { useTranslation } from '@/lib/i18n';

type SidePanel = 'conversations' | 'settings';

/**
 * Chat in one of three API formats, with conversations kept in this browser. A chat layout
 * (decision 300): the page does not scroll; the conversation scrolls in its own area, the message
 * box stays at its bottom. Wide screens show the conversations and the settings beside it, each
 * scrolling on its own; narrower ones fold them behind two buttons above the conversation.
 */
export function ChatTool() {
  const { t } = useTranslation('playground');
  const conversation = useActiveConversation();
  const hasAny = useChatStore((s) => s.conversations.length > 0);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const follow = useFollowStream(scroller, content, sentinel);
  const [opened, setOpened] = useState<{ panel: SidePanel; from: string | undefined }>();
  // Picking or starting a conversation in the list is going to it: on a phone the list gives way.
  const side =
    opened && !(opened.panel === 'conversations' && opened.from !== conversation?.id)
      ? opened.panel
      : undefined;
  const conversationRef = useRef<HTMLElement>(null);
  const conversationsId = useId();
  const settingsId = useId();

  useEffect(() => {
    // First visit, or the open one was deleted: there is always a conversation to type into.
    const s = useChatStore.getState();
    if (!s.conversations.some((c) => c.id === s.activeId)) {
      if (s.conversations[0]) s.conversationSelected(s.conversations[0].id);
      else s.conversationStarted();
    }
  }, [conversation, hasAny]);

  if (!conversation) return null;
  const agentModes = [
    conversation.settings.toolsOn ? t('chat.toolsOnBadge') : '',
    conversation.settings.jsonOutput ? t('chat.jsonOnBadge') : '',
  ].filter(Boolean);
  // The button goes as it is pressed: focus goes on to the message box, not to the page's start.
  const backToChat = () => {
    flushSync(() => setOpened(undefined));
    conversationRef.current?.querySelector('textarea')?.focus();
  };
  const toggle = (panel: SidePanel) =>
    setOpened(side === panel ? undefined : { panel, from: conversation.id });
  // Below lg an open panel takes the conversation's place, whole: sharing a phone's height, the
  // settings and the conversation each got a few lines, and neither could be read (tour, session 11).
  const sideClass = (panel: SidePanel) =>
    cn(
      'min-h-0 lg:overflow-y-auto lg:pr-1',
      side === panel ? 'max-lg:flex-1 max-lg:overflow-y-auto max-lg:overscroll-contain' : 'max-lg:hidden',
    );
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)_17rem] lg:grid-rows-[minmax(0,1fr)] lg:gap-4">
      <div className="flex shrink-0 flex-wrap gap-2 lg:hidden">
        <Button
          variant={side === 'conversations' ? 'secondary' : 'outline'}
          size="sm"
          aria-expanded={side === 'conversations'}
          aria-controls={conversationsId}
          onClick={() => toggle('conversations')}
        >
          <MessagesSquare aria-hidden="true" />
          {t('chat.showConversations')}
        </Button>
        <Button
          variant={side === 'settings' ? 'secondary' : 'outline'}
          size="sm"
          aria-expanded={side === 'settings'}
          aria-controls={settingsId}
          onClick={() => toggle('settings')}
        >
          <Settings2 aria-hidden="true" />
          {t('chat.showSettings')}
        </Button>
        {/* Folded away below lg, tools or JSON output would still shape every reply unseen: say they
            are on (issue 43 §4). Beside the button, not in its name, so "Settings" stays its name. */}
        {agentModes.length > 0 && (
          <Badge variant="warning" role="status" className="self-center">
            {agentModes.join(' · ')}
          </Badge>
        )}
        {side && (
          <Button variant="ghost" size="sm" className="ml-auto" onClick={backToChat}>
            <ArrowLeft aria-hidden="true" />
            {t('chat.backToChat')}
          </Button>
        )}
      </div>
      <div id={conversationsId} className={sideClass('conversations')}>
        <ConversationList activeId={conversation.id} />
      </div>
      <section
        ref={conversationRef}
        aria-label={t('chat.conversation')}
        className={cn('flex min-h-0 min-w-0 flex-1 flex-col gap-3', side && 'max-lg:hidden')}
      >
        <div className="relative flex min-h-0 flex-1 flex-col">
          <div
            ref={setScroller}
            className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain rounded-md focus-visible:outline-2 focus-visible:outline-ring"
            // A scroll area must take focus for the keyboard to scroll it (WCAG 2.1.1): an exception.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
          >
            <div ref={setContent} className="flex flex-1 flex-col">
              <MessageList conversation={conversation} follow={follow} />
            </div>
            <div ref={setSentinel} aria-hidden="true" className="h-px shrink-0" />
          </div>
          {follow.awayFromEnd ? (
            <Button
              size="sm"
              variant="secondary"
              className="absolute bottom-2 left-1/2 -translate-x-1/2 shadow-md"
              onClick={follow.jumpToEnd}
            >
              <ArrowDown aria-hidden="true" />
              {t('chat.jumpToLatest')}
            </Button>
          ) : null}
        </div>
        <ChatComposer conversation={conversation} onSent={follow.jumpToEnd} />
      </section>
      <div id={settingsId} className={sideClass('settings')}>
        <ChatSettingsPanel conversation={conversation} />
      </div>
    </div>
  );
}
