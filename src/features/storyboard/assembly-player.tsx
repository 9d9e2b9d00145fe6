import { Download, PackagePlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { registerAssetByUrl } from '@/api/assets';
import { fetchAssemblyFile } from '@/api/storyboard';
import { notifyError } from '@/lib/notify';
import { useTranslation } from '@/lib/i18n';
import type { AssemblyState, Storyboard } from './storyboard';
import { assemblyFileName } from './assembly';
import { saveBlob } from './download';

/**
 * One assembled cut: it plays with its captions (the WebVTT beside it, as a track), downloads under
 * the storyboard's name, and can be registered as a library asset.
 */
export function AssemblyPlayer({
  board,
  assembly,
  label,
  onRegistered,
}: {
  board: Storyboard;
  assembly: AssemblyState;
  label: string;
  onRegistered: (assetId: string) => void;
}) {
  const { t, i18n } = useTranslation('storyboard');
  const [busy, setBusy] = useState<'download' | 'register' | null>(null);
  const url = assembly.url!;

  async function download() {
    setBusy('download');
    try {
      saveBlob(await fetchAssemblyFile(url), assemblyFileName(board));
    } catch (error) {
      notifyError(error, t('assembly.downloadFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function captions() {
    if (!assembly.captionsUrl) return;
    try {
      saveBlob(await fetchAssemblyFile(assembly.captionsUrl), assemblyFileName(board, 'vtt'));
    } catch (error) {
      notifyError(error, t('assembly.downloadFailed'));
    }
  }

  async function register() {
    setBusy('register');
    try {
      const asset = await registerAssetByUrl({
        url,
        type: 'video',
        mode: 'both',
        name: assemblyFileName(board),
      });
      onRegistered(asset.id);
    } catch (error) {
      notifyError(error, t('assembly.error'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      {/* Captions come as a track when the cut has any lines; a cut without carries none to offer. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        src={url}
        controls
        preload="metadata"
        className="aspect-video w-full rounded-md bg-black"
        aria-label={label}
      >
        {/* The cut's own captions when it has them; a cut without lines carries none to offer. */}
        {assembly.captionsUrl && (
          <track
            kind="captions"
            src={assembly.captionsUrl}
            srcLang={i18n.language}
            label={t('assembly.captionsTrack')}
            default
          />
        )}
      </video>
      <p className="text-xs text-muted-foreground">
        {t('assembly.duration', { seconds: (assembly.duration ?? 0).toFixed(1) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busy === 'download'}
          onClick={() => void download()}
        >
          <Download aria-hidden="true" /> {t('assembly.download')}
        </Button>
        {assembly.captionsUrl && (
          <Button type="button" variant="outline" size="sm" onClick={() => void captions()}>
            <Download aria-hidden="true" /> {t('assembly.downloadCaptions')}
          </Button>
        )}
        {assembly.assetId ? (
          <Button asChild variant="link" size="sm">
            <Link to={`/assets/${encodeURIComponent(assembly.assetId)}`}>
              {t('assembly.registered', { id: assembly.assetId })}
            </Link>
          </Button>
        ) : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy === 'register'}
            onClick={() => void register()}
          >
            <PackagePlus aria-hidden="true" /> {t('assembly.register')}
          </Button>
        )}
      </div>
    </div>
  );
}
