import { SendHorizontal, Square } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useChatDraftStore } from '@/features/playground/chat/chat-draft-store';
import { startReply, stopRun, useActiveRun } from '@/features/playground/chat/chat-run';
import { newId, useChatStore, type Conversation } from '@/features/playground/chat/chat-store';
import { useTranslation } from '@/lib/i18n';

export function ChatComposer({
  conversation,
  onSent,
}: {
  conversation: Conversation;
  /** The person's own message: the conversation goes to its end, wherever they had scrolled. */
  onSent: () => void;
}) {
  const { t } = useTranslation('playground');
  const id = useId();
  const run = useActiveRun();
  const text = useChatDraftStore((s) => s.drafts[conversation.id] ?? '');
  const setText = (value: string) => useChatDraftStore.getState().draftChanged(conversation.id, value);
  const send = () => {
    if (!text.trim() || run) return;
    useChatStore.getState().messageAdded(conversation.id, { id: newId('msg'), role: 'user', content: text });
    useChatDraftStore.getState().draftSent(conversation.id);
    void startReply(conversation.id);
    onSent();
  };
  return (
    <form
      className="flex shrink-0 flex-col gap-2 border-t bg-background pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <Label htmlFor={id} className="sr-only">
        {t('chat.message')}
      </Label>
      <Textarea
        id={id}
        value={text}
        rows={3}
        placeholder={t('chat.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
      />
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">{t('chat.hint')}</p>
        {run ? (
          <Button variant="destructive" size="sm" onClick={stopRun}>
            <Square aria-hidden="true" />
            {t('chat.stop')}
          </Button>
        ) : (
          <Button type="submit" size="sm" disabled={!text.trim()}>
            <SendHorizontal aria-hidden="true" />
            {t('chat.send')}
          </Button>
        )}
      </div>
    </form>
  );
}
