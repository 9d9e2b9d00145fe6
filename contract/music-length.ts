/**
 * Length bounds of a generated music track in seconds (decision 065). The specification's music body
 * has no length field: a length is stated in the prompt's words, and this server keeps it within
 * these bounds. Shared so the storyboard asks only for a length the track can have.
 */
export const MUSIC_LENGTH = { min: 10, max: 180, default: 30, lyricsMin: 20 } as const;
