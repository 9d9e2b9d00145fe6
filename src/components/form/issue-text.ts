import { createContext, useContext } from 'react';
import type { FormIssue } from '@/lib/form/issues';
import { useTranslation } from '@/lib/i18n';

/** The i18n namespace whose `issues.*` keys translate the issues of the form around a field. */
export const FormNamespace = createContext<string>('common');

/**
 * The message of a local issue, in the person's language; raw API words among its values
 * (`image`, `first_frame`) are read as words too. A server message is shown as the server sent it.
 */
export function useIssueText() {
  const ns = useContext(FormNamespace);
  const { t } = useTranslation(ns);
  return (issue: FormIssue) => {
    const values = issue.values ?? {};
    const words = {
      typeNoun: values.type
        ? t(`mediaNoun.${values.type}`, { defaultValue: String(values.type) })
        : undefined,
      roleName: values.role ? t(`roles.${values.role}`, { defaultValue: String(values.role) }) : undefined,
      allowedNames: values.allowed
        ? String(values.allowed)
            .split(', ')
            .map((r) => t(`roles.${r}`, { defaultValue: r }))
            .join(t('roleSeparator', { defaultValue: ', ' }))
        : undefined,
    };
    return t(`issues.${issue.code}`, { ...values, ...words });
  };
}
