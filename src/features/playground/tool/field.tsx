import { useId, useState, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';

/** A labelled control: `children` gets the id to put on the control the label names. */
export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
    </div>
  );
}

export type Choice = string | { value: string; label: string };

/** A labelled choice of a few fixed values (a model, a voice, a response format). */
export function ChoiceField<T extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: T;
  choices: readonly Choice[];
  onChange: (value: T) => void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <Select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
          {choices.map((c) =>
            typeof c === 'string' ? (
              <option key={c}>{c}</option>
            ) : (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ),
          )}
        </Select>
      )}
    </Field>
  );
}

/**
 * A number field that keeps what is typed and stores it only when it is a number in range. Out of
 * range it says so, and which value the request keeps meanwhile: a 9 shown as the temperature while
 * 0.7 was sent looked like a request made with 9.
 */
export function NumberField({
  label,
  value,
  min,
  max,
  step,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (v: number) => void;
}) {
  const { t } = useTranslation('playground');
  const [invalid, setInvalid] = useState(false);
  const errorId = useId();
  return (
    <Field label={label}>
      {(id) => (
        <>
          <Input
            id={id}
            type="number"
            inputMode="decimal"
            min={min}
            max={max}
            step={step}
            defaultValue={value}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(e) => {
              const v = e.target.valueAsNumber;
              const ok = Number.isFinite(v) && v >= min && v <= max;
              setInvalid(!ok);
              if (ok) onChange(v);
            }}
          />
          {invalid && (
            <p id={errorId} className="text-xs text-destructive">
              {t('settings.outOfRange', { min, max, kept: value })}
            </p>
          )}
        </>
      )}
    </Field>
  );
}
