import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSpeech, TEXT_PATHS } from '@/api/text';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useObjectUrl } from '@/features/playground/speech/use-object-url';
import { ChoiceField, Field } from '@/features/playground/tool/field';
import { ToolActions, ToolLayout, ToolResult } from '@/features/playground/tool/tool-layout';

const MODELS = ['tts-1', 'tts-1-hd'];
const VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
];
const FORMATS = ['mp3', 'wav', 'opus', 'aac', 'flac', 'pcm'] as const;
type SpeechFormat = (typeof FORMATS)[number];

interface Speech {
  blob: Blob;
  format: SpeechFormat;
  url: string;
}

function SpeechResult({ speech }: { speech: Speech }) {
  const { t } = useTranslation('playground');
  return (
    <>
      {speech.format === 'pcm' ? (
        <p className="text-sm text-muted-foreground">{t('speech.pcmNote')}</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- synthesised from the text shown beside it
        <audio controls src={speech.url} aria-label={t('speech.player')} className="w-full" />
      )}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Button asChild variant="outline" size="sm">
          <a href={speech.url} download={`speech.${speech.format}`}>
            <Download aria-hidden="true" />
            {t('speech.download', { format: speech.format })}
          </a>
        </Button>
        <span className="text-muted-foreground">
          {t('speech.size', { kb: (speech.blob.size / 1024).toFixed(1), type: speech.blob.type || '—' })}
        </span>
      </div>
    </>
  );
}

export function SpeechTool() {
  const { t } = useTranslation('playground');
  const [input, setInput] = useState(() => t('speech.sample'));
  const [model, setModel] = useState('tts-1');
  const [voice, setVoice] = useState('alloy');
  const [format, setFormat] = useState<SpeechFormat>('mp3');
  const [speed, setSpeed] = useState(1);
  const body = () => ({ model, input, voice, response_format: format, speed });
  const objectUrl = useObjectUrl();
  const run = useMutation({
    mutationFn: async (): Promise<Speech> => {
      const { blob } = await createSpeech(body());
      return { blob, format, url: objectUrl(blob) };
    },
  });

  const form = (
    <>
      <Field label={t('speech.input')}>
        {(id) => (
          <Textarea
            id={id}
            value={input}
            rows={5}
            maxLength={4096}
            onChange={(e) => setInput(e.target.value)}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <ChoiceField label={t('settings.model')} value={model} choices={MODELS} onChange={setModel} />
        <ChoiceField label={t('speech.voice')} value={voice} choices={VOICES} onChange={setVoice} />
        <ChoiceField label={t('speech.format')} value={format} choices={FORMATS} onChange={setFormat} />
        <Field label={t('speech.speed')}>
          {(id) => (
            <Input
              id={id}
              type="number"
              min={0.25}
              max={4}
              step={0.25}
              value={speed}
              onChange={(e) => Number.isFinite(e.target.valueAsNumber) && setSpeed(e.target.valueAsNumber)}
            />
          )}
        </Field>
      </div>
      <ToolActions
        label={run.isPending ? t('speech.running') : t('speech.run')}
        disabled={!input.trim() || run.isPending}
        request={() => ({
          kind: 'json',
          path: TEXT_PATHS.speech,
          body: body(),
          binaryOut: `speech.${format}`,
        })}
      />
    </>
  );
  return (
    <ToolLayout
      onSubmit={() => run.mutate()}
      form={form}
      resultLabel={t('speech.result')}
      result={
        <ToolResult
          error={run.error}
          failedTitle={t('speech.failed')}
          onRetry={() => run.mutate()}
          empty={t('speech.empty')}
        >
          {run.data ? <SpeechResult speech={run.data} /> : null}
        </ToolResult>
      }
    />
  );
}
