import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { GroupOptions } from '@/components/group-options';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { assetQueries, type Asset } from '@/api/assets';
import { useBaseUrl } from '@/api/connection-store';
import { lastGroup, rememberGroup } from '@/lib/last-group';
import { useTranslation } from '@/lib/i18n';
import { audioUrlOf } from './sound';

const PAGE_SIZE = 50;

/**
 * Picks a music or voice track from the library: the audio assets of a group, each playable
 * before it is picked. Not the composer's reference picker: a track under the cut is read by the
 * local server's ffmpeg from its URL, so no model readiness applies.
 */
export function AudioPickerDialog({
  onPick,
  onClose,
}: {
  onPick: (asset: Asset, url: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('storyboard');
  const id = useId();
  const baseUrl = useBaseUrl();
  const [group, setGroup] = useState(() => lastGroup(baseUrl));
  const list = useQuery({
    ...assetQueries.list({ baseUrl, group, page: 1, pageSize: PAGE_SIZE, type: 'audio' }),
    placeholderData: keepPreviousData,
  });
  // A deployment that ignores the type filter still lists only audio here.
  const audio = (list.data?.data ?? []).filter(
    (a) => !a.unreadable && (a.type ?? a.asset_type) === 'audio' && audioUrlOf(a),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="2xl" layout="column">
        <DialogHeader>
          <DialogTitle>{t('sound.pickTitle')}</DialogTitle>
          <DialogDescription>{t('sound.pickDescription')}</DialogDescription>
        </DialogHeader>
        <div className="flex min-w-48 flex-col gap-1.5">
          <Label htmlFor={`${id}-group`}>{t('sound.group')}</Label>
          <Select
            id={`${id}-group`}
            value={group}
            onChange={(e) => {
              setGroup(e.target.value);
              rememberGroup(baseUrl, e.target.value);
            }}
          >
            <GroupOptions value={group} />
          </Select>
        </div>
        <div className="min-h-32 flex-1 overflow-y-auto">
          {list.error ? (
            <ErrorAlert
              error={list.error}
              title={t('sound.pickFailed')}
              onRetry={() => void list.refetch()}
            />
          ) : list.isPending ? (
            <p role="status" className="p-2 text-sm text-muted-foreground">
              {t('loading')}
            </p>
          ) : audio.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground">{t('sound.noAudio')}</p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label={t('sound.audioList')}>
              {audio.map((asset) => {
                const url = audioUrlOf(asset)!;
                const name = asset.name || asset.id;
                return (
                  <li
                    key={asset.id}
                    className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm"
                  >
                    <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
                    {/* A music track has no words to caption. */}
                    {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
                    <audio src={url} controls preload="none" className="h-8 max-w-56" aria-label={name} />
                    <Button
                      type="button"
                      size="sm"
                      onClick={() => {
                        onPick(asset, url);
                        onClose();
                      }}
                    >
                      {t('sound.use', { name })}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
