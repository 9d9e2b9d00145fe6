import { isMac } from '@/lib/platform';

/** How the create shortcut reads on this platform. */
export function submitShortcutLabel(): string {
  return isMac() ? '⌘ Enter' : 'Ctrl Enter';
}

/** The value of aria-keyshortcuts on a form's submit button. */
export function submitShortcutAria(): string {
  return isMac() ? 'Meta+Enter' : 'Control+Enter';
}

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
  // A control that took the key itself (a suggestion list) keeps it; so does an IME composition.
  if (event.defaultPrevented || event.isComposing) return;
  event.preventDefault();
  (event.currentTarget as HTMLFormElement).requestSubmit();
}

/**
 * The ref of a form on which Ctrl/Cmd+Enter, from any control inside, submits it, as in the
 * playgrounds people know (a plain Enter stays a new line in a prompt). It goes through the
 * form's own submit handler, so the same checks run as for the button.
 */
export function submitShortcutRef(form: HTMLFormElement | null) {
  if (!form) return;
  form.addEventListener('keydown', onKeyDown);
  return () => form.removeEventListener('keydown', onKeyDown);
}
