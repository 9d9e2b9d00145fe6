import { FileIcon, ImageIcon, Music, Video } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Asset } from '@/api/assets';
import { useTranslation } from '@/lib/i18n';
import { recordImageSize } from './image-size';

/** Starts the muted preview video inside a container (a card whose overlay button takes the hover). */
export function playPreviewIn(container: HTMLElement | null) {
  void container
    ?.querySelector('video')
    ?.play()
    .catch(() => undefined);
}

export function stopPreviewIn(container: HTMLElement | null) {
  const video = container?.querySelector('video');
  if (!video) return;
  video.pause();
  video.currentTime = 0;
}

/*
 * URLs whose preview failed to load in this session. A virtualised grid remounts cards as they
 * scroll back into view; remembering the failure keeps an unreachable URL from being asked again on
 * every mount, and the card shows the type's icon instead of a broken image.
 */
const failedPreviews = new Set<string>();

function mediaType(asset: Asset): string {
  return asset.type ?? asset.asset_type ?? 'file';
}

/**
 * A preview that costs little when hundreds are on screen: lazy images, videos that load only
 * metadata (the browser paints the first frame as the poster) and play muted on hover or focus.
 */
export function AssetPreview({ asset, size = 'card' }: { asset: Asset; size?: 'card' | 'row' | 'detail' }) {
  const { t } = useTranslation('assets');
  const videoRef = useRef<HTMLVideoElement>(null);
  const url = asset.url || asset.oss_url || asset.source_url || '';
  const type = mediaType(asset);
  const name = asset.name || asset.id;
  const box = size === 'row' ? 'h-10 w-14' : size === 'detail' ? 'max-h-72 w-full' : 'h-36 w-full';
  // Derived from the set on each render: a recycled card may show another asset next time.
  const [, previewFailed] = useState(0);
  const failed = failedPreviews.has(url);
  const onError = () => {
    failedPreviews.add(url);
    previewFailed((n) => n + 1);
  };

  if (url && !failed && type === 'image') {
    return (
      <img
        src={url}
        alt={t('preview.imageAlt', { name })}
        loading="lazy"
        decoding="async"
        onError={onError}
        onLoad={(e) => recordImageSize(url, e.currentTarget.naturalWidth, e.currentTarget.naturalHeight)}
        className={`${box} rounded-md bg-muted object-contain`}
      />
    );
  }
  if (url && !failed && type === 'video') {
    const play = () => playPreviewIn(videoRef.current?.parentElement ?? null);
    const stop = () => stopPreviewIn(videoRef.current?.parentElement ?? null);
    return (
      <video
        ref={videoRef}
        // `#t=0.1` makes browsers paint a real frame instead of black while only metadata is loaded.
        src={`${url}#t=0.1`}
        muted
        loop
        playsInline
        preload="metadata"
        controls={size === 'detail'}
        aria-label={t('preview.videoLabel', { name })}
        onMouseEnter={size === 'detail' ? undefined : play}
        onMouseLeave={size === 'detail' ? undefined : stop}
        onError={onError}
        className={`${box} rounded-md bg-muted object-contain`}
      />
    );
  }
  if (url && type === 'audio' && size !== 'row') {
    return (
      <div className={`${box} flex items-center rounded-md bg-muted p-2`}>
        {/* Native controls: keyboard and screen-reader support for free. The API stores no caption
            tracks for assets, so there is none to attach. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <audio
          src={url}
          controls
          preload="none"
          aria-label={t('preview.audioLabel', { name })}
          className="w-full"
        />
      </div>
    );
  }
  // No preview to show (a table row, or no usable URL yet): an icon that still tells the type.
  const Icon = type === 'audio' ? Music : type === 'video' ? Video : type === 'image' ? ImageIcon : FileIcon;
  return (
    <div className={`${box} flex items-center justify-center rounded-md bg-muted text-muted-foreground`}>
      <Icon aria-hidden className="size-6" />
      <span className="sr-only">{t(`type.${type}`, { defaultValue: type })}</span>
    </div>
  );
}
