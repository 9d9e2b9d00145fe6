import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { assetMutations, type Asset } from '@/api/assets';
import { fieldElementId } from '@/lib/form/focus';
import { refusalOf, type Refusal } from '@/lib/form/refusal';
import { useFormFeedback } from '@/lib/form/use-form-feedback';
import { useTranslation } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { readinessLabel } from '../readiness';
import { EMPTY_DRAFT, useRegisterDraft, type RegisterDraft } from './register-draft';
import { registerBody, registerIssues, type RegisterField } from './register-validation';

/**
 * The register dialog's own strings (loaded with its code, assets-page.tsx), then the library's it
 * shares (types, readiness, `register.noModel`).
 */
export const REGISTER_NAMESPACES = ['asset-register', 'assets'];

const FIELDS = new Set<string>(Object.keys(EMPTY_DRAFT).filter((key) => key !== 'preset'));

/**
 * The register form on the form kit: the draft (kept for a reload), checked by the request's schema
 * as it is typed (a field is judged once left, "required" on submit), a submit that focuses the
 * first problem or sends, and a refusal pinned to the field its `param` names.
 */
export function useRegisterForm({
  formId,
  group,
  onRegistered,
}: {
  formId: string;
  group: string;
  onRegistered: (asset: Asset) => void;
}) {
  const { t } = useTranslation(REGISTER_NAMESPACES);
  const queryClient = useQueryClient();
  const draft = useRegisterDraft((s) => s.draft);
  const change = useRegisterDraft((s) => s.draftChanged);
  const replace = useRegisterDraft((s) => s.draftReplaced);
  const [refusal, setRefusal] = useState<Refusal<RegisterField, RegisterDraft> | null>(null);
  const mutation = useMutation(assetMutations.registerByUrl(queryClient));
  const targetGroup = draft.group_id || group;

  const form = useFormFeedback({
    issues: registerIssues(draft, group),
    showWhen: (issue) => (issue.code.endsWith('Required') ? 'submit' : 'left'),
    elementId: (field) => fieldElementId(formId, field),
    refusal,
    dismissRefusal: () => setRefusal(null),
    unchangedSince: (sent, field) => sent[field] === draft[field],
  });

  const send = () => {
    const sent = draft;
    setRefusal(null);
    mutation.mutate(registerBody(draft, group), {
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
        clear();
        onRegistered(asset);
      },
      onError: (error) =>
        setRefusal(
          refusalOf(error, sent, (param) =>
            param && FIELDS.has(param) ? (param as RegisterField) : undefined,
          ),
        ),
    });
  };

  // The group stays: a person registering several URLs usually keeps filling the same group.
  function clear() {
    replace({ ...EMPTY_DRAFT, group_id: useRegisterDraft.getState().draft.group_id });
    setRefusal(null);
    form.reset();
  }

  return {
    draft,
    change,
    form,
    formProps: form.formProps(send),
    clear,
    pending: mutation.isPending,
    targetGroup,
  };
}
