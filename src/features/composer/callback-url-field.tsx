import { useTranslation } from 'react-i18next';
import { CallbackUrlInput } from '@/components/callback-url-input';
import { Field, type FieldFeedback } from './field';

/**
 * callback_url, checked for credentials as it is typed (the page's validator runs
 * callbackUrlIssue with the key in use); on the local server it offers a webhook inbox.
 */
export function CallbackUrlField({
  id,
  value,
  feedback,
  onChange,
}: {
  id: string;
  value: string;
  feedback?: FieldFeedback;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('composer');
  return (
    <Field id={id} label={t('callback.label')} feedback={feedback} hint={t('callback.hint')}>
      {(control) => (
        <CallbackUrlInput
          control={control}
          value={value}
          onChange={onChange}
          inboxPrefix="composer"
          placeholder="https://example.com/webhooks/video"
        />
      )}
    </Field>
  );
}
