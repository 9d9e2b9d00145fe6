import type { Asset } from '@/api/assets';
import { formatUnixTime } from '@/lib/format-date';
import { useTranslation } from '@/lib/i18n';
import { formatBytes, formatDuration } from './format';

/** The fields of the specification's Asset table, in its order; unknown extra fields follow. */
const SPEC_FIELDS = [
  'object',
  'id',
  'asset_id',
  'group_id',
  'domain',
  'type',
  'asset_type',
  'name',
  'description',
  'source_url',
  'url',
  'oss_url',
  'reference',
  'asset_ref',
  'content_type',
  'size',
  'duration',
  'status',
  'sync_status',
  'preparation_status',
  'generation_ready',
  'review_status',
  'review_passed',
  'sync_error',
  'visibility',
  'model',
  'mode',
  'purpose',
  'role',
  'created_at',
  'updated_at',
  'request_id',
  'trace_id',
] as const;

function display(key: string, value: unknown, locale: string): string {
  if (value === undefined || value === null || value === '') return '—';
  if (key === 'size' && typeof value === 'number') return `${formatBytes(value, locale)} (${value})`;
  if (key === 'duration' && typeof value === 'number') {
    // Stills and files report 0: "no duration", not "— (0 s)".
    return value > 0 ? `${formatDuration(value)} (${value} s)` : '—';
  }
  if ((key === 'created_at' || key === 'updated_at') && typeof value === 'number') {
    return `${formatUnixTime(value, locale)} (${value})`;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Every field of the asset, labelled; a deployment's extra fields are shown, never dropped. */
export function AssetFields({ asset }: { asset: Asset }) {
  const { t, i18n } = useTranslation('asset-detail');
  const record = asset as Record<string, unknown>;
  const extra = Object.keys(record).filter((k) => !(SPEC_FIELDS as readonly string[]).includes(k));
  return (
    <section className="space-y-1">
      <h3 className="text-sm font-semibold">{t('detail.fields')}</h3>
      <dl className="grid grid-cols-[10rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {[...SPEC_FIELDS, ...extra].map((key) => (
          <div key={key} className="contents">
            <dt className="font-mono text-xs text-muted-foreground">{key}</dt>
            <dd className="break-all font-mono text-xs">{display(key, record[key], i18n.language)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
