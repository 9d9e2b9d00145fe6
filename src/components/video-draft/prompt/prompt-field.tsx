import { Label } from '@/components/ui/label';
import { FieldMessage } from '@/components/form/field';
import type { FieldFeedback } from '@/lib/form/issues';
import { useTranslation } from '@/lib/i18n';
import { PromptEditor } from './prompt-editor';

/** The prompt with its length (no limit: the specification sets none, issue 44); the hint lists the aliases a mention can name. */
export function PromptField({
  id,
  value,
  aliases,
  feedback,
  onChange,
}: {
  id: string;
  value: string;
  aliases: string[];
  feedback?: FieldFeedback;
  onChange: (prompt: string) => void;
}) {
  const { t } = useTranslation('composer');
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{t('prompt.label')}</Label>
        <span className="text-xs tabular-nums text-muted-foreground" aria-hidden="true">
          {value.length}
        </span>
      </div>
      <PromptEditor
        id={id}
        value={value}
        onChange={onChange}
        aliases={aliases}
        invalid={!!feedback?.serverMessage || feedback?.issue?.severity === 'error'}
        describedBy={`${id}-message`}
      />
      <FieldMessage
        id={`${id}-message`}
        feedback={feedback}
        hint={
          aliases.length > 0
            ? t('prompt.hintAliases', { aliases: aliases.map((a) => `@${a}`).join(' ') })
            : t('prompt.hint')
        }
      />
    </div>
  );
}
