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
import { createDraftStore } from '@/lib/form/draft-storage';
import { refusalOf, type Refusal } from '@/lib/form/refusal';
import { GroupForm } from './group-form';
import { groupChange, type GroupField, type GroupValues } from './group-validation';

const EMPTY_GROUP: GroupValues = { name: '', description: '' };
/** The "new group" form's draft, kept per tab so that a reload does not lose what was typed. */
const useGroupDraft = createDraftStore('media-studio:group-create-draft', EMPTY_GROUP);

type GroupRefusal = Refusal<GroupField, GroupValues>;
const groupFieldOfParam = (param: string | undefined) =>
  param === 'name' || param === 'description' ? param : undefined;

export function CreateGroupDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('groups');
  const queryClient = useQueryClient();
  const draft = useGroupDraft((s) => s.draft);
  const draftChanged = useGroupDraft((s) => s.draftChanged);
  const [refusal, setRefusal] = useState<GroupRefusal | null>(null);
  const mutation = useMutation(groupMutations.create(queryClient));

  const submit = () => {
    const sent = draft;
    setRefusal(null);
    // The form has checked the values; the schema trims them and applies the default description.
    mutation.mutate(CreateGroupSchema.parse(sent), {
      onSuccess: (group) => {
        notifySuccess(t('create.success', { name: group?.name ?? sent.name.trim() }));
        useGroupDraft.getState().draftReplaced(EMPTY_GROUP);
        onOpenChange(false);
      },
      onError: (error) => setRefusal(refusalOf(error, sent, groupFieldOfParam)),
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
          values={draft}
          onChange={draftChanged}
          onSubmit={submit}
          refusal={refusal}
          onDismissRefusal={() => setRefusal(null)}
          refusedTitle={t('create.failed')}
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
  const [saved] = useState(() => ({ name: group.name ?? '', description: group.description ?? '' }));
  const [values, setValues] = useState(saved);
  const [refusal, setRefusal] = useState<GroupRefusal | null>(null);
  const mutation = useMutation(groupMutations.update(queryClient));

  const submit = () => {
    const change = groupChange(values, saved);
    if (Object.keys(change).length === 0) return onSaved();
    const sent = values;
    setRefusal(null);
    mutation.mutate(
      { id: group.id, ...UpdateGroupSchema.parse(change) },
      {
        onSuccess: (result) => {
          notifySuccess(t('edit.success', { name: result.name ?? result.id }));
          onSaved();
        },
        onError: (error) => setRefusal(refusalOf(error, sent, groupFieldOfParam)),
      },
    );
  };

  return (
    <GroupForm
      saved={{ id: group.id, values: saved }}
      values={values}
      onChange={(change) => setValues((v) => ({ ...v, ...change }))}
      onSubmit={submit}
      refusal={refusal}
      onDismissRefusal={() => setRefusal(null)}
      refusedTitle={t('edit.failed')}
      pending={mutation.isPending}
      submitLabel={t('edit.submit')}
    />
  );
}
