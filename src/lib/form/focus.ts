/** The id of the element that shows a field of a form, so a refusal or an issue can move focus to it. */
export function fieldElementId(formId: string, field: string): string {
  return `${formId}-${field.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/**
 * Focus the control an element stands for: the element itself when it is one, else (a fieldset,
 * an asset slot) its checked or first control inside, else the element.
 */
export function focusElement(elementId: string) {
  const el = document.getElementById(elementId);
  if (!el) return;
  const target = el.matches('input, select, textarea')
    ? el
    : (el.querySelector<HTMLElement>('input:checked, input, select, textarea, button') ?? el);
  target.focus();
  target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}
