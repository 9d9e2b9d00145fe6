import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/lib/i18n';
import { RANGE_PRESETS, type UsageRange } from './usage-range';

/** 7 / 30 / 90 days, everything, or from–to: in the URL, so a range is a link. */
export function UsageRangePicker({
  range,
  onChange,
}: {
  range: UsageRange;
  onChange: (patch: Partial<UsageRange>) => void;
}) {
  const { t } = useTranslation('tasks');
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div role="radiogroup" aria-label={t('usage.range')} className="flex flex-wrap gap-1">
        {RANGE_PRESETS.map((preset) => (
          <Button
            key={preset}
            role="radio"
            aria-checked={range.preset === preset}
            variant={range.preset === preset ? 'secondary' : 'outline'}
            size="sm"
            onClick={() => onChange({ preset })}
          >
            {t(`usage.ranges.${preset}`)}
          </Button>
        ))}
      </div>
      {range.preset === 'custom' && (
        <>
          <div className="space-y-1">
            <Label htmlFor="usage-from">{t('usage.from')}</Label>
            <Input
              id="usage-from"
              type="date"
              value={range.from}
              onChange={(e) => onChange({ from: e.target.value })}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="usage-to">{t('usage.to')}</Label>
            <Input
              id="usage-to"
              type="date"
              value={range.to}
              onChange={(e) => onChange({ to: e.target.value })}
            />
          </div>
        </>
      )}
    </div>
  );
}
