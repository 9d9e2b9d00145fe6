import { beforeEach, describe, expect, it } from 'vitest';
import { COMPOSER_DRAFT_STORAGE_KEY, persistableDraft, useComposerDraftStore } from './composer-draft-store';
import { EMPTY_COMPOSER_DRAFT } from '@/lib/video-draft/draft';

beforeEach(() => useComposerDraftStore.setState({ draft: { ...EMPTY_COMPOSER_DRAFT, references: [] } }));

describe('composer draft store', () => {
  it('restores a stored draft, completing an older shape with the defaults', async () => {
    localStorage.setItem(
      COMPOSER_DRAFT_STORAGE_KEY,
      JSON.stringify({ state: { draft: { prompt: 'from last time', references: 'broken' } }, version: 1 }),
    );
    await useComposerDraftStore.persist.rehydrate();
    const { draft } = useComposerDraftStore.getState();
    expect(draft.prompt).toBe('from last time');
    expect(draft.references).toEqual([]);
    expect(draft.generateAudio).toBe(true);
    expect(draft.model).toBe('video-2.0-cl');
  });

  it('switching to a model without the resolution reports the change; roles set the media type of URL rows', () => {
    const store = useComposerDraftStore.getState();
    store.draftChanged({ resolution: '1080p' });
    expect(useComposerDraftStore.getState().modelChanged('video-2.0-cl-mini')).toEqual({
      from: '1080p',
      to: '720p',
    });
    const key = useComposerDraftStore.getState().referenceAdded('reference_image');
    useComposerDraftStore.getState().referenceRoleChanged(key, 'reference_video');
    expect(useComposerDraftStore.getState().draft.references[0]).toMatchObject({
      role: 'reference_video',
      mediaType: 'video',
    });
    // A picked asset keeps its own type whatever role it is given.
    useComposerDraftStore
      .getState()
      .referenceChanged(key, { mediaType: 'image', asset: { id: 'asset_1', type: 'image' } });
    useComposerDraftStore.getState().referenceRoleChanged(key, 'reference_video');
    expect(useComposerDraftStore.getState().draft.references[0]!.mediaType).toBe('image');
  });

  it('never writes a callback_url that carries the key in use', () => {
    const draft = { ...EMPTY_COMPOSER_DRAFT, callbackUrl: 'https://e.com/hook?x=sk-live-1234567890' };
    expect(persistableDraft(draft, 'sk-live-1234567890').callbackUrl).toBe('');
    expect(persistableDraft(draft, 'other-key').callbackUrl).toBe(draft.callbackUrl);
  });
});
