import type { CodeHighlighterPlugin, HighlightOptions, HighlightResult, ThemeInput } from 'streamdown';

type Loaded = CodeHighlighterPlugin;

const THEMES: [ThemeInput, ThemeInput] = ['github-light', 'github-dark'];

let loaded: Loaded | undefined;
let loading: Promise<Loaded> | undefined;

function load(): Promise<Loaded> {
  loading ??= import('@streamdown/code').then(
    (m) => (loaded = m.code as Loaded),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * streamdown's shiki plugin, fetched with the first code block rather than with the chat: shiki's
 * core and grammars are most of the renderer's weight, and many replies have no code at all. Until
 * it has arrived a block shows as plain monospace text (streamdown renders unhighlighted code while
 * `highlight` returns null) and re-renders through the callback once highlighted.
 */
export const lazyCodePlugin: CodeHighlighterPlugin = {
  name: 'shiki',
  type: 'code-highlighter',
  supportsLanguage: (language) => (loaded ? loaded.supportsLanguage(language) : true),
  getSupportedLanguages: () => (loaded ? loaded.getSupportedLanguages() : []),
  getThemes: () => THEMES,
  highlight(options: HighlightOptions, callback?: (result: HighlightResult) => void) {
    if (loaded) return loaded.highlight(options, callback);
    void load().then(
      (plugin) => {
        const result = plugin.highlight(options, callback);
        if (result) callback?.(result);
      },
      () => undefined,
    );
    return null;
  },
};
