import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/**
 * A model name as free text with the known ones as suggestions: the specification names music and
 * digital-human models with "e.g." (issue 44), so a deployment's other models, and a re-run of a
 * task made with one, must be typeable.
 */
export function ModelInput({
  id,
  known,
  value,
  onChange,
  ...props
}: Omit<ComponentProps<'input'>, 'onChange' | 'value'> & {
  id: string;
  known: readonly string[];
  value: string;
  onChange: (model: string) => void;
}) {
  const listId = `${id}-known`;
  return (
    <>
      <Input
        {...props}
        id={id}
        value={value}
        list={listId}
        text="mono"
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={listId}>
        {known.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
    </>
  );
}
