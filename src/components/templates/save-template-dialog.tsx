import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useApiKey } from '@/api/connection-store';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  latestVersion,
  modelOf,
  parseTags,
  variablesFor,
  type TemplateKind,
} from '@/lib/templates/template-model';
import { saveTemplate, useTemplates } from '@/lib/templates/template-store';
import { VariableDefaults } from './variable-defaults';

/**
 * Save the request a form would send as a template. A name already kept for the same kind saves
 * the next version of that template (every save is a version); a new name starts one.
 */
export function SaveTemplateDialog({
  kind,
  request: given,
  onClose,
}: {
  kind: TemplateKind;
  request: Record<string, unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('templates');
  const apiKey = useApiKey();
  // The key is never kept in the browser's storage (decision 040): a field carrying it (a
  // callback URL with the key in it) is left out of the template.
  const request = apiKey
    ? Object.fromEntries(Object.entries(given).filter(([, value]) => !JSON.stringify(value).includes(apiKey)))
    : given;
  const templates = useTemplates();
  const [name, setName] = useState('');
  const [tags, setTags] = useState('');
  const [defaults, setDefaults] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const sameKind = templates.filter((template) => template.kind === kind);
  const existing = sameKind.find((template) => template.name === name.trim());
  const names = variablesFor(request, existing ? latestVersion(existing).variables : []);
  const variables = names.map((v) => ({ name: v.name, default: defaults[v.name] ?? v.default }));

  async function save() {
    setSaving(true);
    try {
      const saved = await saveTemplate({
        id: existing?.id,
        name,
        tags: existing && !tags.trim() ? existing.tags : parseTags(tags),
        model: modelOf(request),
        kind,
        request,
        variables,
      });
      notifySuccess(t('save.saved', { name: saved.name, version: latestVersion(saved).version }));
      onClose();
    } catch (error) {
      notifyError(error, t('save.failed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{t('save.title')}</DialogTitle>
        <DialogDescription>{t('save.description')}</DialogDescription>
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
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="template-name">{t('fields.name')}</Label>
            <Input
              id="template-name"
              list="template-names"
              value={name}
              required
              onChange={(e) => setName(e.target.value)}
              aria-describedby="template-name-hint"
            />
            <datalist id="template-names">
              {sameKind.map((template) => (
                <option key={template.id} value={template.name} />
              ))}
            </datalist>
            <p id="template-name-hint" className="text-xs text-muted-foreground" role="status">
              {existing
                ? t('save.newVersion', { version: latestVersion(existing).version + 1 })
                : t('save.newTemplate')}
            </p>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="template-tags">{t('fields.tags')}</Label>
            <Input
              id="template-tags"
              value={tags}
              placeholder={existing?.tags.join(', ')}
              onChange={(e) => setTags(e.target.value)}
            />
          </div>
          <VariableDefaults
            variables={variables}
            onChange={(variable, value) => setDefaults((d) => ({ ...d, [variable]: value }))}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" disabled={saving || !name.trim()}>
              {t('save.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
