import { Download } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import type { TranscriptResult } from '@/api/text';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { isRecord } from '@contract/is-record';
import { useTranslation } from '@/lib/i18n';

interface Segment {
  id?: number;
  start?: number;
  end?: number;
  text?: string;
}

/** Seconds as m:ss.s, the way a player shows a position. */
export function formatSeconds(s: number): string {
  const m = Math.floor(s / 60);
  const rest = s - m * 60;
  return `${m}:${rest.toFixed(1).padStart(4, '0')}`;
}

export function TranscriptView({ result }: { result: TranscriptResult }) {
  const { t } = useTranslation('playground');
  const body = isRecord(result.json) ? result.json : undefined;
  const text = body ? (typeof body.text === 'string' ? body.text : '') : undefined;
  const segments = body && Array.isArray(body.segments) ? (body.segments as Segment[]) : [];
  return (
    <div className="flex flex-col gap-3">
      {text !== undefined ? (
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-medium">{t('transcription.text')}</h3>
          <p
            className="rounded-md border bg-muted/40 p-3 text-sm whitespace-pre-wrap"
            data-testid="transcript-text"
          >
            {text}
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <TranscriptFileActions result={result} />
          <pre
            className="max-h-96 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs whitespace-pre-wrap"
            data-testid="transcript-text"
          >
            {result.text}
          </pre>
        </div>
      )}
      {body && typeof body.duration === 'number' ? (
        <p className="text-xs text-muted-foreground">
          {t('transcription.duration', { value: formatSeconds(body.duration) })}
          {typeof body.language === 'string'
            ? ` · ${t('transcription.languageIs', { value: body.language })}`
            : ''}
        </p>
      ) : null}
      {segments.length > 0 ? (
        <table className="w-full text-sm">
          <caption className="mb-1 text-left text-sm font-medium">{t('transcription.segments')}</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="w-20 text-left font-medium">
                {t('transcription.start')}
              </th>
              <th scope="col" className="w-20 text-left font-medium">
                {t('transcription.end')}
              </th>
              <th scope="col" className="text-left font-medium">
                {t('transcription.segmentText')}
              </th>
            </tr>
          </thead>
          <tbody>
            {segments.map((s, i) => (
              <tr key={s.id ?? i} className="border-t align-top">
                <td className="py-1 font-mono text-xs tabular-nums">{formatSeconds(s.start ?? 0)}</td>
                <td className="py-1 font-mono text-xs tabular-nums">{formatSeconds(s.end ?? 0)}</td>
                <td className="py-1">{s.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** The file kind of a plain-text transcript: subtitles (SRT, WebVTT) or text. */
export function transcriptExtension(
  result: Pick<TranscriptResult, 'text' | 'contentType'>,
): 'srt' | 'vtt' | 'txt' {
  const type = result.contentType.toLowerCase();
  if (type.includes('vtt') || result.text.startsWith('WEBVTT')) return 'vtt';
  if (
    type.includes('subrip') ||
    type.includes('srt') ||
    /^\d+\r?\n\d{2}:\d{2}:\d{2}[,.]\d{3} -->/.test(result.text)
  ) {
    return 'srt';
  }
  return 'txt';
}

const MIME = { srt: 'application/x-subrip', vtt: 'text/vtt', txt: 'text/plain' } as const;

/** Copy and Download for a transcript that is a file of its own (SRT, WebVTT, text). */
function TranscriptFileActions({ result }: { result: TranscriptResult }) {
  const { t } = useTranslation('playground');
  const ext = transcriptExtension(result);
  const url = useMemo(
    () => URL.createObjectURL(new Blob([result.text], { type: `${MIME[ext]};charset=utf-8` })),
    [result.text, ext],
  );
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <div className="flex flex-wrap gap-2">
      <CopyButton
        value={result.text}
        variant="outline"
        size="sm"
        aria-label={t('transcription.copy', { format: ext.toUpperCase() })}
      >
        {t('transcription.copy', { format: ext.toUpperCase() })}
      </CopyButton>
      <Button asChild variant="outline" size="sm">
        <a href={url} download={`transcript.${ext}`}>
          <Download aria-hidden="true" />
          {t('transcription.download', { format: ext.toUpperCase() })}
        </a>
      </Button>
    </div>
  );
}
