import { useMutation } from '@tanstack/react-query';
import { FileAudio, Mic, Square } from 'lucide-react';
import { useId, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { createTranscript, TEXT_PATHS } from '@/api/text';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/notify';
import { TranscriptView } from '@/features/playground/transcription/transcript-view';
import { useRecorder } from '@/features/playground/transcription/use-recorder';
import { ViewCodeButton } from '@/features/playground/view-code/view-code-button';

const FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json'];
type Kind = 'transcriptions' | 'translations';

export function TranscriptionTool() {
  const { t } = useTranslation('playground');
  const ids = { kind: useId(), model: useId(), format: useId(), language: useId(), prompt: useId() };
  const [file, setFile] = useState<File>();
  const [kind, setKind] = useState<Kind>('transcriptions');
  const [model, setModel] = useState('transcribe-1');
  const [format, setFormat] = useState('verbose_json');
  const [language, setLanguage] = useState('');
  const [prompt, setPrompt] = useState('');
  const recorder = useRecorder(setFile);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: false,
    accept: { 'audio/*': [], 'video/webm': [], 'video/mp4': [] },
    onDrop: (files) => files[0] && setFile(files[0]),
  });
  const fields = () => {
    const f: Record<string, string> = { model, response_format: format };
    if (kind === 'transcriptions' && language.trim()) f.language = language.trim();
    if (prompt.trim()) f.prompt = prompt.trim();
    return f;
  };
  const run = useMutation({
    mutationFn: (audio: File) => {
      const form = new FormData();
      form.append('file', audio, audio.name);
      for (const [k, v] of Object.entries(fields())) form.append(k, v);
      return createTranscript(kind, form);
    },
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (file) run.mutate(file);
        }}
      >
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
          <input {...getInputProps({ 'aria-label': t('transcription.fileInput') })} />
          <FileAudio aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">
            {isDragActive ? t('transcription.dropNow') : t('transcription.prompt')}
          </p>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {file
              ? t('transcription.chosen', { name: file.name, kb: (file.size / 1024).toFixed(1) })
              : t('transcription.hint')}
          </p>
        </div>
        {recorder.state !== 'unsupported' ? (
          <Button
            variant={recorder.state === 'recording' ? 'destructive' : 'outline'}
            size="sm"
            className="self-start"
            onClick={() => (recorder.state === 'recording' ? recorder.stop() : void recorder.start())}
          >
            {recorder.state === 'recording' ? <Square aria-hidden="true" /> : <Mic aria-hidden="true" />}
            {recorder.state === 'recording' ? t('transcription.stopRecording') : t('transcription.record')}
          </Button>
        ) : null}
        {recorder.error ? (
          <p role="alert" className="text-sm text-destructive">
            {t('transcription.micError', { message: errorMessage(recorder.error) })}
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.kind}>{t('transcription.kind')}</Label>
            <Select id={ids.kind} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              <option value="transcriptions">{t('transcription.transcribe')}</option>
              <option value="translations">{t('transcription.translate')}</option>
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.format}>{t('transcription.format')}</Label>
            <Select id={ids.format} value={format} onChange={(e) => setFormat(e.target.value)}>
              {FORMATS.map((f) => (
                <option key={f}>{f}</option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.model}>{t('settings.model')}</Label>
            <Input
              id={ids.model}
              value={model}
              onChange={(e) => setModel(e.target.value)}
              spellCheck={false}
            />
          </div>
          {kind === 'transcriptions' ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.language}>{t('transcription.language')}</Label>
              <Input
                id={ids.language}
                value={language}
                placeholder={t('transcription.languageHint')}
                onChange={(e) => setLanguage(e.target.value)}
              />
            </div>
          ) : null}
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.prompt}>{t('transcription.promptField')}</Label>
          <Input id={ids.prompt} value={prompt} onChange={(e) => setPrompt(e.target.value)} />
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={!file || run.isPending}>
            {run.isPending
              ? t('transcription.running')
              : t(kind === 'translations' ? 'transcription.runTranslate' : 'transcription.run')}
          </Button>
          <ViewCodeButton
            request={() => ({
              kind: 'multipart',
              path: TEXT_PATHS[kind],
              fields: fields(),
              fileName: file?.name ?? 'audio.wav',
            })}
          />
        </div>
      </form>
      <section aria-label={t('transcription.result')} className="flex min-w-0 flex-col gap-3">
        {run.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(run.error)}
          </p>
        ) : null}
        {run.data ? (
          <TranscriptView result={run.data} />
        ) : run.isError ? null : (
          <p className="text-sm text-muted-foreground">{t('transcription.empty')}</p>
        )}
      </section>
    </div>
  );
}
