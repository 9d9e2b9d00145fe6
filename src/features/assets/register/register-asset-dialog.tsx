import { useId } from 'react';
import { ASSET_MODES, ASSET_PURPOSES, ASSET_TYPES } from '@contract/asset';
import { isVideoModel, VIDEO_MODEL_IDS } from '@contract/models';
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
import { useTranslation } from '@/lib/i18n';
import { GroupSwitcher } from '../group-switcher';
import {
  REGISTER_PRESETS,
  useRegisterDraftStore,
  type RegisterDraft,
  type RegisterPreset,
} from './register-draft-store';
import { RegisterField, type FieldProps } from './register-field';
import { MAX_URL_LENGTH } from './register-validation';
import { REGISTER_NAMESPACES, useRegisterForm } from './use-register-form';

interface RegisterProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The library's group: where the asset goes unless the person picks another. */
  group: string;
  onRegistered: (asset: Asset) => void;
}

/** Register an asset by public URL. The draft survives reloads (register-draft-store.ts). */
export function RegisterAssetDialog({ open, onOpenChange, group, onRegistered }: RegisterProps) {
  const { t } = useTranslation(REGISTER_NAMESPACES);
  const id = useId();
  const fieldId = (name: keyof RegisterDraft) => `${id}-${name}`;
  const form = useRegisterForm({ group, onRegistered, fieldId });
  const { draft, errors, change } = form;
  const presetApplied = useRegisterDraftStore((s) => s.presetApplied);

  const field = (
    name: keyof RegisterDraft,
    label: string,
    control: (props: FieldProps) => React.ReactNode,
    hint?: string,
  ) => <RegisterField id={fieldId(name)} label={label} control={control} error={errors[name]} hint={hint} />;
  const text =
    (name: keyof RegisterDraft, extra: Record<string, string> = {}) =>
    (props: FieldProps) => (
      <Input {...props} {...extra} value={draft[name]} onChange={(e) => change({ [name]: e.target.value })} />
    );
  const options =
    (name: keyof RegisterDraft, values: readonly string[], blank?: string) => (props: FieldProps) => (
      <Select {...props} value={draft[name]} onChange={(e) => change({ [name]: e.target.value })}>
        {blank !== undefined && <option value="">{blank}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {name === 'type' ? t(`type.${v}`) : v}
          </option>
        ))}
      </Select>
    );
  const modeWarning =
    isVideoModel(draft.model) && draft.mode !== 'asset' ? t('register.modeHint') : undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="2xl">
        <DialogHeader>
          <DialogTitle>{t('register.title')}</DialogTitle>
          <DialogDescription>{t('register.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={form.submit} noValidate className="grid gap-3 sm:grid-cols-2">
          <div className="sm:col-span-2">
            {field('preset', t('register.preset'), (props) => (
              <Select
                {...props}
                value={draft.preset}
                onChange={(e) => presetApplied(e.target.value as RegisterPreset | '')}
              >
                <option value="">{t('register.noPreset')}</option>
                {REGISTER_PRESETS.map((p) => (
                  <option key={p} value={p}>
                    {t(`presets.${p}`)}
                  </option>
                ))}
              </Select>
            ))}
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
          {field('purpose', t('register.purpose'), text('purpose', { list: `${id}-purposes` }))}
          <datalist id={`${id}-purposes`}>
            {ASSET_PURPOSES.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
          {field('role', t('register.role'), text('role'))}
          {field('name', t('register.name'), text('name'))}
          <div className="sm:col-span-2">
            <GroupSwitcher
              label={t('register.group')}
              value={form.targetGroup}
              onChange={(group_id) => change({ group_id })}
            />
            {errors.group_id && (
              <p role="alert" className="text-xs text-destructive">
                {errors.group_id}
              </p>
            )}
          </div>
          <DialogFooter className="sm:col-span-2">
            <Button variant="ghost" onClick={form.clear}>
              {t('register.clear')}
            </Button>
            <Button type="submit" disabled={form.pending}>
              {form.pending ? t('register.submitting') : t('register.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
