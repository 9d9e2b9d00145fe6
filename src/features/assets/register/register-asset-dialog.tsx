import { useId, type ReactNode } from 'react';
import { ASSET_MODES, ASSET_PURPOSES, ASSET_TYPES } from '@contract/asset';
import { isVideoModel, VIDEO_MODEL_IDS } from '@contract/models';
import { controlProps, Counter, Field, FieldMessage, type ControlProps } from '@/components/form/field';
import { FormNamespace } from '@/components/form/issue-text';
import { SubmitPanel } from '@/components/form/submit-panel';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { Asset } from '@/api/assets';
import { fieldElementId } from '@/lib/form/focus';
import { submitShortcutAria } from '@/lib/form/submit-shortcut';
import { useTranslation } from '@/lib/i18n';
import { GroupSwitcher } from '../group-switcher';
import { presetChange, REGISTER_PRESETS, type RegisterDraft, type RegisterPreset } from './register-draft';
import { MAX_URL_LENGTH, type RegisterField } from './register-validation';
import { REGISTER_NAMESPACES, useRegisterForm } from './use-register-form';

interface RegisterProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The library's group: where the asset goes unless the person picks another. */
  group: string;
  onRegistered: (asset: Asset) => void;
}

/** Register an asset by public URL. The draft survives reloads (register-draft.ts). */
export function RegisterAssetDialog({ open, onOpenChange, group, onRegistered }: RegisterProps) {
  const { t } = useTranslation(REGISTER_NAMESPACES);
  const formId = `register-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const { draft, change, form, ...register } = useRegisterForm({ formId, group, onRegistered });
  const { feedback } = form;
  const fieldId = (name: keyof RegisterDraft) => fieldElementId(formId, name);

  const field = (
    name: RegisterField | 'preset',
    label: string,
    control: (props: ControlProps) => ReactNode,
    hint?: string,
    aside?: ReactNode,
  ) => (
    <Field
      id={fieldId(name)}
      label={label}
      feedback={name === 'preset' ? undefined : feedback(name)}
      hint={hint}
      aside={aside}
    >
      {control}
    </Field>
  );
  // A preset fills the fields it stands for in.
  const set = (name: keyof RegisterDraft, value: string) =>
    change(name === 'preset' ? presetChange(value as RegisterPreset | '') : { [name]: value });
  const words: Partial<Record<keyof RegisterDraft, (value: string) => string>> = {
    type: (v) => t(`type.${v}`),
    preset: (v) => t(`presets.${v}`),
  };
  const text =
    (name: RegisterField, extra: Record<string, string> = {}) =>
    (props: ControlProps) => (
      <Input {...props} {...extra} value={draft[name]} onChange={(e) => change({ [name]: e.target.value })} />
    );
  const options =
    (name: keyof RegisterDraft, values: readonly string[], blank?: string) => (props: ControlProps) => (
      <Select {...props} value={draft[name]} onChange={(e) => set(name, e.target.value)}>
        {blank !== undefined && <option value="">{blank}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {words[name]?.(v) ?? v}
          </option>
        ))}
      </Select>
    );
  const modeWarning =
    isVideoModel(draft.model) && draft.mode !== 'asset' ? t('register.modeHint') : undefined;
  const groupId = fieldId('group_id');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="2xl">
        <DialogHeader>
          <DialogTitle>{t('register.title')}</DialogTitle>
          <DialogDescription>{t('register.description')}</DialogDescription>
        </DialogHeader>
        <FormNamespace.Provider value="asset-register">
          <form id={formId} {...register.formProps} className="grid gap-3 sm:grid-cols-2">
            <div className="sm:col-span-2">
              {field(
                'preset',
                t('register.preset'),
                options('preset', REGISTER_PRESETS, t('register.noPreset')),
              )}
            </div>
            <div className="sm:col-span-2">
              {field(
                'url',
                t('register.url'),
                text('url', {
                  type: 'url',
                  inputMode: 'url',
                  placeholder: 'https://example.com/cat.png',
                  'aria-required': 'true',
                }),
                t('register.urlHint', { max: MAX_URL_LENGTH }),
              )}
            </div>
            {field(
              'model',
              t('register.model'),
              options('model', VIDEO_MODEL_IDS, t('register.noModel')),
              t('register.modelHint'),
            )}
            {field(
              'mode',
              t('register.mode'),
              options('mode', ASSET_MODES),
              modeWarning ?? t('register.modeDefault'),
            )}
            {field('type', t('register.type'), options('type', ASSET_TYPES, t('register.typeAuto')))}
            {field('purpose', t('register.purpose'), text('purpose', { list: `${formId}-purposes` }))}
            <datalist id={`${formId}-purposes`}>
              {ASSET_PURPOSES.map((p) => (
                <option key={p} value={p} />
              ))}
            </datalist>
            {field('role', t('register.role'), text('role'))}
            {field(
              'name',
              t('register.name'),
              text('name'),
              undefined,
              <Counter value={draft.name.trim()} />,
            )}
            <div className="flex flex-col gap-1.5 sm:col-span-2">
              <GroupSwitcher
                label={t('register.group')}
                value={register.targetGroup}
                onChange={(group_id) => change({ group_id })}
                control={controlProps(groupId, feedback('group_id'), false)}
              />
              <FieldMessage id={`${groupId}-message`} feedback={feedback('group_id')} />
            </div>
            <SubmitPanel layout="footer" refusedTitle={t('register.failed')} {...form.panel}>
              <DialogFooter>
                <Button variant="ghost" onClick={register.clear}>
                  {t('register.clear')}
                </Button>
                <Button type="submit" disabled={register.pending} aria-keyshortcuts={submitShortcutAria()}>
                  {register.pending ? t('register.submitting') : t('register.submit')}
                </Button>
              </DialogFooter>
            </SubmitPanel>
          </form>
        </FormNamespace.Provider>
      </DialogContent>
    </Dialog>
  );
}
