import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSET_MODES, ASSET_PURPOSES, ASSET_TYPES } from '@contract/asset';
import { RegisterAssetByUrlSchema } from '@contract/asset-schemas';
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
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { isApiRequestError } from '@/api/api-client';
import { assetMutations, type Asset } from '@/api/assets';
import { notifyError, notifySuccess } from '@/lib/notify';
import { GroupSwitcher } from './library-toolbar';
import {
  REGISTER_PRESETS,
  useRegisterDraftStore,
  type RegisterDraft,
  type RegisterPreset,
} from './register-draft-store';

type FieldErrors = Partial<Record<keyof RegisterDraft, string>>;

interface RegisterProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The library's group: where the asset goes unless the person picks another. */
  group: string;
  onRegistered: (asset: Asset) => void;
}

/** Register an asset by public URL. The draft survives reloads (register-draft-store.ts). */
export function RegisterAssetDialog({ open, onOpenChange, group, onRegistered }: RegisterProps) {
  const { t } = useTranslation('assets');
  const queryClient = useQueryClient();
  const draft = useRegisterDraftStore((s) => s.draft);
  const draftChanged = useRegisterDraftStore((s) => s.draftChanged);
  const presetApplied = useRegisterDraftStore((s) => s.presetApplied);
  const draftCleared = useRegisterDraftStore((s) => s.draftCleared);
  // Errors belong to one submit attempt; they are not worth keeping across reloads.
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation(assetMutations.registerByUrl(queryClient));
  const targetGroup = draft.group_id || group;
  const id = useId();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // The preset only fills fields in; it is not part of the request.
    const { preset: _preset, ...input } = { ...draft, group_id: targetGroup };
    const checked = RegisterAssetByUrlSchema.safeParse(
      Object.fromEntries(Object.entries(input).filter(([, v]) => v !== '')),
    );
    if (!checked.success) {
      const next: FieldErrors = {};
      for (const issue of checked.error.issues) next[issue.path[0] as keyof RegisterDraft] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(input, {
      onSuccess: (asset) => {
        notifySuccess(t('register.success', { id: asset.id }));
        draftCleared();
        onRegistered(asset);
      },
      onError: (error) => {
        const param = isApiRequestError(error) ? error.info.param : undefined;
        if (param && param in draft) setErrors({ [param]: error.message });
        else notifyError(error, t('register.failed'));
      },
    });
  }

  const field = (
    name: keyof RegisterDraft,
    label: string,
    control: (props: FieldProps) => ReactNode,
    hint?: string,
  ) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name];
    return (
      <div className="flex flex-col gap-1">
        <Label htmlFor={fieldId}>{label}</Label>
        {control({
          id: fieldId,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined,
        })}
        {error ? (
          <p id={`${fieldId}-error`} role="alert" className="text-xs text-destructive">
            {error}
          </p>
        ) : hint ? (
          <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    );
  };
  const text =
    (name: keyof RegisterDraft, extra: Record<string, string> = {}) =>
    (props: FieldProps) => (
      <Input
        {...props}
        {...extra}
        value={draft[name]}
        onChange={(e) => draftChanged({ [name]: e.target.value })}
      />
    );
  const options =
    (name: keyof RegisterDraft, values: readonly string[], blank?: string) => (props: FieldProps) => (
      <Select {...props} value={draft[name]} onChange={(e) => draftChanged({ [name]: e.target.value })}>
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
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('register.title')}</DialogTitle>
          <DialogDescription>{t('register.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
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
              text('url', { type: 'url', placeholder: 'https://example.com/cat.png' }),
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
              value={targetGroup}
              onChange={(group_id) => draftChanged({ group_id })}
            />
            {errors.group_id && (
              <p role="alert" className="text-xs text-destructive">
                {errors.group_id}
              </p>
            )}
          </div>
          <DialogFooter className="sm:col-span-2">
            <Button variant="ghost" onClick={draftCleared}>
              {t('register.clear')}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? t('register.submitting') : t('register.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

interface FieldProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}
