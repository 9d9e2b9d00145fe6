import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { startReply } from '@/features/playground/chat/chat-run';
import {
  newId,
  useChatStore,
  type ChatMessage,
  type Conversation,
} from '@/features/playground/chat/chat-store';
import { useTranslation } from '@/lib/i18n';

/** Editing a sent message: resending drops it and everything after it, then asks again. */
export function EditMessageForm({
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
