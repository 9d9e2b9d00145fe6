import { useState } from 'react';
import { VariableDefaults } from '@/components/templates/variable-defaults';
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
} from '@/lib/templates/template-model';
import { saveTemplate } from '@/lib/templates/template-store';

/**
 * Edit a template into its next version: its name and tags, every text field of its request (a
 * `{{variable}}` may go in any of them), and each variable's default.
 */
export function EditTemplateDialog({ template, onClose }: { template: Template; onClose: () => void }) {
  const { t } = useTranslation('templates');
  const latest = latestVersion(template);
  const [name, setName] = useState(template.name);
  const [tags, setTags] = useState(template.tags.join(', '));
  const [edits, setEdits] = useState(() => new Map<string, string>());
  const [defaults, setDefaults] = useState<Record<string, string>>({});
  const texts = [...requestLeaves(latest.request)].filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const request = withLeaves(latest.request, edits);
  const variables = variablesFor(request, latest.variables).map((v) => ({
    name: v.name,
    default: defaults[v.name] ?? v.default,
  }));

  async function save() {
    try {
      const saved = await saveTemplate({
        id: template.id,
        name,
        tags: parseTags(tags),
        model: modelOf(request) || template.model,
        kind: template.kind,
        request,
        variables,
      });
      notifySuccess(t('save.saved', { name: saved.name, version: latestVersion(saved).version }));
      onClose();
    } catch (error) {
      notifyError(error, t('save.failed'));
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="2xl">
        <DialogTitle>{t('edit.title', { name: template.name })}</DialogTitle>
        <DialogDescription>{t('edit.description', { version: latest.version + 1 })}</DialogDescription>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) void save();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="edit-template-name">{t('fields.name')}</Label>
              <Input
                id="edit-template-name"
                value={name}
                required
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="edit-template-tags">{t('fields.tags')}</Label>
              <Input id="edit-template-tags" value={tags} onChange={(e) => setTags(e.target.value)} />
            </div>
          </div>
          <fieldset className="flex flex-col gap-3">
            <legend className="pb-2 text-sm font-medium">{t('edit.fields')}</legend>
            {texts.map(([path, value], i) => (
              <div key={path} className="flex flex-col gap-1">
                <Label htmlFor={`edit-template-field-${i}`} className="font-mono text-xs">
                  {path}
                </Label>
                <Textarea
                  id={`edit-template-field-${i}`}
                  rows={path === 'prompt' ? 3 : 1}
                  value={edits.get(path) ?? value}
                  onChange={(e) => setEdits((all) => new Map(all).set(path, e.target.value))}
                />
              </div>
            ))}
          </fieldset>
          <VariableDefaults
            variables={variables}
            onChange={(variable, value) => setDefaults((d) => ({ ...d, [variable]: value }))}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" disabled={!name.trim()}>
              {t('edit.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
