import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { createTranscript, TEXT_PATHS } from '@/api/text';
import { Input } from '@/components/ui/input';
import { ChoiceField, Field } from '@/features/playground/tool/field';
import { ToolActions, ToolLayout, ToolResult } from '@/features/playground/tool/tool-layout';
import { AudioInput } from '@/features/playground/transcription/audio-input';
import { TranscriptView } from '@/features/playground/transcription/transcript-view';
import { useTranslation } from '@/lib/i18n';

const FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json'];
type Kind = 'transcriptions' | 'translations';

export function TranscriptionTool() {
  const { t } = useTranslation('playground');
  const [file, setFile] = useState<File>();
  const [kind, setKind] = useState<Kind>('transcriptions');
  const [model, setModel] = useState('transcribe-1');
  const [format, setFormat] = useState('verbose_json');
  const [language, setLanguage] = useState('');
  const [prompt, setPrompt] = useState('');
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
  const submit = () => file && run.mutate(file);

  const form = (
    <>
      <AudioInput file={file} onFile={setFile} />
      <div className="grid grid-cols-2 gap-3">
        <ChoiceField
          label={t('transcription.kind')}
          value={kind}
          choices={[
            { value: 'transcriptions', label: t('transcription.transcribe') },
            { value: 'translations', label: t('transcription.translate') },
          ]}
          onChange={setKind}
        />
        <ChoiceField
          label={t('transcription.format')}
          value={format}
          choices={FORMATS}
          onChange={setFormat}
        />
        <Field label={t('settings.model')}>
          {(id) => (
            <Input id={id} value={model} onChange={(e) => setModel(e.target.value)} spellCheck={false} />
          )}
        </Field>
        {kind === 'transcriptions' ? (
          <Field label={t('transcription.language')}>
            {(id) => (
              <Input
                id={id}
                value={language}
                placeholder={t('transcription.languageHint')}
                onChange={(e) => setLanguage(e.target.value)}
              />
            )}
          </Field>
        ) : null}
      </div>
      <Field label={t('transcription.promptField')}>
        {(id) => <Input id={id} value={prompt} onChange={(e) => setPrompt(e.target.value)} />}
      </Field>
      <ToolActions
        label={
          run.isPending
            ? t('transcription.running')
            : t(kind === 'translations' ? 'transcription.runTranslate' : 'transcription.run')
        }
        disabled={!file || run.isPending}
        request={() => ({
          kind: 'multipart',
          path: TEXT_PATHS[kind],
          fields: fields(),
          fileName: file?.name ?? 'audio.wav',
        })}
      />
    </>
  );
  return (
    <ToolLayout
      onSubmit={submit}
      form={form}
      resultLabel={t('transcription.result')}
      result={
        <ToolResult
          error={run.error}
          failedTitle={t('transcription.failed')}
          onRetry={submit}
          empty={t('transcription.empty')}
        >
          {run.data ? <TranscriptView result={run.data} /> : null}
        </ToolResult>
      }
    />
  );
}
