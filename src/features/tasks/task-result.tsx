import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Library } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { invalidateAfterAssetCreated } from '@/api/assets';
import { saveResultAsAsset, type Task } from '@/api/tasks';
import { useTranslation } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { downloadName, resultView, taskHeading } from './task-display';
import { toastWithAction } from './task-notify';

/**
 * A succeeded task's result: played inline (video or audio, with the browser's own seekable
 * controls) when its URL is http(s); any other value is shown as text, never as media or a link.
 */
export function TaskResult({ task }: { task: Task }) {
  const { t } = useTranslation('tasks');
  const view = resultView(task);
  if (view.kind === 'none') {
    return <p className="text-sm text-muted-foreground">{t('result.missing')}</p>;
  }
  if (view.kind === 'text') {
    return (
      <div role="note" className="space-y-1 rounded-md border border-warning/40 p-3 text-sm">
        <p>{t('result.notHttp')}</p>
        <code className="block break-all font-mono text-xs" data-testid="result-text">
          {view.text}
        </code>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      {/* The API returns no caption tracks for results, so there is none to attach. */}
      {view.media === 'image' ? (
        <img
          key={view.url}
          src={view.url}
          alt={t('result.imageLabel', { id: task.id })}
          className="max-h-[70vh] w-full rounded-md bg-muted object-contain"
        />
      ) : view.media === 'video' ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          key={view.url}
          src={view.url}
          controls
          preload="metadata"
          playsInline
          className="aspect-video w-full rounded-md bg-black"
          aria-label={t('result.videoLabel', { id: task.id })}
        />
      ) : (
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          key={view.url}
          src={view.url}
          controls
          preload="metadata"
          className="w-full"
          aria-label={t('result.audioLabel', { id: task.id })}
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={view.url} download={downloadName(task, taskHeading(task), view.url)} rel="noreferrer">
            <Download aria-hidden /> {t('result.download')}
          </a>
        </Button>
        <CopyButton value={view.url} aria-label={t('result.copyUrl')} variant="outline">
          {t('result.copyUrl')}
        </CopyButton>
        <SaveAsAssetButton task={task} url={view.url} />
      </div>
      <code className="block break-all font-mono text-xs text-muted-foreground">{view.url}</code>
    </div>
  );
}

function SaveAsAssetButton({ task, url }: { task: Task; url: string }) {
  const { t } = useTranslation('tasks');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const save = useMutation({
    mutationFn: () => saveResultAsAsset(task, url, t('result.assetName', { id: task.id })),
    onSuccess: async (asset) => {
      toastWithAction('success', t('result.saved'), {
        description: asset.id,
        actionLabel: t('result.openAsset'),
        onAction: () =>
          void navigate({
            pathname: `/assets/${encodeURIComponent(asset.id)}`,
            search: asset.group_id ? `?group_id=${encodeURIComponent(asset.group_id)}` : '',
          }),
      });
      await invalidateAfterAssetCreated(queryClient, asset.group_id);
    },
    onError: (error) => notifyError(error, t('result.saveFailed')),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => save.mutate()}
      disabled={save.isPending || save.isSuccess}
    >
      <Library aria-hidden /> {save.isSuccess ? t('result.savedShort') : t('result.save')}
    </Button>
  );
}
