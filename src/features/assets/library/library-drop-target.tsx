import { useQuery } from '@tanstack/react-query';
import { UploadCloud } from 'lucide-react';
import { useCallback, type ReactNode } from 'react';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { groupQueries } from '@/api/groups';
import { useTranslation } from '@/lib/i18n';
import { useLazyDropzone } from '../lazy-dropzone';
import { usePreferredModelStore } from '../preferred-model';
import { useAddFiles } from '../upload/upload-tray-host';

/**
 * The whole library page is a drop target: files dropped anywhere on it upload into the group it
 * shows, and while files are dragged over it an overlay says which group that is (decision 075).
 * Disabled where an upload could only fail (a group that does not exist).
 */
export function LibraryDropTarget({
  group,
  enabled,
  children,
}: {
  group: string;
  enabled: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('assets');
  const addFiles = useAddFiles();
  const model = usePreferredModelStore((s) => s.model);
  // The names the group switcher asks for once the data has painted (decision 247); until they are
  // in, the overlay names the group by its id.
  const groups = useQuery({ ...groupQueries.list(), enabled: false });
  const groupName =
    group === DEFAULT_GROUP_ID
      ? t('filters.defaultGroup')
      : (groups.data?.data.find((g) => g.id === group)?.name ?? group);
  const onDrop = useCallback(
    (files: File[]) => {
      if (files.length > 0) addFiles(files, { group, model });
    },
    [addFiles, group, model],
  );
  // react-dropzone comes once the page has painted its data, or on the first drag (lazy-dropzone.tsx);
  // until then the browser's own drop takes the files. The wrapper stays the same element, so the
  // page inside it never remounts when it arrives.
  const [dropzone, dropzoneNode] = useLazyDropzone({
    multiple: true,
    noClick: true,
    noKeyboard: true,
    disabled: !enabled,
    onDrop,
  });
  const isDragActive = dropzone.isDragActive;
  return (
    // react-dropzone's root gets role="presentation": a drop target, not a control.
    // Disabled, no root props at all: react-dropzone would mark the whole page aria-disabled.
    <div {...(enabled ? dropzone.getRootProps() : {})} className="min-h-[60vh]">
      {dropzoneNode}
      {children}
      {isDragActive && (
        <div
          data-testid="library-drop-overlay"
          className="fixed inset-0 z-50 flex items-center justify-center bg-background/80 p-6 backdrop-blur-sm"
        >
          <div className="flex max-w-md flex-col items-center gap-2 rounded-xl border-2 border-dashed border-primary bg-background p-8 text-center">
            <UploadCloud aria-hidden className="size-10 text-primary" />
            <p className="text-lg font-semibold">{t('upload.dropInto', { group: groupName })}</p>
            <p className="text-sm text-muted-foreground">{t('upload.dropIntoHint')}</p>
          </div>
        </div>
      )}
    </div>
  );
}
