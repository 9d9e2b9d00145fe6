import { CallbackUrlInput } from '@/components/callback-url-input';
import type { FieldFeedback } from '@/lib/form/issues';
import { Field } from './field';

/**
 * callback_url, which every create body may carry: checked for credentials as it is typed (the
 * form's validator runs callbackIssues with the key in use); on the local server one click fills
 * in a webhook inbox whose deliveries the monitor shows.
 */
export function CallbackUrlField({
  id,
  value,
  feedback,
  onChange,
  label,
  hint,
  inboxPrefix,
  placeholder,
}: {
  id: string;
  value: string;
  feedback?: FieldFeedback;
  onChange: (value: string) => void;
  label: string;
  hint: string;
  inboxPrefix: string;
  placeholder: string;
}) {
  return (
    <Field id={id} label={label} feedback={feedback} hint={hint}>
      {(control) => (
        <CallbackUrlInput
          control={control}
          value={value}
          onChange={onChange}
          inboxPrefix={inboxPrefix}
          placeholder={placeholder}
        />
      )}
    </Field>
  );
}
