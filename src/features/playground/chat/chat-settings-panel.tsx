import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatFormat } from '@/api/text-events';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { buildChatRequest } from '@/features/playground/chat/chat-request';
import { CompactButton } from '@/features/playground/chat/compact-button';
import {
  DEFAULT_MODELS,
  useChatStore,
  type ChatSettings,
  type Conversation,
} from '@/features/playground/chat/chat-store';
import { ViewCodeButton } from '@/features/playground/view-code/view-code-button';

const FORMATS: ChatFormat[] = ['chat', 'responses', 'messages'];
const MODELS = ['service-chat', 'service-messages'];

/** A number field that keeps what is typed and stores it only when it is a number in range. */
function NumberField({
  label,
  value,
  min,
  max,
  step,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (v: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        defaultValue={value}
        onChange={(e) => {
          const v = e.target.valueAsNumber;
          if (Number.isFinite(v) && v >= min && v <= max) onChange(v);
        }}
      />
    </div>
  );
}

export function ChatSettingsPanel({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('playground');
  const changed = useChatStore((s) => s.settingsChanged);
  const { settings } = conversation;
  const set = (patch: Partial<ChatSettings>) => changed(conversation.id, patch);
  const ids = { format: useId(), model: useId(), models: useId(), system: useId(), stream: useId() };

  return (
    <aside aria-label={t('settings.label')} className="flex flex-col gap-4" key={conversation.id}>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.format}>{t('settings.format')}</Label>
        <Select
          id={ids.format}
          value={settings.format}
          onChange={(e) => {
            const format = e.target.value as ChatFormat;
            // A model left at the old format's default follows the format; a typed one stays.
            const model =
              settings.model === DEFAULT_MODELS[settings.format] ? DEFAULT_MODELS[format] : settings.model;
            set({ format, model });
          }}
        >
          {FORMATS.map((f) => (
            <option key={f} value={f}>
              {t(`formats.${f}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.model}>{t('settings.model')}</Label>
        <Input
          id={ids.model}
          list={ids.models}
          value={settings.model}
          onChange={(e) => set({ model: e.target.value })}
          spellCheck={false}
        />
        <datalist id={ids.models}>
          {MODELS.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.system}>{t('settings.system')}</Label>
        <Textarea
          id={ids.system}
          value={settings.system}
          placeholder={t('settings.systemPlaceholder')}
          onChange={(e) => set({ system: e.target.value })}
          rows={3}
        />
      </div>
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
      <div className="flex items-center gap-2">
        <input
          id={ids.stream}
          type="checkbox"
          className="size-4 accent-primary"
          checked={settings.stream}
          onChange={(e) => set({ stream: e.target.checked })}
        />
        <Label htmlFor={ids.stream}>{t('settings.stream')}</Label>
      </div>
      <div className="flex flex-wrap gap-2">
        <ViewCodeButton
          request={() => ({ kind: 'json', ...buildChatRequest(settings, conversation.messages) })}
        />
        <CompactButton conversation={conversation} />
      </div>
      {conversation.compaction ? (
        <p className="rounded-md border bg-muted/50 p-2 text-xs" role="status">
          {t('compact.saved', {
            before: conversation.compaction.before,
            after: conversation.compaction.after,
            percent: Math.max(
              0,
              Math.round(
                (1 - conversation.compaction.after / Math.max(1, conversation.compaction.before)) * 100,
              ),
            ),
          })}
        </p>
      ) : null}
    </aside>
  );
}
