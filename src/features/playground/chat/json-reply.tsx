import { CircleAlert, CircleCheck } from 'lucide-react';
import { useMemo } from 'react';
import { JsonView } from '@/components/ui/json-view';
import { checkJsonReply } from '@/features/playground/chat/json-check';
import { useTranslation } from '@/lib/i18n';

/** A JSON-output reply: pretty-printed, and whether it matches the schema sent with it (and where not). */
export function JsonReply({ text, schema }: { text: string; schema: Record<string, unknown> | undefined }) {
  const { t } = useTranslation('playground');
  const result = useMemo(() => checkJsonReply(text, schema), [text, schema]);
  if (result.kind === 'not-json') {
    return (
      <div className="flex flex-col gap-2">
        <p className="flex items-center gap-1.5 text-sm text-destructive">
          <CircleAlert aria-hidden="true" className="size-4" />
          {t('agent.notJson')}
        </p>
        <p className="text-sm whitespace-pre-wrap break-words">{text}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <JsonView value={result.value} label={t('agent.jsonReply')} wrap maxHeight="lg" />
      {result.kind === 'matches' ? (
        <p className="flex items-center gap-1.5 text-sm text-success">
          <CircleCheck aria-hidden="true" className="size-4" />
          {schema ? t('agent.matchesSchema') : t('agent.validJson')}
        </p>
      ) : (
        <p className="flex items-center gap-1.5 text-sm text-destructive">
          <CircleAlert aria-hidden="true" className="size-4" />
          {t('agent.failsSchema', { path: result.path, problem: result.problem })}
        </p>
      )}
    </div>
  );
}
