import { useId } from 'react';
import { Textarea } from '@/components/ui/textarea';
import type { ChatSettings } from '@/features/playground/chat/chat-store';
import { Field, NumberField } from '@/features/playground/tool/field';
import { useTranslation } from '@/lib/i18n';

/**
 * top_p and stop sequences: sent only when set, so a request without them stays as the API's
 * defaults make it. Responses has no stop sequences, which the field says instead of dropping them.
 */
export function SamplingFields({
  settings,
  set,
}: {
  settings: ChatSettings;
  set: (patch: Partial<ChatSettings>) => void;
}) {
  const { t } = useTranslation('playground');
  const hintId = useId();
  const noStop = settings.format === 'responses';
  return (
    <>
      <NumberField
        label={t('settings.topP')}
        value={settings.topP ?? 1}
        min={0}
        max={1}
        step={0.05}
        onChange={(topP) => set({ topP })}
      />
      <Field label={t('settings.stop')}>
        {(id) => (
          <>
            <Textarea
              id={id}
              value={settings.stop ?? ''}
              rows={2}
              disabled={noStop}
              aria-describedby={hintId}
              spellCheck={false}
              onChange={(e) => set({ stop: e.target.value })}
            />
            <p id={hintId} className="text-xs text-muted-foreground">
              {noStop
                ? t('settings.stopNotInResponses')
                : settings.format === 'chat'
                  ? t('settings.stopHintChat')
                  : t('settings.stopHint')}
            </p>
          </>
        )}
      </Field>
    </>
  );
}
