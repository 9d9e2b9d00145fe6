import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSpeech, TEXT_PATHS } from '@/api/text';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/notify';
import { ViewCodeButton } from '@/features/playground/view-code/view-code-button';

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

/** blob: URLs for the audio; the previous one is revoked when replaced, the last when the tool goes away. */
function useObjectUrls() {
  const current = useRef<string>(undefined);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = undefined;
    },
    [],
  );
  return (blob: Blob) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = URL.createObjectURL(blob);
    return current.current;
  };
}

export function SpeechTool() {
  const { t } = useTranslation('playground');
  const ids = { input: useId(), model: useId(), voice: useId(), format: useId(), speed: useId() };
  const [input, setInput] = useState(() => t('speech.sample'));
  const [model, setModel] = useState('tts-1');
  const [voice, setVoice] = useState('alloy');
  const [format, setFormat] = useState<SpeechFormat>('mp3');
  const [speed, setSpeed] = useState(1);
  const body = () => ({ model, input, voice, response_format: format, speed });
  const objectUrl = useObjectUrls();
  const run = useMutation({
    mutationFn: async () => {
      const result = await createSpeech(body());
      return { ...result, format, url: objectUrl(result.blob) };
    },
  });
  const url = run.data?.url;
  const playable = run.data && run.data.format !== 'pcm';

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          run.mutate();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.input}>{t('speech.input')}</Label>
          <Textarea
            id={ids.input}
            value={input}
            rows={5}
            maxLength={4096}
            onChange={(e) => setInput(e.target.value)}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.model}>{t('settings.model')}</Label>
            <Select id={ids.model} value={model} onChange={(e) => setModel(e.target.value)}>
              {MODELS.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.voice}>{t('speech.voice')}</Label>
            <Select id={ids.voice} value={voice} onChange={(e) => setVoice(e.target.value)}>
              {VOICES.map((v) => (
                <option key={v}>{v}</option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.format}>{t('speech.format')}</Label>
            <Select
              id={ids.format}
              value={format}
              onChange={(e) => setFormat(e.target.value as SpeechFormat)}
            >
              {FORMATS.map((f) => (
                <option key={f}>{f}</option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.speed}>{t('speech.speed')}</Label>
            <Input
              id={ids.speed}
              type="number"
              min={0.25}
              max={4}
              step={0.25}
              value={speed}
              onChange={(e) => Number.isFinite(e.target.valueAsNumber) && setSpeed(e.target.valueAsNumber)}
            />
          </div>
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={!input.trim() || run.isPending}>
            {run.isPending ? t('speech.running') : t('speech.run')}
          </Button>
          <ViewCodeButton
            request={() => ({
              kind: 'json',
              path: TEXT_PATHS.speech,
              body: body(),
              binaryOut: `speech.${format}`,
            })}
          />
        </div>
      </form>
      <section aria-label={t('speech.result')} className="flex flex-col gap-3">
        {run.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(run.error)}
          </p>
        ) : null}
        {run.data && url ? (
          <>
            {playable ? (
              // eslint-disable-next-line jsx-a11y/media-has-caption -- synthesised from the text shown beside it
              <audio controls src={url} aria-label={t('speech.player')} className="w-full" />
            ) : (
              <p className="text-sm text-muted-foreground">{t('speech.pcmNote')}</p>
            )}
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <Button asChild variant="outline" size="sm">
                <a href={url} download={`speech.${run.data.format}`}>
                  <Download aria-hidden="true" />
                  {t('speech.download', { format: run.data.format })}
                </a>
              </Button>
              <span className="text-muted-foreground">
                {t('speech.size', {
                  kb: (run.data.blob.size / 1024).toFixed(1),
                  type: run.data.blob.type || '—',
                })}
              </span>
            </div>
          </>
        ) : run.isError ? null : (
          <p className="text-sm text-muted-foreground">{t('speech.empty')}</p>
        )}
      </section>
    </div>
  );
}
