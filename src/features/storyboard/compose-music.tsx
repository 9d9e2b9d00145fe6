import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { isTerminalStatus, normalizeTaskStatus, resolveResultUrl, taskFailure } from '@contract/task';
import { createGenericTask } from '@/api/generic-tasks';
import { useTaskRegistry } from '@/api/task-registry-context';
import { taskQueryOptions } from '@/api/tasks';
import { ErrorAlert } from '@/components/error-alert';
import { Field } from '@/components/form/field';
import { FormNamespace } from '@/components/form/issue-text';
import { CapDialog } from '@/components/money/cap-dialog';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Textarea } from '@/components/ui/textarea';
import { useSubmitTasks } from '@/lib/form/submit-tasks';
import { useFormFeedback } from '@/lib/form/use-form-feedback';
import { useTranslation } from '@/lib/i18n';
import {
  composeBody,
  composeIssues,
  composeSeconds,
  type ComposeBody,
  type ComposeField,
} from './compose-music-rules';
import { DEFAULT_SOUND, plannedLength, type BoardSound, type MusicTrack } from './sound';
import type { ComposeTask } from './sound-types';
import type { Storyboard } from './storyboard';

type Edit = (change: (b: Storyboard) => Storyboard) => void;

const withSound = (b: Storyboard, change: Partial<BoardSound>): Storyboard => ({
  ...b,
  sound: { ...DEFAULT_SOUND, ...b.sound, ...change },
});

/** The track a composed task gives: the settings of the track it replaces are kept. */
export function composedTrack(b: Storyboard, task: ComposeTask, url: string): MusicTrack {
  return {
    volume: 0.6,
    fadeOut: 2,
    shotAudio: 'duck',
    ...b.sound?.music,
    url,
    name: task.prompt.slice(0, 300),
    taskId: task.taskId,
  };
}

/**
 * "Compose music": a music task with the cut's length, created and tracked as every task form's
 * (useSubmitTasks: the registry, so it is in the Task monitor), then followed here by its React
 * Query until its audio becomes the track under the assembly.
 */
export function ComposeMusic({ board, edit }: { board: Storyboard; edit: Edit }) {
  const composing = board.sound?.composing;
  const [open, setOpen] = useState(false);
  const [again, setAgain] = useState('');
  if (composing)
    return (
      <ComposeProgress
        task={composing}
        edit={edit}
        onRetry={() => {
          setAgain(composing.prompt);
          setOpen(true);
          edit((b) => withSound(b, { composing: undefined }));
        }}
      />
    );
  return open ? (
    <ComposeForm board={board} edit={edit} initial={again} onClose={() => setOpen(false)} />
  ) : (
    <ComposeButton onOpen={() => setOpen(true)} />
  );
}

function ComposeButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('storyboard');
  return (
    <Button type="button" variant="outline" size="sm" className="self-start" onClick={onOpen}>
      <Sparkles aria-hidden="true" /> {t('sound.compose.open')}
    </Button>
  );
}

function lengthHint(
  board: Storyboard,
  seconds: number | undefined,
  t: (k: string, o?: Record<string, unknown>) => string,
) {
  const cut = plannedLength(board);
  if (seconds === undefined || cut === undefined) return t('sound.compose.lengthUnknown');
  if (seconds > Math.ceil(cut)) return t('sound.compose.lengthTrimmed', { seconds, cut: cut.toFixed(1) });
  if (seconds < Math.ceil(cut)) return t('sound.compose.lengthLooped', { seconds, cut: cut.toFixed(1) });
  return t('sound.compose.length', { seconds });
}

