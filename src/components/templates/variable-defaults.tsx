import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/lib/i18n';
import type { TemplateVariable } from '@/lib/templates/variables';

/**
 * One box per `{{variable}}`, labelled by its name: the default when saving, the value when using.
 * Says so when the request names none, so the person learns the `{{name}}` syntax where it matters.
 */
export function VariableDefaults({
  variables,
  onChange,
  mode = 'default',
  placeholders,
}: {
  variables: TemplateVariable[];
  onChange: (name: string, value: string) => void;
  /** `default`: the boxes hold each default; `fill`: each value, the default shown as a placeholder. */
  mode?: 'default' | 'fill';
  placeholders?: Record<string, string>;
}) {
  const { t } = useTranslation('templates');
  if (variables.length === 0) return <p className="text-sm text-muted-foreground">{t('variables.none')}</p>;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="pb-2 text-sm font-medium">
        {mode === 'fill' ? t('variables.fillLegend') : t('variables.defaultsLegend')}
      </legend>
      {variables.map((variable) => {
        const id = `template-variable-${mode}-${variable.name}`;
        return (
          <div key={variable.name} className="flex flex-col gap-1">
            <Label htmlFor={id}>
              {mode === 'fill' ? variable.name : t('variables.defaultOf', { name: variable.name })}
            </Label>
            <Input
              id={id}
              value={variable.default}
              placeholder={placeholders?.[variable.name]}
              onChange={(e) => onChange(variable.name, e.target.value)}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
