import {
  DIGITAL_HUMAN_AUDIO_MODELS,
  DIGITAL_HUMAN_VIDEO_MODELS,
  MUSIC_MODELS,
  VIDEO_MODEL_IDS,
  VIDEO_RESOLUTIONS,
} from '@contract/models';
import { isRecord } from '@contract/is-record';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useTranslation } from '@/lib/i18n';
import { variablesInRequest, type TemplateVariable } from '@/lib/templates/variables';
import { kindOfBody } from '@/lib/digital-human-draft';
import { BATCH_KINDS, starterRequest, type Batch, type BatchKind } from './batch-model';
import { guessColumns } from './batch-table';

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/**
 * The request every row starts from, written on the page: a prompt with `{{variables}}` and the
 * video fields, or any request pasted as JSON. A saved template comes in through startFromRequest.
 */
export function BatchRequestCard({
  batch,
  disabled,
  onChange,
  startFromRequest,
}: {
  batch: Batch;
  disabled: boolean;
  onChange: (change: (b: Batch) => Batch) => void;
  startFromRequest: (request: Record<string, unknown>, variables?: TemplateVariable[]) => void;
}) {
  const { t } = useTranslation('batches');
  const [json, setJson] = useState('');
  const [jsonError, setJsonError] = useState(false);
  const request = batch.request;
  const set = (field: string, value: string | number | boolean) =>
    onChange((b) => ({ ...b, request: { ...b.request, [field]: value } }));
  const names = variablesInRequest(request);
  const defaultOf = (name: string) => batch.variables.find((v) => v.name === name)?.default ?? '';
  const setDefault = (name: string, value: string) =>
    onChange((b) => ({
      ...b,
      variables: [...b.variables.filter((v) => v.name !== name), { name, default: value }],
    }));

  /** Another kind starts from that kind's request; the table stays, its columns mapped afresh. */
  const setKind = (kind: BatchKind) =>
    onChange((b) => {
      const next = starterRequest(kind);
      return { ...b, kind, request: next, variables: [], columns: guessColumns(b.headers, next, kind) };
    });

  function applyJson() {
    try {
      const parsed: unknown = JSON.parse(json);
      if (!isRecord(parsed)) throw new Error('not an object');
      setJsonError(false);
      startFromRequest(parsed);
    } catch {
      setJsonError(true);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('request.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <fieldset disabled={disabled} className="grid gap-3">
          <div className="grid max-w-xs gap-1.5">
            <Label htmlFor="batch-kind">{t('request.kind')}</Label>
            <Select
              id="batch-kind"
              value={batch.kind}
              disabled={batch.state !== 'draft'}
              onChange={(e) => setKind(e.target.value as BatchKind)}
            >
              {BATCH_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </Select>
          </div>
          {batch.kind !== 'digital_human' && (
            <div className="grid gap-1.5">
              <Label htmlFor="batch-prompt">{t('request.prompt')}</Label>
              <Textarea
                id="batch-prompt"
                value={text(request.prompt)}
                onChange={(e) => set('prompt', e.target.value)}
              />
              <p className="text-xs text-muted-foreground">{t('request.promptHint')}</p>
            </div>
          )}
          {batch.kind === 'digital_human' ? (
            <DigitalHumanFields request={request} set={set} onChange={onChange} />
          ) : batch.kind === 'music' ? (
            <MusicFields request={request} set={set} />
          ) : (
            <div className="grid gap-3 md:grid-cols-4">
              <ChoiceField field="model" choices={VIDEO_MODEL_IDS} request={request} set={set} />
              <TextField
                field="duration"
                request={request}
                inputMode="decimal"
                // A whole number is sent as one; anything else as typed, for the row checks to judge.
                set={(field, v) => set(field, /^\d+$/.test(v) ? Number(v) : v)}
              />
              <TextField field="ratio" request={request} set={set} />
              <ChoiceField field="resolution" choices={VIDEO_RESOLUTIONS} request={request} set={set} />
            </div>
          )}
          {names.length > 0 && (
            <div className="grid gap-2">
              <p className="text-sm font-medium">{t('request.variables')}</p>
              <ul className="grid gap-2 sm:grid-cols-2">
                {names.map((name) => (
                  <li key={name} className="grid gap-1">
                    <Label htmlFor={`batch-var-${name}`}>{t('request.defaultOf', { name })}</Label>
                    <Input
                      id={`batch-var-${name}`}
                      value={defaultOf(name)}
                      placeholder={t('request.noDefault')}
                      onChange={(e) => setDefault(name, e.target.value)}
                    />
                  </li>
                ))}
              </ul>
            </div>
          )}
          <details>
            <summary className="cursor-pointer text-sm">{t('request.pasteJson')}</summary>
            <div className="mt-2 grid gap-2">
              <Textarea
                code
                aria-label={t('request.jsonLabel')}
                value={json}
                aria-invalid={jsonError || undefined}
                onChange={(e) => setJson(e.target.value)}
              />
              {jsonError && <p className="text-sm text-destructive">{t('request.jsonError')}</p>}
              <div>
                <Button type="button" variant="outline" size="sm" onClick={applyJson}>
                  {t('request.useJson')}
                </Button>
              </div>
            </div>
          </details>
        </fieldset>
      </CardContent>
    </Card>
  );
}

/** A music batch's fields, as the music form has them: custom mode makes the prompt the lyrics. */
function MusicFields({
  request,
  set,
}: {
  request: Record<string, unknown>;
  set: (field: string, value: string | boolean) => void;
}) {
  const { t } = useTranslation('batches');
  return (
    <div className="grid gap-3 md:grid-cols-4">
      <ChoiceField field="model" choices={MUSIC_MODELS} request={request} set={set} />
      <TextField field="style" request={request} set={set} />
      <TextField field="title" request={request} set={set} />
      <div className="flex items-center gap-2 self-end pb-2">
        <Checkbox
          id="batch-custom-mode"
          checked={request.customMode === true}
          onCheckedChange={(v) => set('customMode', v === true)}
        />
        <Label htmlFor="batch-custom-mode">{t('request.customMode')}</Label>
      </div>
    </div>
  );
}

/**
 * A digital-human batch's fields, as the form has them: an avatar video (avatar, audio, name) or
 * a spoken audio (text, voice), by the request's model and fields; the consent record for all rows.
 */
function DigitalHumanFields({
  request,
  set,
  onChange,
}: {
  request: Record<string, unknown>;
  set: (field: string, value: string) => void;
  onChange: (change: (b: Batch) => Batch) => void;
}) {
  const { t } = useTranslation('batches');
  const mode = kindOfBody(request) === 'digital_human_audio' ? 'audio' : 'video';
  // The other mode starts from its own request; the consent and the table stay, columns mapped afresh.
  const setMode = (next: 'video' | 'audio') =>
    onChange((b) => {
      const consent = { authorization_asset_id: b.request.authorization_asset_id ?? '' };
      const request =
        next === 'audio'
          ? { model: DIGITAL_HUMAN_AUDIO_MODELS[0], text: '{{text}}', voice_asset_id: '', ...consent }
          : { ...starterRequest('digital_human'), ...consent };
      return { ...b, request, variables: [], columns: guessColumns(b.headers, request, b.kind) };
    });
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 md:grid-cols-4">
        <div className="grid gap-1.5">
          <Label htmlFor="batch-dh-mode">{t('request.dhMode')}</Label>
          <Select
            id="batch-dh-mode"
            value={mode}
            onChange={(e) => setMode(e.target.value as 'video' | 'audio')}
          >
            {(['video', 'audio'] as const).map((m) => (
              <option key={m} value={m}>
                {t(`request.dhModes.${m}`)}
              </option>
            ))}
          </Select>
        </div>
        <ChoiceField
          field="model"
          choices={mode === 'audio' ? DIGITAL_HUMAN_AUDIO_MODELS : DIGITAL_HUMAN_VIDEO_MODELS}
          request={request}
          set={set}
        />
        {mode === 'video' ? (
          <>
            <TextField field="avatar_asset_id" request={request} set={set} />
            <TextField field="audio_url" request={request} set={set} />
            <TextField field="name" request={request} set={set} />
          </>
        ) : (
          <>
            <TextField field="text" request={request} set={set} />
            <TextField field="voice_asset_id" request={request} set={set} />
          </>
        )}
      </div>
      <div className="grid max-w-md gap-1.5">
        <TextField field="authorization_asset_id" request={request} set={set} />
        <p className="text-xs text-muted-foreground">{t('request.authorizationHint')}</p>
      </div>
    </div>
  );
}

interface FieldProps {
  field: string;
  request: Record<string, unknown>;
  set: (field: string, value: string) => void;
}

/** One of the request's text fields, labelled by its name in `fields.*`. */
function TextField({ field, request, set, inputMode }: FieldProps & { inputMode?: 'decimal' }) {
  const { t } = useTranslation('batches');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`batch-${field}`}>{t(`fields.${field}`)}</Label>
      <Input
        id={`batch-${field}`}
        inputMode={inputMode}
        value={text(request[field])}
        onChange={(e) => set(field, e.target.value)}
      />
    </div>
  );
}

/** One of the request's fields with known values; a value from a template or JSON stays listed. */
function ChoiceField({ field, request, set, choices }: FieldProps & { choices: readonly string[] }) {
  const { t } = useTranslation('batches');
  const value = text(request[field]);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`batch-${field}`}>{t(`fields.${field}`)}</Label>
      <Select id={`batch-${field}`} value={value} onChange={(e) => set(field, e.target.value)}>
        {[...new Set([...choices, value])].map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </Select>
    </div>
  );
}
