import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Check, Loader2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { GroupOptions } from '@/components/group-options';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useBaseUrl } from '@/api/connection-store';
import { groupQueries } from '@/api/groups';
import { readMediaFile } from '@/api/api-client';
import { invalidateAfterAssetCreated, registerAssetByUrl, uploadAssetFile, type Asset } from '@/api/assets';
import { useTranslation } from '@/lib/i18n';
import { rememberGroup } from '@/lib/last-group';
import { errorMessage } from '@/lib/notify';
import { planCopies, type CopyPlan, type NotCopyable } from './copy-plan';

type ItemState =
  | { state: 'waiting' }
  | { state: 'copying' }
  | { state: 'reading'; percent: number | undefined }
  | { state: 'uploading'; percent: number | undefined }
  | { state: 'copied'; newId: string }
  | { state: 'failed'; message: string }
  | { state: 'notCopyable'; reason: NotCopyable };

interface CopyToGroupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  assets: readonly Asset[];
  /** The group the assets are listed in: offered last as a target. */
  fromGroup: string;
  initialTarget: string;
  /** After a copy, the person can go to the target group. */
  onOpenGroup: (groupId: string) => void;
}

const percentOf = (p: { loaded: number; total: number }) =>
  p.total > 0 ? Math.min(100, Math.round((p.loaded / p.total) * 100)) : undefined;

/**
 * Copy to group: the specification has no move (a group is set at registration), so each asset is
 * registered again in the target group by its URL, with its model; an upload, whose only URL is the
 * service's hosted test copy, is read by this browser and uploaded again there. What cannot be
 * copied is said on its row before the click. One at a time, so each row shows its own progress and
 * failure, and a deployment's rate limit is not met by a burst.
 */
