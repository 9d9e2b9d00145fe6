import { useId } from 'react';
import type { ChatFormat } from '@/api/text-events';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { buildChatRequest } from '@/features/playground/chat/chat-request';
import { AgentSettings } from '@/features/playground/chat/agent-settings';
import { CompactButton, CompactionSaved } from '@/features/playground/chat/compact-button';
import {
  DEFAULT_MODELS,
  useChatStore,
  type ChatSettings,
  type Conversation,
} from '@/features/playground/chat/chat-store';
import { ChoiceField, Field, NumberField } from '@/features/playground/tool/field';
import { ViewCodeButton } from '@/features/playground/view-code/view-code-button';
import { SamplingFields } from '@/features/playground/chat/sampling-fields';
import { useTranslation } from '@/lib/i18n';

const FORMATS: ChatFormat[] = ['chat', 'responses', 'messages'];
const MODELS = ['service-chat', 'service-messages'];

export function ChatSettingsPanel({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('playground');
  const changed = useChatStore((s) => s.settingsChanged);
  const { settings } = conversation;
  const set = (patch: Partial<ChatSettings>) => changed(conversation.id, patch);
  const streamId = useId();
  const changeFormat = (format: ChatFormat) => {
    // A model left at the old format's default follows the format; a typed one stays.
    const model =
      settings.model === DEFAULT_MODELS[settings.format] ? DEFAULT_MODELS[format] : settings.model;
    set({ format, model });
  };

  return (
    <aside aria-label={t('settings.label')} className="flex flex-col gap-4" key={conversation.id}>
      <ChoiceField
        label={t('settings.format')}
        value={settings.format}
        choices={FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
        onChange={changeFormat}
      />
      <Field label={t('settings.model')}>
        {(id) => (
          <>
            <Input
              id={id}
              list={`${id}-models`}
              value={settings.model}
              onChange={(e) => set({ model: e.target.value })}
              spellCheck={false}
            />
            <datalist id={`${id}-models`}>
              {MODELS.map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field label={t('settings.system')}>
        {(id) => (
          <Textarea
            id={id}
            value={settings.system}
            placeholder={t('settings.systemPlaceholder')}
            onChange={(e) => set({ system: e.target.value })}
            rows={3}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label={t('settings.temperature')}
          value={settings.temperature}
          min={0}
          max={2}
          step={0.1}
          onChange={(temperature) => set({ temperature })}
        />
        <NumberField
          label={t('settings.maxTokens')}
          value={settings.maxTokens}
          min={1}
          max={100000}
          step={1}
          onChange={(maxTokens) => set({ maxTokens: Math.round(maxTokens) })}
        />
      </div>
      <SamplingFields settings={settings} set={set} />
      <div className="flex items-center gap-2">
        <input
          id={streamId}
          type="checkbox"
          className="size-4 accent-primary"
          checked={settings.stream}
          onChange={(e) => set({ stream: e.target.checked })}
        />
        <Label htmlFor={streamId}>{t('settings.stream')}</Label>
      </div>
      <AgentSettings settings={settings} set={set} />
      <div className="flex flex-wrap gap-2">
        <ViewCodeButton
          request={() => ({ kind: 'json', ...buildChatRequest(settings, conversation.messages) })}
        />
        <CompactButton conversation={conversation} />
      </div>
      {conversation.compaction ? <CompactionSaved {...conversation.compaction} /> : null}
    </aside>
  );
}
