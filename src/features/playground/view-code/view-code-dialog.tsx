import { useState } from 'react';
import { getConnection } from '@/api/connection-store';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  buildSnippets,
  SNIPPET_LANGUAGES,
  type CodeRequest,
  type SnippetLanguage,
} from '@/features/playground/view-code/code-snippets';
import { useTranslation } from '@/lib/i18n';

export function ViewCodeDialog({
  open,
  onOpenChange,
  request,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request: CodeRequest;
}) {
  const { t } = useTranslation('playground');
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const { baseUrl, apiKey } = getConnection();
  const origin = baseUrl || window.location.origin;
  const snippets = buildSnippets(request, origin, apiKey);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* One column no wider than the dialog: a grid item's least width is its content's, so a long
          line of code widened the dialog past a phone's edge, its copy button with it. */}
      <DialogContent width="3xl" className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{t('code.title')}</DialogTitle>
          <DialogDescription>{t('code.description', { path: request.path })}</DialogDescription>
        </DialogHeader>
        <Tabs value={language} onValueChange={(v) => setLanguage(v as SnippetLanguage)}>
          <TabsList aria-label={t('code.languages')} className="h-auto flex-wrap">
            {SNIPPET_LANGUAGES.map((lang) => (
              <TabsTrigger key={lang} value={lang}>
                {t(`code.lang.${lang}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {SNIPPET_LANGUAGES.map((lang) => {
            const code = snippets[lang];
            return (
              <TabsContent key={lang} value={lang}>
                {code ? (
                  <div className="relative">
                    <CopyButton
                      value={code}
                      aria-label={t('code.copy')}
                      className="absolute right-2 top-2 bg-background/80"
                    />
                    <pre className="max-h-[55vh] overflow-auto rounded-md border bg-muted p-3 pr-12 font-mono text-xs leading-relaxed">
                      <code>{code}</code>
                    </pre>
                  </div>
                ) : (
                  <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
                    {t(lang.startsWith('anthropic') ? 'code.noAnthropic' : 'code.noOpenai')}
                  </p>
                )}
              </TabsContent>
            );
          })}
        </Tabs>
        <p className="text-xs text-muted-foreground">{t('code.keyMasked')}</p>
      </DialogContent>
    </Dialog>
  );
}
