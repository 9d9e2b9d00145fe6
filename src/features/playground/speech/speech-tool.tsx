import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { createSpeech, TEXT_PATHS } from '@/api/text';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { MAX_SPEED, MIN_SPEED, parseSpeed } from '@/features/playground/speech/speed';
import { useObjectUrl } from '@/features/playground/speech/use-object-url';
import { ChoiceField, Field } from '@/features/playground/tool/field';
import { ToolActions, ToolLayout, ToolResult } from '@/features/playground/tool/tool-layout';
import { useTranslation } from '@/lib/i18n';

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
  // Kept as typed and checked here, in the page's words: the browser's own bubble for a number
  // field is in its language, not the page's, and disappears as soon as it shows.
  const [speedText, setSpeedText] = useState('1');
  const speed = parseSpeed(speedText);
  const speedId = useId();
  const body = () => ({ model, input, voice, response_format: format, speed: speed ?? 1 });
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
            <>
              <Input
                id={id}
                type="text"
                inputMode="decimal"
                value={speedText}
                aria-invalid={speed === undefined}
                aria-describedby={speedId}
                onChange={(e) => setSpeedText(e.target.value)}
              />
              <p
                id={speedId}
                className={speed === undefined ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}
              >
                {speed === undefined
                  ? t('speech.speedInvalid', { min: MIN_SPEED, max: MAX_SPEED })
                  : t('speech.speedHint', { min: MIN_SPEED, max: MAX_SPEED })}
              </p>
            </>
          )}
        </Field>
      </div>
      <ToolActions
        label={run.isPending ? t('speech.running') : t('speech.run')}
        disabled={!input.trim() || speed === undefined || run.isPending}
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
      onSubmit={() => speed !== undefined && run.mutate()}
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
