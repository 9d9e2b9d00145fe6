import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { RegisterAssetByUrlSchema } from '@contract/asset-schemas';
import { isApiRequestError } from '@/api/api-client';
import { assetMutations, type Asset } from '@/api/assets';
import { useTranslation } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { readinessLabel } from '../readiness';
import { useRegisterDraftStore, type RegisterDraft } from './register-draft-store';
import { checkRegisterDraft, REGISTER_FIELD_ORDER, type RegisterProblems } from './register-validation';

/**
 * The register dialog's own strings (loaded with its code, assets-page.tsx), then the library's it
 * shares (types, readiness, `register.noModel`).
 */
export const REGISTER_NAMESPACES = ['asset-register', 'assets'];

export type FieldErrors = Partial<Record<keyof RegisterDraft, string>>;

/**
 * The register form's state and submit: the draft (persisted), the errors of the last attempt,
 * checks in the page before any request, then the request, whose field errors go next to the field
 * its `param` names. `fieldId` gives the id of a field's control, to focus the first wrong one.
 */
export function useRegisterForm({
  group,
  onRegistered,
  fieldId,
}: {
  group: string;
  onRegistered: (asset: Asset) => void;
  fieldId: (name: keyof RegisterDraft) => string;
}) {
  const { t } = useTranslation(REGISTER_NAMESPACES);
  const queryClient = useQueryClient();
  const draft = useRegisterDraftStore((s) => s.draft);
  const draftChanged = useRegisterDraftStore((s) => s.draftChanged);
  const draftCleared = useRegisterDraftStore((s) => s.draftCleared);
  // Errors belong to one submit attempt; they are not worth keeping across reloads.
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation(assetMutations.registerByUrl(queryClient));
  const targetGroup = draft.group_id || group;

  const translate = (problems: RegisterProblems): FieldErrors =>
    Object.fromEntries(
      Object.entries(problems).map(([field, p]) => [field, t(`register.errors.${p.key}`, p.values)]),
    );
  const focusFirst = (wrong: FieldErrors) => {
    const first = REGISTER_FIELD_ORDER.find((name) => wrong[name]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  /** A field being fixed loses its message as soon as it is right. */
  const change = (patch: Partial<RegisterDraft>) => {
    draftChanged(patch);
    const names = Object.keys(patch) as Array<keyof RegisterDraft>;
    if (!names.some((name) => errors[name])) return;
    const now = translate(checkRegisterDraft({ ...draft, ...patch, group_id: targetGroup }));
    setErrors((prev) => {
      const next = { ...prev };
      for (const name of names) next[name] = now[name];
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...draft, group_id: targetGroup };
    const problems = translate(checkRegisterDraft(input));
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return focusFirst(problems);
    }
    // The preset only fills fields in; it is not part of the request. The schema has the last word
    // on what the page does not check itself (a model name's shape).
    const { preset: _preset, ...body } = input;
    const checked = RegisterAssetByUrlSchema.safeParse(
      Object.fromEntries(Object.entries(body).filter(([, v]) => v !== '')),
    );
    if (!checked.success) {
      const next: FieldErrors = {};
      for (const issue of checked.error.issues) next[issue.path[0] as keyof RegisterDraft] ??= issue.message;
      setErrors(next);
      return focusFirst(next);
    }
    setErrors({});
    mutation.mutate(body, {
      onSuccess: (asset) => {
        // A URL the server could not fetch is refused at once (status failed): a green "being
        // prepared" would contradict the red badge beside it.
        const label = readinessLabel(asset);
        if (label === 'failed' || label === 'review_failed') {
          notifyError(
            new Error(
              typeof asset.sync_error === 'string' && asset.sync_error
                ? asset.sync_error
                : t(`readiness.${label}`),
            ),
            t('register.registeredButFailed', { id: asset.id }),
          );
        } else notifySuccess(t('register.success', { id: asset.id }));
        draftCleared();
        onRegistered(asset);
      },
      onError: (error) => {
        const param = isApiRequestError(error) ? error.info.param : undefined;
        if (param && param in draft) setErrors({ [param]: error.message });
        else notifyError(error, t('register.failed'));
      },
    });
  };

  return { draft, errors, change, submit, clear: draftCleared, pending: mutation.isPending, targetGroup };
}
