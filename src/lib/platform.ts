/** Whether the person is on a Mac, where shortcuts take ⌘ rather than Ctrl. */
export function isMac(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}
