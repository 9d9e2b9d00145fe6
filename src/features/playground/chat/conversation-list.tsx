import { Check, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { stopRun, useActiveRun } from '@/features/playground/chat/chat-run';
import { useChatStore, useConversations, type Conversation } from '@/features/playground/chat/chat-store';
import { useTranslation } from '@/lib/i18n';

function RenameForm({ conversation, onDone }: { conversation: Conversation; onDone: () => void }) {
  const { t } = useTranslation('playground');
  const [title, setTitle] = useState(conversation.title);
  const renamed = useChatStore((s) => s.conversationRenamed);
  return (
    <form
      className="flex items-center gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        renamed(conversation.id, title);
        onDone();
      }}
    >
      <Input
        aria-label={t('conversations.newName')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
        controlSize="sm"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the person just asked to rename this one
        autoFocus
      />
      <Button type="submit" size="icon-sm" variant="ghost" aria-label={t('conversations.saveName')}>
        <Check aria-hidden="true" />
      </Button>
      <Button size="icon-sm" variant="ghost" aria-label={t('conversations.cancelRename')} onClick={onDone}>
        <X aria-hidden="true" />
      </Button>
    </form>
  );
}

export function ConversationList({ activeId }: { activeId: string }) {
  const { t, i18n } = useTranslation('playground');
  const conversations = useConversations();
  const { conversationStarted, conversationSelected, conversationDeleted } = useChatStore.getState();
  const run = useActiveRun();
  const [renaming, setRenaming] = useState<string>();
  const [deleted, setDeleted] = useState<{ conversation: Conversation; index: number }>();
  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => setDeleted(undefined), 15_000);
    return () => clearTimeout(timer);
  }, [deleted]);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <nav aria-label={t('conversations.label')} className="flex min-w-0 flex-col gap-2">
      <Button variant="outline" size="sm" onClick={() => conversationStarted()}>
        <Plus aria-hidden="true" />
        {t('conversations.new')}
      </Button>
      {deleted ? (
        <div
          role="status"
          className="flex items-center justify-between gap-2 rounded-md border px-2 py-1 text-xs"
        >
          <span className="min-w-0 truncate">
            {t('conversations.deleted', { title: deleted.conversation.title || t('conversations.untitled') })}
          </span>
          <Button
            size="inline"
            variant="link"
            onClick={() => {
              useChatStore.getState().conversationRestored(deleted.conversation, deleted.index);
              setDeleted(undefined);
            }}
          >
            {t('conversations.undo')}
          </Button>
        </div>
      ) : null}
      <ul className="flex max-h-[60vh] flex-col gap-1 overflow-y-auto">
        {conversations.map((c) => {
          const title = c.title || t('conversations.untitled');
          return (
            <li key={c.id} className={cn('group rounded-md', c.id === activeId && 'bg-accent')}>
              {renaming === c.id ? (
                <RenameForm conversation={c} onDone={() => setRenaming(undefined)} />
              ) : (
                <div className="flex items-center gap-1">
                  <button
                    type="button"
                    className="min-w-0 flex-1 rounded-md px-2 py-1.5 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    aria-current={c.id === activeId ? 'true' : undefined}
                    onClick={() => conversationSelected(c.id)}
                  >
                    <span className="block truncate font-medium">{title}</span>
                    <span className="block text-xs text-muted-foreground">
                      {t('conversations.meta', { count: c.messages.length, date: date.format(c.updatedAt) })}
                    </span>
                  </button>
                  <Button
                    size="icon-sm"
                    variant="ghost"
                    aria-label={t('conversations.rename', { title })}
                    onClick={() => setRenaming(c.id)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon-sm"
                    variant="ghost"
                    aria-label={t('conversations.delete', { title })}
                    onClick={() => {
                      if (run?.conversationId === c.id) stopRun();
                      setDeleted({ conversation: c, index: conversations.indexOf(c) });
                      conversationDeleted(c.id);
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
