import { afterEach, describe, expect, it } from 'vitest';
import { useChatDraftStore } from './chat-draft-store';

afterEach(() => {
  useChatDraftStore.setState({ drafts: {} });
  localStorage.clear();
});

describe('chat drafts', () => {
  it('keeps unsent text per conversation in localStorage, and forgets it once sent', () => {
    const { draftChanged, draftSent } = useChatDraftStore.getState();
    draftChanged('conv_a', 'half a question');
    draftChanged('conv_b', 'another');
    expect(useChatDraftStore.getState().drafts).toEqual({ conv_a: 'half a question', conv_b: 'another' });
    expect(localStorage.getItem('media-studio.playground.chat-drafts')).toContain('half a question');
    draftSent('conv_a');
    draftChanged('conv_b', '');
    expect(useChatDraftStore.getState().drafts).toEqual({});
  });
});
