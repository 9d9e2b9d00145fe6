import { create } from 'zustand';

/** Which of the shell's keyboard overlays is open: the command palette or the shortcut list. */
interface PaletteStore {
  open: 'palette' | 'shortcuts' | null;
  /** What was typed before the palette's code arrived, handed to it when it mounts. */
  typedEarly: string;
  /** Enter was pressed before the palette's code arrived: it runs the best match once mounted. */
  enterPressedEarly: boolean;
  enterPressedEarlyChanged: (pressed: boolean) => void;
  opened: (which: 'palette' | 'shortcuts') => void;
  typedEarlyChanged: (text: string) => void;
  closed: () => void;
}

export const usePaletteStore = create<PaletteStore>()((set) => ({
  open: null,
  typedEarly: '',
  enterPressedEarly: false,
  opened: (which) => set({ open: which, typedEarly: '', enterPressedEarly: false }),
  typedEarlyChanged: (typedEarly) => set({ typedEarly }),
  enterPressedEarlyChanged: (enterPressedEarly) => set({ enterPressedEarly }),
  closed: () => set({ open: null, typedEarly: '', enterPressedEarly: false }),
}));

/** Whether a key press happens while the person types (then `?` is a character, not a command). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}

/**
 * The global shortcuts: Ctrl/Cmd-K toggles the palette anywhere (even in a text field, as in
 * every editor that has one); `?` lists the shortcuts unless the person is typing.
 */
export function handleGlobalKey(event: KeyboardEvent): void {
  const store = usePaletteStore.getState();
  if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
    event.preventDefault();
    if (store.open === 'palette') store.closed();
    else store.opened('palette');
    return;
  }
  if (event.key === '?' && !event.metaKey && !event.ctrlKey && !event.altKey) {
    if (isTypingTarget(event.target) || store.open) return;
    event.preventDefault();
    store.opened('shortcuts');
  }
}
