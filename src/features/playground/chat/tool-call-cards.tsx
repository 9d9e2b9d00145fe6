import { Wrench } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { startReply } from '@/features/playground/chat/chat-run';
import {
  useChatStore,
  type ChatMessage,
  type Conversation,
  type ToolCallView,
} from '@/features/playground/chat/chat-store';
import { useTranslation } from '@/lib/i18n';

function prettyArguments(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}

/** The person plays the tool: types its result, which is sent back and the conversation goes on. */
function ResultForm({ call, onSubmit }: { call: ToolCallView; onSubmit: (result: string) => void }) {
  const { t } = useTranslation('playground');
  const id = useId();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(text);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t('agent.resultFor', { name: call.name })}</Label>
      <Textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('agent.resultPlaceholder')}
        rows={3}
        spellCheck={false}
        code
      />
      <div>
        <Button type="submit" size="sm">
          {t('agent.sendResult')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A reply's tool calls as cards: the tool's name and its arguments, then either the result already
 * given or (on the last reply) a form to answer it. When every call has its result, the
 * conversation continues with them.
 */
export function ToolCallCards({
  conversation,
  message,
  answerable,
}: {
  conversation: Conversation;
  message: ChatMessage;
  answerable: boolean;
}) {
  const { t } = useTranslation('playground');
  const calls = message.toolCalls ?? [];
  const answer = (index: number, result: string) => {
    const next = calls.map((c, i) => (i === index ? { ...c, result } : c));
    useChatStore.getState().messageUpdated(conversation.id, message.id, { toolCalls: next });
    if (next.every((c) => c.result !== undefined)) void startReply(conversation.id);
  };
  return (
    <ul className="flex flex-col gap-2" aria-label={t('agent.calls')}>
      {calls.map((call, i) => (
        <li key={call.id} className="flex flex-col gap-2 rounded-md border bg-muted/30 p-3">
          <p className="flex items-center gap-2 text-sm">
            <Wrench aria-hidden="true" className="size-4 text-muted-foreground" />
            <span>{t('agent.calledTool')}</span>
            <code className="font-mono font-semibold">{call.name}</code>
          </p>
          <pre
            aria-label={t('agent.arguments', { name: call.name })}
            className="overflow-x-auto rounded bg-background p-2 font-mono text-xs"
          >
            {prettyArguments(call.arguments)}
          </pre>
          {call.result !== undefined ? (
            <div className="flex flex-col gap-1">
              <span className="text-xs font-medium text-muted-foreground">{t('agent.result')}</span>
              <pre className="overflow-x-auto rounded bg-background p-2 font-mono text-xs whitespace-pre-wrap">
                {call.result}
              </pre>
            </div>
          ) : answerable ? (
            <ResultForm call={call} onSubmit={(result) => answer(i, result)} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
