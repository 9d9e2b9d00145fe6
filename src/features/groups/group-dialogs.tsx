import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CreateGroupSchema, UpdateGroupSchema } from '@contract/group-schemas';
import { ErrorAlert } from '@/components/error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiRequestError } from '@/api/api-client';
import { groupMutations } from '@/api/group-mutations';
import { groupQueries, type Group } from '@/api/groups';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useGroupDraftStore } from './group-draft-store';
import { GroupForm, type GroupFormErrors } from './group-form';
import { onServerError, schemaErrors } from './group-form-errors';

export function CreateGroupDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('groups');
  const queryClient = useQueryClient();
  const draft = useGroupDraftStore((s) => s.draft);
  const draftChanged = useGroupDraftStore((s) => s.draftChanged);
  const draftCleared = useGroupDraftStore((s) => s.draftCleared);
  const [errors, setErrors] = useState<GroupFormErrors>({});
  const mutation = useMutation(groupMutations.create(queryClient));

  const submit = () => {
    // The form has checked the values; the schema trims them and applies the default description.
    const checked = CreateGroupSchema.safeParse(draft);
    if (!checked.success) return setErrors(schemaErrors(checked.error.issues));
    setErrors({});
    mutation.mutate(checked.data, {
      onSuccess: (group) => {
        notifySuccess(t('create.success', { name: group?.name ?? checked.data.name }));
        draftCleared();
        onOpenChange(false);
      },
      onError: (error) => setErrors(onServerError(error, t('create.failed'))),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        <GroupForm
          name={draft.name}
          description={draft.description}
          onChange={(change) => {
            draftChanged(change);
            setErrors({});
          }}
          onSubmit={submit}
          serverErrors={errors}
          pending={mutation.isPending}
          submitLabel={t('create.submit')}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Edit dialog at /groups/<group_id>: reads the group's detail, saves with PATCH. */
export function EditGroupDialog({ groupId, onClose }: { groupId: string; onClose: () => void }) {
  const { t } = useTranslation('groups');
  const query = useQuery(groupQueries.detail(groupId));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('edit.title')}</DialogTitle>
          <DialogDescription className="font-mono">{groupId}</DialogDescription>
        </DialogHeader>
        {query.isPending && <Skeleton className="h-32 w-full" />}
        {query.isError && (
          <ErrorAlert
            error={query.error}
            title={t('edit.loadFailed')}
            description={
              isApiRequestError(query.error) && query.error.status === 404 ? t('edit.notFound') : undefined
            }
            onRetry={() => void query.refetch()}
          />
        )}
        {query.data && <EditGroupForm key={query.data.id} group={query.data} onSaved={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditGroupForm({ group, onSaved }: { group: Group; onSaved: () => void }) {
  const { t } = useTranslation('groups');
  const queryClient = useQueryClient();
  // Form state starts from the server's values once (the form's initial values), then belongs to
  // the person editing; a background refetch must not overwrite what they are typing.
  const [values, setValues] = useState({ name: group.name ?? '', description: group.description ?? '' });
  const [errors, setErrors] = useState<GroupFormErrors>({});
  const mutation = useMutation(groupMutations.update(queryClient));

  const submit = () => {
    // PATCH only what changed: a rename must not rewrite a description someone else just edited.
    const change = {
      ...(values.name !== (group.name ?? '') ? { name: values.name } : {}),
      ...(values.description !== (group.description ?? '') ? { description: values.description } : {}),
    };
    if (Object.keys(change).length === 0) return onSaved();
    const checked = UpdateGroupSchema.safeParse(change);
    if (!checked.success) return setErrors(schemaErrors(checked.error.issues));
    setErrors({});
    mutation.mutate(
      { id: group.id, ...checked.data },
      {
        onSuccess: (saved) => {
          notifySuccess(t('edit.success', { name: saved.name ?? saved.id }));
          onSaved();
        },
        onError: (error) => setErrors(onServerError(error, t('edit.failed'))),
      },
    );
  };

  return (
    <GroupForm
      groupId={group.id}
      name={values.name}
      description={values.description}
      onChange={(change) => {
        setValues((v) => ({ ...v, ...change }));
        setErrors({});
      }}
      onSubmit={submit}
      serverErrors={errors}
      pending={mutation.isPending}
      submitLabel={t('edit.submit')}
    />
  );
}
