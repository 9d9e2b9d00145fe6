import { afterEach, describe, expect, it } from 'vitest';
import { handleGlobalKey, isTypingTarget, usePaletteStore } from './palette-store';

function press(init: KeyboardEventInit, target: EventTarget = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  handleGlobalKey(event);
  return event;
}

afterEach(() => usePaletteStore.setState({ open: null, typedEarly: '' }));

describe('global shortcuts', () => {
  it('Ctrl+K and Cmd+K toggle the palette, even from a text field', () => {
    const input = document.createElement('input');
    const event = press({ key: 'k', ctrlKey: true }, input);
    expect(event.defaultPrevented).toBe(true);
    expect(usePaletteStore.getState().open).toBe('palette');
    press({ key: 'K', metaKey: true });
    expect(usePaletteStore.getState().open).toBeNull();
  });

  it('? opens the shortcut list, but not while typing or over another overlay', () => {
    press({ key: '?' }, document.createElement('textarea'));
    expect(usePaletteStore.getState().open).toBeNull();
    usePaletteStore.setState({ open: 'palette' });
    press({ key: '?' });
    expect(usePaletteStore.getState().open).toBe('palette');
    usePaletteStore.setState({ open: null });
    press({ key: '?' });
    expect(usePaletteStore.getState().open).toBe('shortcuts');
  });

  it('tells typing targets from other controls', () => {
    const text = document.createElement('input');
    const box = document.createElement('input');
    box.type = 'checkbox';
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(text)).toBe(true);
    expect(isTypingTarget(box)).toBe(false);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
    expect(isTypingTarget(editable)).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
  });

  it('opening forgets text typed into an earlier palette', () => {
    usePaletteStore.getState().typedEarlyChanged('old');
    usePaletteStore.getState().opened('palette');
    expect(usePaletteStore.getState().typedEarly).toBe('');
  });
});
