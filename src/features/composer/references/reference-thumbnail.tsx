import { FileIcon, ImageIcon, Video } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import type { ReferenceDraft } from '@/lib/video-draft/draft';

/** A small preview of a reference's media: the image or video itself, else its type's icon. */
export function Thumbnail({ reference }: { reference: ReferenceDraft }) {
  const { t } = useTranslation('composer');
  const url =
    reference.asset?.previewUrl ?? (/^https?:\/\//i.test(reference.url.trim()) ? reference.url.trim() : '');
  const box = 'size-16 shrink-0 rounded-md bg-muted object-cover';
  if (url && reference.mediaType === 'image')
    return (
      <img
        src={url}
        alt={t('references.previewAlt', { name: reference.asset?.name ?? url })}
        className={box}
        loading="lazy"
      />
    );
  if (url && reference.mediaType === 'video')
    return (
      <video
        src={`${url}#t=0.1`}
        muted
        preload="metadata"
        aria-label={t('references.previewAlt', { name: reference.asset?.name ?? url })}
        className={box}
      />
    );
  const Icon =
    reference.mediaType === 'video' ? Video : reference.mediaType === 'image' ? ImageIcon : FileIcon;
  return (
    <div className={`${box} flex items-center justify-center text-muted-foreground`}>
      <Icon aria-hidden="true" className="size-6" />
    </div>
  );
}
