import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import {
  parseSchema,
  parseTools,
  SCHEMA_EXAMPLE,
  TOOL_EXAMPLES,
} from '@/features/playground/chat/agent-request';
import type { ChatSettings } from '@/features/playground/chat/chat-store';
import { useTranslation } from '@/lib/i18n';

function Switch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/** A JSON text area that says, under it, why its text is not usable yet. */
function JsonEditor({
  label,
  value,
  error,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        rows={8}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="font-mono text-xs"
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** Tools the model may call and the JSON-output switch, for the chat's request settings. */
export function AgentSettings({
  settings,
  set,
}: {
  settings: ChatSettings;
  set: (patch: Partial<ChatSettings>) => void;
}) {
  const { t } = useTranslation('playground');
  const tools = parseTools(settings.tools ?? '');
  const schema = parseSchema(settings.jsonSchema ?? '');
  const toolsError =
    settings.toolsOn && !tools.ok
      ? t(
          tools.error === 'not-array' || tools.error === 'tool-shape'
            ? 'agent.toolsShape'
            : 'agent.invalidJson',
          {
            reason: tools.error,
          },
        )
      : undefined;
  const schemaError =
    settings.jsonOutput && !schema.ok
      ? t(schema.error === 'not-object' ? 'agent.schemaShape' : 'agent.invalidJson', { reason: schema.error })
      : undefined;
  const noJson = settings.format === 'messages';
  // Closed until used, so that the settings column stays as short as the chat beside it.
  const [open, setOpen] = useState(Boolean(settings.toolsOn || settings.jsonOutput));

  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="rounded-md border p-3 [&[open]>summary]:mb-3"
    >
      <summary className="cursor-pointer text-sm font-medium">{t('agent.legend')}</summary>
      <div className="flex flex-col gap-3">
        <Switch
          label={t('agent.toolsOn')}
          checked={settings.toolsOn ?? false}
          onChange={(toolsOn) => set({ toolsOn, tools: settings.tools || pretty(TOOL_EXAMPLES.weather) })}
        />
        {settings.toolsOn ? (
          <>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => set({ tools: pretty(TOOL_EXAMPLES.weather) })}
              >
                {t('agent.exampleWeather')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => set({ tools: pretty(TOOL_EXAMPLES.calendar) })}
              >
                {t('agent.exampleCalendar')}
              </Button>
            </div>
            <JsonEditor
              label={t('agent.tools')}
              value={settings.tools ?? ''}
              error={toolsError}
              onChange={(value) => set({ tools: value })}
            />
            <p className="text-xs text-muted-foreground">{t('agent.toolsHint')}</p>
          </>
        ) : null}
        <Switch
          label={t('agent.jsonOn')}
          checked={!noJson && (settings.jsonOutput ?? false)}
          disabled={noJson}
          onChange={(jsonOutput) => set({ jsonOutput })}
        />
        {noJson ? <p className="text-xs text-muted-foreground">{t('agent.jsonMessages')}</p> : null}
        {settings.jsonOutput && !noJson ? (
          <>
            <JsonEditor
              label={t('agent.schema')}
              value={settings.jsonSchema ?? ''}
              error={schemaError}
              placeholder={t('agent.schemaPlaceholder')}
              onChange={(value) => set({ jsonSchema: value })}
            />
            <div>
              <Button size="sm" variant="outline" onClick={() => set({ jsonSchema: pretty(SCHEMA_EXAMPLE) })}>
                {t('agent.exampleSchema')}
              </Button>
            </div>
          </>
        ) : null}
      </div>
    </details>
  );
}
