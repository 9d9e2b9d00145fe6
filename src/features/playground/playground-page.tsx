import { AudioLines, FileAudio, MessagesSquare, Sigma } from 'lucide-react';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTranslation } from '@/lib/i18n';

// Each tool is its own chunk: opening the chat does not fetch the recorder or the heat map, and the
// Markdown renderer is fetched only with the chat (decision 055).
const TOOLS = {
  chat: {
    icon: MessagesSquare,
    Component: lazyWithPreload(() => import('./chat/chat-tool').then((m) => m.ChatTool)),
  },
  embeddings: {
    icon: Sigma,
    Component: lazyWithPreload(() => import('./embeddings/embeddings-tool').then((m) => m.EmbeddingsTool)),
  },
  speech: {
    icon: AudioLines,
    Component: lazyWithPreload(() => import('./speech/speech-tool').then((m) => m.SpeechTool)),
  },
  transcription: {
    icon: FileAudio,
    Component: lazyWithPreload(() =>
      import('./transcription/transcription-tool').then((m) => m.TranscriptionTool),
    ),
  },
} as const;

type Tool = keyof typeof TOOLS;
const TOOL_NAMES = Object.keys(TOOLS) as Tool[];
const isTool = (v: string | null): v is Tool => v !== null && (TOOL_NAMES as string[]).includes(v);

/** /playground?tool=chat|embeddings|speech|transcription: the text family, tried in the browser. */
export function PlaygroundPage() {
  const { t } = useTranslation('playground');
  const [params, setParams] = useSearchParams();
  const raw = params.get('tool');
  const tool: Tool = isTool(raw) ? raw : 'chat';
  const select = (next: string) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === 'chat') p.delete('tool');
        else p.set('tool', next);
        return p;
      },
      { replace: true },
    );

  // The chat is laid out as a chat app (decision 300): this page fills the window and does not
  // scroll (the shell reads data-fill-screen); the other tools are forms and scroll as pages do.
  const fill = tool === 'chat';
  return (
    <div
      data-fill-screen={fill ? '' : undefined}
      className={fill ? 'flex min-h-0 flex-1 flex-col' : undefined}
    >
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs value={tool} onValueChange={select} className={fill ? 'flex min-h-0 flex-1 flex-col' : undefined}>
        {/* Four tools do not fit a phone's width in one row: two rows of two there. */}
        <TabsList
          aria-label={t('tools.label')}
          className="max-sm:grid max-sm:h-auto max-sm:w-full max-sm:grid-cols-2"
        >
          {TOOL_NAMES.map((name) => {
            const { icon: Icon, Component } = TOOLS[name];
            return (
              <TabsTrigger
                key={name}
                value={name}
                onPointerEnter={Component.preload}
                onFocus={Component.preload}
              >
                <Icon aria-hidden="true" className="size-4" />
                {t(`tools.${name}`)}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {TOOL_NAMES.map((name) => {
          const { Component } = TOOLS[name];
          return (
            <TabsContent
              key={name}
              value={name}
              gap="loose"
              className={
                fill ? 'min-h-0 flex-1 data-[state=active]:flex data-[state=active]:flex-col' : undefined
              }
            >
              {tool === name ? (
                <Suspense fallback={<Skeleton className="h-96 w-full" />}>
                  <Component />
                </Suspense>
              ) : null}
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
