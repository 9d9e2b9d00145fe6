import { ArrowLeft, AudioLines, Music, UserRound } from 'lucide-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { fetchTaskObject } from '@/api/generic-tasks';
import { FormBanner } from '@/components/form/form-banner';
import { useLoadFromTask } from '@/lib/form/use-load-from-task';
import { useTranslation } from '@/lib/i18n';
import { errorMessage } from '@/lib/notify';
import { DigitalHumanForm } from './digital-human-form';
import { inferTaskKind } from '@contract/task-kind';
import { bodyToDigitalHumanDraft, bodyToMusicDraft, formPathOf, kindOfBody, taskToBody } from './draft';
import { MusicForm } from './music-form';
import { useTaskFormsStore } from './task-forms-store';

const TABS = ['digital-human', 'music'] as const;
type Tab = (typeof TABS)[number];

/**
 * The "new task" page beside the video composer: digital-human and music tasks (POST /v1/tasks),
 * one tab each at /create/digital-human and /create/music; `?from=<taskId>` loads a task to edit.
 */
export function TaskFormsPage() {
  const { t } = useTranslation('task-forms');
  const location = useLocation();
  const navigate = useNavigate();
  const segment = location.pathname.split('/')[2] ?? '';
  const loader = useLoadFromTask({
    rebuild: async (taskId, signal) => {
      const task = await fetchTaskObject(taskId, signal);
      const kind = inferTaskKind(task);
      return { body: taskToBody(task), taskKind: kind === 'unknown' ? undefined : kind };
    },
    apply: (body, taskKind) => {
      // A model no one knows, on a body only its model could place: the tab it is opened in decides.
      const kind = kindOfBody(body, taskKind ?? (segment === 'music' ? 'music' : undefined));
      if (!kind) return { wrongKind: taskKind ?? String(body.model ?? '') };
      const store = useTaskFormsStore.getState();
      if (kind === 'music') {
        const previous = store.music;
        store.musicReplaced(bodyToMusicDraft(body));
        return {
          pathname: formPathOf(kind),
          undo: () => useTaskFormsStore.getState().musicReplaced(previous),
        };
      }
      const previous = store.digitalHuman;
      store.digitalHumanReplaced(bodyToDigitalHumanDraft(body, previous));
      return {
        pathname: formPathOf(kind),
        undo: () => useTaskFormsStore.getState().digitalHumanReplaced(previous),
      };
    },
  });

  if (!(TABS as readonly string[]).includes(segment)) {
    return <Navigate to={`/create/digital-human${location.search}`} replace />;
  }
  const tab = segment as Tab;
  const state = loader.state;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button asChild variant="outline">
            <Link to="/composer">
              <ArrowLeft aria-hidden="true" /> {t('backToComposer')}
            </Link>
          </Button>
        }
      />
      <div aria-live="polite" className="mb-4 flex flex-col gap-2 empty:hidden">
        {state?.kind === 'loading' && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> {t('fromTask.loading', { id: state.taskId })}
          </p>
        )}
        {state && state.kind !== 'loading' && (
          <FormBanner
            tone={state.kind === 'loaded' ? 'info' : 'error'}
            onUndo={state.kind === 'loaded' ? loader.undo : undefined}
            undoLabel={t('fromTask.undo')}
            onDismiss={loader.dismiss}
            dismissLabel={t('fromTask.dismiss')}
          >
            {state.kind === 'loaded'
              ? t(state.source === 'recorded' ? 'fromTask.loaded' : 'fromTask.rebuilt', { id: state.taskId })
              : state.kind === 'failed'
                ? t('fromTask.failed', { id: state.taskId, error: errorMessage(state.error) })
                : t('fromTask.wrongKind', { id: state.taskId, kind: state.taskKind })}{' '}
            <Link className="underline" to={`/tasks/${encodeURIComponent(state.taskId)}`}>
              {t('fromTask.open')}
            </Link>
          </FormBanner>
        )}
      </div>
      <Tabs value={tab} onValueChange={(next) => void navigate(`/create/${next}`)}>
        <TabsList aria-label={t('tabs.label')}>
          <TabsTrigger value="digital-human">
            <UserRound aria-hidden="true" className="size-4" /> {t('tabs.digitalHuman')}
          </TabsTrigger>
          <TabsTrigger value="music">
            <Music aria-hidden="true" className="size-4" /> {t('tabs.music')}
          </TabsTrigger>
        </TabsList>
        <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <AudioLines aria-hidden="true" className="size-4 shrink-0" />
          {tab === 'digital-human' ? t('tabs.digitalHumanIntro') : t('tabs.musicIntro')}
        </p>
        <TabsContent value="digital-human" gap="loose">
          <DigitalHumanForm />
        </TabsContent>
        <TabsContent value="music" gap="loose">
          <MusicForm />
        </TabsContent>
      </Tabs>
    </>
  );
}