function ComposeForm({
  board,
  edit,
  initial,
  onClose,
}: {
  board: Storyboard;
  edit: Edit;
  initial: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('storyboard');
  const id = useId();
  const fieldId = `${id}-prompt`;
  const [typed, setTyped] = useState(initial);
  const seconds = composeSeconds(board);
  const { submit, pending, refusal, dismissRefusal, capBreach, answerCap } = useSubmitTasks<
    ComposeBody,
    ComposeField,
    ComposeBody
  >({
    create: (body) => createGenericTask(body),
    source: 'storyboard',
    fieldOfParam: (param) => (param === 'prompt' ? 'prompt' : undefined),
    // The person stays on the storyboard: the task is followed here (and listed in the monitor).
    onCreated: ([taskId]) => {
      if (taskId && seconds !== undefined)
        edit((b) => withSound(b, { composing: { taskId, prompt: typed.trim(), seconds } }));
      onClose();
    },
  });
  const form = useFormFeedback({
    issues: composeIssues(typed, seconds),
    showWhen: (issue) => (issue.code === 'composePromptRequired' ? 'submit' : 'typing'),
    elementId: () => fieldId,
    refusal,
    dismissRefusal,
    unchangedSince: (sent: ComposeBody) => sent.prompt === composeBody(board, typed, seconds ?? 0).prompt,
  });
  const send = () => {
    if (seconds === undefined) return;
    const body = composeBody(board, typed, seconds);
    submit([{ body, kind: 'music', model: body.model, prompt: typed.trim() }], body);
  };
  return (
    <FormNamespace.Provider value="storyboard">
      <form
        {...form.formProps(send)}
        aria-label={t('sound.compose.title')}
        className="flex flex-col gap-2 rounded-md border p-2"
      >
        <Field
          id={fieldId}
          label={t('sound.compose.prompt')}
          hint={lengthHint(board, seconds, t)}
          feedback={form.feedback('prompt')}
        >
          {(props) => (
            <Textarea
              {...props}
              rows={3}
              value={typed}
              placeholder={t('sound.compose.placeholder')}
              onChange={(e) => setTyped(e.target.value)}
            />
          )}
        </Field>
        {refusal && (
          <ErrorAlert
            error={refusal.error}
            title={t('sound.compose.refused')}
            onDismiss={dismissRefusal}
            data-testid="compose-refusal"
          />
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={pending}>
            <Sparkles aria-hidden="true" />{' '}
            {seconds === undefined
              ? t('sound.compose.submitNoLength')
              : t('sound.compose.submit', { seconds })}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onClose}>
            {t('sound.compose.cancel')}
          </Button>
        </div>
      </form>
      <CapDialog breach={capBreach} onAnswer={answerCap} />
    </FormNamespace.Provider>
  );
}

/** Follows the composing task (the task poll policy, through React Query) and takes its audio. */
function ComposeProgress({ task, edit, onRetry }: { task: ComposeTask; edit: Edit; onRetry: () => void }) {
  const { t } = useTranslation('storyboard');
  const registry = useTaskRegistry();
  const query = useQuery(taskQueryOptions(task.taskId, registry));
  const data = query.data;
  const status = normalizeTaskStatus(data?.status);
  const url = status === 'succeeded' ? resolveResultUrl(data) : undefined;
  const take = useEffectEvent((audio: string) =>
    edit((b) =>
      b.sound?.composing?.taskId === task.taskId
        ? withSound(b, { composing: undefined, music: composedTrack(b, task, audio) })
        : b,
    ),
  );
  useEffect(() => {
    if (url) take(url);
  }, [url]);
  const dismiss = () =>
    edit((b) => (b.sound?.composing?.taskId === task.taskId ? withSound(b, { composing: undefined }) : b));
  const taskLink = (
    <Link to={`/tasks/${encodeURIComponent(task.taskId)}`} className="underline underline-offset-2">
      {t('sound.compose.openTask')}
    </Link>
  );

  const failed = isTerminalStatus(status) && !url;
  if (query.error || failed) {
    const f = data ? taskFailure(data) : {};
    const reason =
      status === 'succeeded'
        ? t('sound.compose.noResult')
        : (f.message ?? f.failReason ?? f.code ?? (failed ? status : undefined));
    return (
      <div className="flex flex-col gap-1" data-testid="compose-failed">
        <ErrorAlert
          error={query.error ?? new Error(reason)}
          title={t('sound.compose.failed')}
          description={reason}
          onRetry={onRetry}
          retryLabel={t('sound.compose.retry')}
          onDismiss={dismiss}
          dismissLabel={t('sound.compose.dismiss')}
        />
        <p className="text-xs">{taskLink}</p>
      </div>
    );
  }
  const progress = typeof data?.progress === 'number' ? data.progress : undefined;
  return (
    <div className="flex flex-col gap-1 rounded-md border p-2 text-sm" data-testid="compose-progress">
      <p role="status">
        {t('sound.compose.running', { seconds: task.seconds })}
        {progress !== undefined ? ` ${Math.round(progress)}%` : ''}
      </p>
      <Progress value={progress} label={t('sound.compose.progress')} />
      <p className="text-xs text-muted-foreground">
        {task.prompt} · {taskLink}
      </p>
    </div>
  );
}
