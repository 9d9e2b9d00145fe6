import { useTranslation } from 'react-i18next';
import type { TranscriptResult } from '@/api/text';
import { isRecord } from '@contract/is-record';

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
        <pre
          className="max-h-96 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs whitespace-pre-wrap"
          data-testid="transcript-text"
        >
          {result.text}
        </pre>
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
