import { FileAudio, Mic, Square } from 'lucide-react';
import { useDropzone } from 'react-dropzone';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useRecorder } from '@/features/playground/transcription/use-recorder';
import { useTranslation } from '@/lib/i18n';

/** The audio to send: a dropped or chosen file, or a recording from the microphone. */
export function AudioInput({ file, onFile }: { file: File | undefined; onFile: (file: File) => void }) {
  const { t } = useTranslation('playground');
  const recorder = useRecorder(onFile);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: false,
    accept: { 'audio/*': [], 'video/webm': [], 'video/mp4': [] },
    onDrop: (files) => files[0] && onFile(files[0]),
  });
  const recording = recorder.state === 'recording';
  return (
    <>
      <div
        {...getRootProps({
          className: cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center text-sm focus-visible:outline-2 focus-visible:outline-ring',
            isDragActive ? 'border-primary bg-primary/5' : 'border-muted-foreground/30',
          ),
          role: 'button',
          'aria-label': t('transcription.dropzone'),
        })}
      >
        {/* The zone itself is the named control; its input would be a second one. */}
        <input {...getInputProps({ 'aria-label': t('transcription.fileInput'), 'aria-hidden': true })} />
        <FileAudio aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{isDragActive ? t('transcription.dropNow') : t('transcription.prompt')}</p>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {file
            ? t('transcription.chosen', { name: file.name, kb: (file.size / 1024).toFixed(1) })
            : t('transcription.hint')}
        </p>
      </div>
      {recorder.state !== 'unsupported' ? (
        <Button
          variant={recording ? 'destructive' : 'outline'}
          size="sm"
          className="self-start"
          onClick={() => (recording ? recorder.stop() : void recorder.start())}
        >
          {recording ? <Square aria-hidden="true" /> : <Mic aria-hidden="true" />}
          {recording ? t('transcription.stopRecording') : t('transcription.record')}
        </Button>
      ) : null}
      {recorder.error ? (
        <ErrorAlert
          error={recorder.error}
          title={t('transcription.micFailed')}
          onRetry={() => void recorder.start()}
          retryLabel={t('transcription.record')}
        />
      ) : null}
    </>
  );
}
