import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  DIGITAL_HUMAN_AUDIO_MODELS,
  DIGITAL_HUMAN_VIDEO_MODELS,
  IMAGE_MODELS,
  MUSIC_MODELS,
  RESOURCE_MODELS,
  VIDEO_MODEL_IDS,
} from '@contract/models';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';
import {
  DEFAULT_CURRENCY,
  isCurrencyCode,
  PRICE_KINDS,
  PRICE_RULES,
  PRICE_UNITS,
  type Price,
} from '@/lib/money/prices';
import { usePricesStore } from '@/lib/money/prices-store';

const KNOWN_MODELS = [
  ...VIDEO_MODEL_IDS,
  ...DIGITAL_HUMAN_VIDEO_MODELS,
  ...DIGITAL_HUMAN_AUDIO_MODELS,
  ...MUSIC_MODELS,
  ...IMAGE_MODELS,
  ...RESOURCE_MODELS,
];

/** A typed amount: a finite number ≥ 0, or undefined (empty or not a number yet). */
function parseAmount(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * The person's prices and caps, edited in place (Settings, and the usage page). Every change is
 * kept at once, as the other settings of the browser are: there is nothing to save.
 */
export function PricesEditor() {
  const { t } = useTranslation('money');
  const book = usePricesStore((s) => s.book);
  const { currencyChanged, priceAdded, capsChanged } = usePricesStore.getState();
  const [currency, setCurrency] = useState(book.currency);
  const ids = useId();
  const currencyValid = isCurrencyCode(currency);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t('prices.description')}</p>
      <div className="flex max-w-xs flex-col gap-1">
        <Label htmlFor={`${ids}-currency`}>{t('prices.currency')}</Label>
        <Input
          id={`${ids}-currency`}
          value={currency}
          maxLength={3}
          autoComplete="off"
          aria-invalid={!currencyValid}
          aria-describedby={`${ids}-currency-hint`}
          onChange={(e) => {
            const next = e.target.value.toUpperCase();
            setCurrency(next);
            if (isCurrencyCode(next)) currencyChanged(next);
          }}
        />
        <p id={`${ids}-currency-hint`} className="text-xs text-muted-foreground">
          {currencyValid
            ? t('prices.currencyHint')
            : t('prices.currencyInvalid', { fallback: book.currency })}
        </p>
      </div>
      <datalist id={`${ids}-models`}>
        {KNOWN_MODELS.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      {book.prices.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('prices.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('prices.tableLabel')}>
          {book.prices.map((price, i) => (
            <PriceRow key={price.id} price={price} n={i + 1} modelsId={`${ids}-models`} />
          ))}
        </ul>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            priceAdded({
              model: VIDEO_MODEL_IDS[0] ?? '',
              kind: 'video',
              rule: 'any',
              unit: 'per1kTokens',
              amount: 0,
            })
          }
        >
          <Plus aria-hidden /> {t('prices.add')}
        </Button>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold">{t('prices.caps')}</legend>
        <p className="text-xs text-muted-foreground">{t('prices.capsHint')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {(['runCap', 'dayCap'] as const).map((cap) => (
            <div key={cap} className="flex flex-col gap-1">
              <Label htmlFor={`${ids}-${cap}`}>
                {t(`prices.${cap}`)} ({isCurrencyCode(book.currency) ? book.currency : DEFAULT_CURRENCY})
              </Label>
              <Input
                id={`${ids}-${cap}`}
                inputMode="decimal"
                defaultValue={book[cap] ?? ''}
                onChange={(e) => capsChanged({ [cap]: parseAmount(e.target.value) })}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <p className="text-xs text-muted-foreground">{t('prices.saved')}</p>
    </div>
  );
}

function PriceRow({ price, n, modelsId }: { price: Price; n: number; modelsId: string }) {
  const { t } = useTranslation('money');
  const { priceChanged, priceRemoved } = usePricesStore.getState();
  const id = useId();
  const [amount, setAmount] = useState(String(price.amount));
  const amountValid = parseAmount(amount) !== undefined;
  const field = (name: string) => `${id}-${name}`;
  return (
    <li
      className="grid grid-cols-2 items-end gap-2 rounded-md border p-2 md:grid-cols-[minmax(8rem,1.4fr)_1fr_1fr_1fr_7rem_auto]"
      aria-label={t('prices.rowLabel', { n })}
    >
      <div className="col-span-2 flex flex-col gap-1 md:col-span-1">
        <Label htmlFor={field('model')}>{t('prices.model')}</Label>
        <Input
          id={field('model')}
          list={modelsId}
          value={price.model}
          autoComplete="off"
          onChange={(e) => priceChanged(price.id, { model: e.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={field('kind')}>{t('prices.kind')}</Label>
        <Select
          id={field('kind')}
          value={price.kind}
          onChange={(e) =>
            priceChanged(price.id, {
              kind: e.target.value,
              ...(e.target.value === 'video' ? {} : { rule: 'any' }),
            })
          }
        >
          {PRICE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={field('rule')}>{t('prices.rule')}</Label>
        <Select
          id={field('rule')}
          value={price.rule}
          // The billing rule is the video line's: other kinds are priced by "either rule".
          disabled={price.kind !== 'video'}
          onChange={(e) => priceChanged(price.id, { rule: e.target.value as Price['rule'] })}
        >
          {PRICE_RULES.map((r) => (
            <option key={r} value={r}>
              {t(`rules.${r}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={field('unit')}>{t('prices.unit')}</Label>
        <Select
          id={field('unit')}
          value={price.unit}
          onChange={(e) => priceChanged(price.id, { unit: e.target.value as Price['unit'] })}
        >
          {PRICE_UNITS.map((u) => (
            <option key={u} value={u}>
              {t(`units.${u}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={field('amount')}>{t('prices.amount')}</Label>
        <Input
          id={field('amount')}
          inputMode="decimal"
          value={amount}
          aria-invalid={!amountValid}
          onChange={(e) => {
            setAmount(e.target.value);
            const parsed = parseAmount(e.target.value);
            if (parsed !== undefined) priceChanged(price.id, { amount: parsed });
          }}
        />
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t('prices.remove', { model: price.model || '—' })}
        onClick={() => priceRemoved(price.id)}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}
