import { Search } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { RATING_FILTERS, type RatingFilter } from './ratings/ratings-store';
import { TRACKED_TASK_KINDS } from '@/api/task-registry';
import { useTranslation } from '@/lib/i18n';
import { STATE_FILTERS, type StateFilter } from './task-display';
import type { TaskSearch } from './task-search';

/** Search by prompt, model, reference or id, filter by kind and state; every control writes to the URL. */
export function TaskToolbar({
  search,
  onChange,
}: {
  search: TaskSearch;
  onChange: (p: Partial<TaskSearch>) => void;
}) {
  const { t } = useTranslation('tasks');
  const id = useId();
  // The box keeps its own text so typing is never slowed by the URL round trip.
  const [q, setQ] = useState(search.q);
  const [synced, setSynced] = useState(search.q);
  if (search.q !== synced) {
    setSynced(search.q);
    setQ(search.q);
  }
  return (
    <div className="flex flex-wrap items-end gap-2" role="search" aria-label={t('filters.label')}>
      <Field id={`${id}-q`} label={t('filters.search')} className="min-w-48 flex-1">
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={`${id}-q`}
            type="search"
            className="pl-8"
            placeholder={t('filters.searchPlaceholder')}
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setSynced(e.target.value);
              onChange({ q: e.target.value });
            }}
          />
        </div>
      </Field>
      <Field id={`${id}-kind`} label={t('filters.kind')}>
        <Select
          id={`${id}-kind`}
          value={search.kind}
          onChange={(e) => onChange({ kind: e.target.value as TaskSearch['kind'] })}
        >
          <option value="">{t('filters.any')}</option>
          {TRACKED_TASK_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kind.${kind}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-state`} label={t('filters.state')}>
        <Select
          id={`${id}-state`}
          value={search.state}
          onChange={(e) => onChange({ state: e.target.value as StateFilter | '' })}
        >
          <option value="">{t('filters.any')}</option>
          {STATE_FILTERS.map((state) => (
            <option key={state} value={state}>
              {t(`stateGroup.${state}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-rated`} label={t('rating.filter')}>
        <Select
          id={`${id}-rated`}
          value={search.rated}
          onChange={(e) => onChange({ rated: e.target.value as RatingFilter })}
        >
          <option value="">{t('filters.any')}</option>
          {RATING_FILTERS.map((r) => (
            <option key={r} value={r}>
              {t(`rating.filters.${r}`)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

function Field({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ?? 'flex min-w-32 flex-col gap-1'}>
      <Label htmlFor={id} className={className ? 'mb-1 block' : undefined}>
        {label}
      </Label>
      {children}
    </div>
  );
}
