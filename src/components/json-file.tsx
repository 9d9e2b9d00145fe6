import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';

/** Hands a JSON text to the browser as a file download. */
export function downloadJson(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `<prefix>-YYYY-MM-DD.json`: the name an export is downloaded under. */
export function datedJsonName(prefix: string, now = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * An Import button for a JSON file: the one the person chooses is handed to `onFile` (the task
 * registry's export, a prompt library's file). The same file may be chosen twice in a row.
 */
export function ImportJsonButton({
  label,
  onFile,
  size,
}: {
  label: string;
  onFile: (file: File) => void;
  size?: 'sm';
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outline" size={size} onClick={() => fileRef.current?.click()}>
        <Upload aria-hidden="true" /> {label}
      </Button>
      <input
        ref={fileRef}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        tabIndex={-1}
        // Reached through the Import button: hidden from assistive technology so the page does not
        // name two Import controls.
        aria-hidden="true"
        aria-label={label}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