export function CopyToGroupDialog({
  open,
  onOpenChange,
  assets,
  fromGroup,
  initialTarget,
  onOpenGroup,
}: CopyToGroupDialogProps) {
  const { t } = useTranslation('asset-copy');
  const id = useId();
  const queryClient = useQueryClient();
  const baseUrl = useBaseUrl();
  const groups = useQuery(groupQueries.list());
  const [picked, setPicked] = useState<string | undefined>(undefined);
  // Until the person picks, the last group they worked in, or else the first other group: copying
  // into the group the assets are already in is rarely the intent.
  const other = (groups.data?.data ?? []).find((g) => !g.unreadable && g.id !== fromGroup)?.id;
  const target = picked ?? (initialTarget !== fromGroup ? initialTarget : (other ?? initialTarget));
  const [states, setStates] = useState<ReadonlyMap<string, ItemState>>(new Map());
  const [phase, setPhase] = useState<'choose' | 'running' | 'done'>('choose');
  const cancelled = useRef(false);
  const stop = useRef<AbortController | null>(null);
  // Planned while the person chooses, so each row says before the click how it will be copied.
  const plans = planCopies(assets, target);
  const planOf = new Map(plans.map((p) => [p.asset.id, p]));
  const toUpload = plans.filter((p) => 'reupload' in p).length;
  const notCopyable = plans.filter((p) => 'reason' in p).length;

  const copyOne = async (plan: Exclude<CopyPlan, { reason: NotCopyable }>, set: (s: ItemState) => void) => {
    if ('input' in plan) return (await registerAssetByUrl(plan.input)).id;
    const controller = new AbortController();
    stop.current = controller;
    set({ state: 'reading', percent: undefined });
    const blob = await readMediaFile(plan.reupload.url, {
      signal: controller.signal,
      onProgress: (p) => set({ state: 'reading', percent: percentOf(p) }),
    });
    set({ state: 'uploading', percent: 0 });
    const file = new File([blob], plan.reupload.fileName, { type: blob.type });
    const created = await uploadAssetFile(file, plan.reupload.fields, {
      signal: controller.signal,
      onUploadProgress: (p) => set({ state: 'uploading', percent: percentOf(p) }),
    });
    return created.id;
  };

  const run = async () => {
    cancelled.current = false;
    setPhase('running');
    const next = new Map<string, ItemState>(
      plans.map((p) => [
        p.asset.id,
        'reason' in p ? { state: 'notCopyable', reason: p.reason } : { state: 'waiting' },
      ]),
    );
    setStates(new Map(next));
    for (const plan of plans) {
      if (cancelled.current) break;
      if ('reason' in plan) continue;
      const set = (state: ItemState) => {
        next.set(plan.asset.id, state);
        setStates(new Map(next));
      };
      set({ state: 'copying' });
      try {
        next.set(plan.asset.id, { state: 'copied', newId: await copyOne(plan, set) });
      } catch (error) {
        next.set(plan.asset.id, { state: 'failed', message: errorMessage(error) });
      }
      setStates(new Map(next));
    }
    // The composer's picker then opens on the group the assets were copied into.
    rememberGroup(baseUrl, target);
    await invalidateAfterAssetCreated(queryClient, target);
    setPhase('done');
  };

  const counts = { copied: 0, failed: 0, notCopyable: 0 };
  for (const s of states.values()) {
    if (s.state === 'copied') counts.copied++;
    else if (s.state === 'failed') counts.failed++;
    else if (s.state === 'notCopyable') counts.notCopyable++;
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          cancelled.current = true;
          stop.current?.abort();
        }
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('copy.title', { count: assets.length })}</DialogTitle>
          <DialogDescription>{t('copy.noMove')}</DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor={`${id}-target`}>{t('copy.target')}</Label>
          <Select
            id={`${id}-target`}
            value={target}
            disabled={phase !== 'choose'}
            onChange={(e) => setPicked(e.target.value)}
          >
            <GroupOptions value={target} />
          </Select>
          {target === fromGroup && <p className="text-sm text-muted-foreground">{t('copy.sameGroup')}</p>}
        </div>
        {phase === 'choose' && (toUpload > 0 || notCopyable > 0) && (
          <p className="text-sm text-amber-700 dark:text-amber-300">
            {[
              toUpload > 0 ? t('copy.willUpload', { count: toUpload }) : '',
              notCopyable > 0 ? t('copy.willSkip', { count: notCopyable }) : '',
            ]
              .filter(Boolean)
              .join(' ')}
          </p>
        )}
        <ul className="max-h-72 space-y-1 overflow-y-auto text-sm" aria-label={t('copy.items')}>
          {assets.map((asset) => (
            <CopyRow key={asset.id} asset={asset} plan={planOf.get(asset.id)} state={states.get(asset.id)} />
          ))}
        </ul>
        {phase === 'done' && (
          <p role="status" className="text-sm font-medium">
            {t('copy.summary', { copied: counts.copied, failed: counts.failed, skipped: counts.notCopyable })}
          </p>
        )}
        <DialogFooter>
          {phase === 'done' ? (
            <>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {t('copy.close')}
              </Button>
              {counts.copied > 0 && (
                <Button
                  onClick={() => {
                    onOpenChange(false);
                    onOpenGroup(target);
                  }}
                >
                  {t('copy.openGroup')}
                </Button>
              )}
            </>
          ) : (
            <>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {phase === 'running' ? t('copy.stop') : t('copy.cancel')}
              </Button>
              <Button onClick={() => void run()} disabled={phase === 'running' || assets.length === 0}>
                {phase === 'running' && <Loader2 className="animate-spin" aria-hidden />}
                {t('copy.start', { count: assets.length })}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CopyRow({
  asset,
  plan,
  state,
}: {
  asset: Asset;
  plan: CopyPlan | undefined;
  state: ItemState | undefined;
}) {
  const { t } = useTranslation('asset-copy');
  const name = asset.name || asset.id;
  let text = '';
  let icon: React.ReactNode = null;
  let tone = 'text-muted-foreground';
  switch (state?.state) {
    case 'copying':
      text = t('copy.state.copying');
      icon = <Loader2 className="size-4 animate-spin" aria-hidden />;
      break;
    case 'reading':
    case 'uploading':
      text =
        state.percent === undefined
          ? t(`copy.state.${state.state}`)
          : t(`copy.state.${state.state}Percent`, { percent: state.percent });
      icon = <Loader2 className="size-4 animate-spin" aria-hidden />;
      break;
    case 'copied':
      text = t('copy.state.copied', { id: state.newId });
      icon = <Check className="size-4 text-green-600 dark:text-green-400" aria-hidden />;
      tone = 'text-foreground';
      break;
    case 'failed':
      text = t('copy.state.failed', { message: state.message });
      icon = <AlertTriangle className="size-4 text-destructive" aria-hidden />;
      tone = 'text-destructive';
      break;
    case 'notCopyable':
      text = t(`copy.state.${state.reason}`);
      icon = <AlertTriangle className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />;
      tone = 'text-amber-700 dark:text-amber-300';
      break;
    case 'waiting':
      text = t('copy.state.waiting');
      break;
    default:
      // Before the click: how this one will be copied, and what cannot be.
      if (plan && 'reason' in plan) {
        text = t(`copy.state.${plan.reason}`);
        icon = <AlertTriangle className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />;
        tone = 'text-amber-700 dark:text-amber-300';
      } else if (plan && 'reupload' in plan) text = t('copy.state.willUpload');
      else text = asset.model ? t('copy.state.withModel', { model: asset.model }) : '';
  }
  return (
    <li className="flex items-start gap-2 rounded border px-2 py-1.5" aria-label={name}>
      <span className="mt-0.5 w-4 shrink-0">{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{name}</span>
        {text && <span className={`block break-words text-xs ${tone}`}>{text}</span>}
      </span>
    </li>
  );
}
