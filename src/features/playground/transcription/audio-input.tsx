import { FileAudio, FolderOpen, Mic, Square } from 'lucide-react';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { hasAudioTrack } from '@/features/playground/transcription/audio-track';
import { useRecorder } from '@/features/playground/transcription/use-recorder';
import { useTranslation } from '@/lib/i18n';

/**
 * The audio to send: a dropped or chosen file, or a recording from the microphone. The drop zone
 * is only a drop target; choosing is its button (a zone with role=button holding a focusable input
 * nested two controls, and its name did not contain its visible text). A video without sound is
 * refused here, at once.
 */
export function AudioInput({ file, onFile }: { file: File | undefined; onFile: (file: File) => void }) {
  const { t } = useTranslation('playground');
  const [refused, setRefused] = useState<string>();
  const take = (chosen: File) => {
    setRefused(undefined);
    void hasAudioTrack(chosen).then((sound) => {
      if (sound === false) setRefused(t('transcription.noAudio', { name: chosen.name }));
      else onFile(chosen);
    });
  };
  const recorder = useRecorder(onFile);
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    multiple: false,
    noClick: true,
    noKeyboard: true,
    accept: { 'audio/*': [], 'video/webm': [], 'video/mp4': [] },
    onDrop: (files) => files[0] && take(files[0]),
    // A file of another type (an image, a JSON) was dropped without a word: say why it was not taken.
    onDropRejected: ([rejected]) =>
      rejected && setRefused(t('transcription.notAudio', { name: rejected.file.name })),
  });
  const recording = recorder.state === 'recording';
  return (
    <>
      <div
        {...getRootProps({
          className: cn(
            'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-6 text-center text-sm',
            isDragActive ? 'border-primary bg-primary/5' : 'border-muted-foreground/30',
          ),
        })}
      >
        <input {...getInputProps({ 'aria-label': t('transcription.fileInput') })} />
        <FileAudio aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{isDragActive ? t('transcription.dropNow') : t('transcription.prompt')}</p>
        <Button type="button" variant="outline" size="sm" onClick={open}>
          <FolderOpen aria-hidden="true" />
          {t('transcription.choose')}
        </Button>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {file
            ? t('transcription.chosen', { name: file.name, kb: (file.size / 1024).toFixed(1) })
            : t('transcription.hint')}
        </p>
      </div>
      {refused ? (
        <p role="alert" className="text-sm text-destructive">
          {refused}
        </p>
      ) : null}
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
