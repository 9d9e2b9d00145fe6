import { useId, useState } from 'react';
import { isVideoModel, VIDEO_MODEL_IDS } from '@contract/models';
import { useApiKey } from '@/api/connection-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useTranslation } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { requestLeaves, withLeaves } from '@/lib/request-diff';
import {
  latestVersion,
  modelOf,
  parseTags,
  variablesFor,
  type Template,
  type TemplateKind,
} from '@/lib/templates/template-model';
import { saveTemplate, useTemplates } from '@/lib/templates/template-store';
import { useReturnFocusOnUnmount } from '@/lib/use-url-dialog';
import { VariableDefaults } from './variable-defaults';

export type TemplateDialogProps = { onClose: () => void } & (
  | {
      /** Save the request a form would send: a name already kept for its kind saves that template's next version. */
      mode: 'save';
      kind: TemplateKind;
      request: Record<string, unknown>;
      /** What of the form the request leaves out, said before the save (the composer's variations). */
      note?: string;
    }
  | {
      /** Edit a kept template into its next version: its name, tags and every text field of its request. */
      mode: 'edit';
      template: Template;
    }
);

/**
 * A text written in sentences (a prompt, lyrics) gets a box of lines; a value (a model, a ratio, a
 * URL) one line, as its form shows it: a 16:9 in a three-line box reads as a place for prose.
 */
const isProse = (path: string, value: string) =>
  /(^|\.)(prompt|lyrics|text|script|style)$/i.test(path) || value.includes('\n') || value.length > 80;

/** The request without any field that carries the API key (a callback URL with the key in it). */
function withoutKey(request: Record<string, unknown>, apiKey: string): Record<string, unknown> {
  if (!apiKey) return request;
  return Object.fromEntries(
    Object.entries(request).filter(([, value]) => !JSON.stringify(value).includes(apiKey)),
  );
}

/**
 * The one form that writes a template: every save is a version (template-store.ts), with a default
 * for each `{{variable}}`. Saving from a form names the template (a known name of the same kind
 * continues it); editing changes the kept template's texts, a `{{variable}}` may go in any of them.
 */
export function TemplateDialog(props: TemplateDialogProps) {
  const { t } = useTranslation('templates');
  const id = useId();
  const apiKey = useApiKey();
  const templates = useTemplates();
  const editing = props.mode === 'edit' ? props.template : undefined;
  const kind = props.mode === 'edit' ? props.template.kind : props.kind;
  const [name, setName] = useState(editing?.name ?? '');
  const [tags, setTags] = useState(editing?.tags.join(', ') ?? '');
  const [edits, setEdits] = useState(() => new Map<string, string>());
  const [defaults, setDefaults] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useReturnFocusOnUnmount();
  const sameKind = templates.filter((template) => template.kind === kind);
  // The template this saves a version of: the one edited, or the one of the name typed.
  const continued = editing ?? sameKind.find((template) => template.name === name.trim());
  // The key is never kept in the browser's storage (decision 040).
  const given =
    props.mode === 'edit' ? latestVersion(props.template).request : withoutKey(props.request, apiKey);
  const texts = editing
    ? [...requestLeaves(given)].filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    : [];
  const request = editing ? withLeaves(given, edits) : given;
  // A video template's model is one of the line's: any other is refused by the composer after the
  // insert, so it is said here, where it is typed (still saved: a template may be kept half-made).
  const badModel = (path: string) => kind === 'video' && path === 'model' && !isVideoModel(request.model);
  const variables = variablesFor(request, continued ? latestVersion(continued).variables : []).map((v) => ({
    name: v.name,
    default: defaults[v.name] ?? v.default,
  }));

  async function save() {
    setSaving(true);
    try {
      const saved = await saveTemplate({
        id: continued?.id,
        name,
        // Saving from a form over a kept name with no tags typed keeps that template's tags.
        tags: !editing && continued && !tags.trim() ? continued.tags : parseTags(tags),
        model: modelOf(request) || (editing?.model ?? ''),
        kind,
        request,
        variables,
      });
      notifySuccess(t('save.saved', { name: saved.name, version: latestVersion(saved).version }));
      props.onClose();
    } catch (error) {
      notifyError(error, t('save.failed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent width={editing ? '2xl' : undefined}>
        <DialogTitle>{editing ? t('edit.title', { name: editing.name }) : t('save.title')}</DialogTitle>
        <DialogDescription>
          {editing
            ? t('edit.description', { version: latestVersion(editing).version + 1 })
            : t('save.description')}
        </DialogDescription>
        {props.mode === 'save' && props.note && (
          <p role="note" className="text-sm text-muted-foreground">
            {props.note}
          </p>
        )}
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            // The dialog is portalled out of the DOM but not out of React: its submit would bubble to
            // the form it was opened from (a task form's submit sends a task).
            e.stopPropagation();
            if (name.trim()) void save();
          }}
        >
          <div className={editing ? 'grid gap-4 sm:grid-cols-2' : 'flex flex-col gap-4'}>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-name`}>{t('fields.name')}</Label>
              <Input
                id={`${id}-name`}
                list={editing ? undefined : `${id}-names`}
                value={name}
                required
                onChange={(e) => setName(e.target.value)}
                aria-describedby={editing ? undefined : `${id}-name-hint`}
              />
              {!editing && (
                <>
                  <datalist id={`${id}-names`}>
                    {sameKind.map((template) => (
                      <option key={template.id} value={template.name} />
                    ))}
                  </datalist>
                  <p id={`${id}-name-hint`} className="text-xs text-muted-foreground" role="status">
                    {continued
                      ? t('save.newVersion', { version: latestVersion(continued).version + 1 })
                      : t('save.newTemplate')}
                  </p>
                </>
              )}
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-tags`}>{t('fields.tags')}</Label>
              <Input
                id={`${id}-tags`}
                value={tags}
                placeholder={editing ? undefined : continued?.tags.join(', ')}
                onChange={(e) => setTags(e.target.value)}
              />
            </div>
          </div>
          {editing && (
            <fieldset className="flex flex-col gap-3">
              <legend className="pb-2 text-sm font-medium">{t('edit.fields')}</legend>
              {texts.map(([path, value], i) => (
                <div key={path} className="flex flex-col gap-1">
                  <Label htmlFor={`${id}-field-${i}`} className="font-mono text-xs">
                    {path}
                  </Label>
                  {isProse(path, value) ? (
                    <Textarea
                      id={`${id}-field-${i}`}
                      rows={3}
                      value={edits.get(path) ?? value}
                      onChange={(e) => setEdits((all) => new Map(all).set(path, e.target.value))}
                    />
                  ) : (
                    <Input
                      id={`${id}-field-${i}`}
                      className={path === 'model' || path.endsWith('url') ? 'font-mono text-xs' : undefined}
                      value={edits.get(path) ?? value}
                      aria-describedby={badModel(path) ? `${id}-model-issue` : undefined}
                      onChange={(e) => setEdits((all) => new Map(all).set(path, e.target.value))}
                    />
                  )}
                  {badModel(path) && (
                    <p id={`${id}-model-issue`} className="text-xs text-destructive">
                      {t('edit.notVideoModel', {
                        model: edits.get(path) ?? value,
                        models: VIDEO_MODEL_IDS.join(', '),
                      })}
                    </p>
                  )}
                </div>
              ))}
            </fieldset>
          )}
          <VariableDefaults
            variables={variables}
            onChange={(variable, value) => setDefaults((d) => ({ ...d, [variable]: value }))}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={props.onClose}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" disabled={saving || !name.trim()}>
              {editing ? t('edit.submit') : t('save.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
