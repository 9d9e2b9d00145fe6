import { Film, Image as ImageIcon } from 'lucide-react';
import { hasVideoInput } from '@contract/video-rules';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { JsonView } from '@/components/ui/json-view';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { apiOrigin, useApiKey, useBaseUrl } from '@/api/connection-store';
import type { CreateVideo } from '@contract/video';
import { useTranslation } from '@/lib/i18n';
import { buildCurl, maskKey } from './curl';

/** Which billing rule the request falls under (specification, POST /v1/videos rule 3). */
export function BillingBadge({ body }: { body: CreateVideo }) {
  const { t } = useTranslation('composer');
  const video = hasVideoInput(body);
  return (
    <Badge
      variant={video ? 'warning' : 'secondary'}
      data-billing={video ? 'video-input' : 'no-video-input'}
      title={t('billing.hint')}
    >
      {video ? <Film aria-hidden="true" /> : <ImageIcon aria-hidden="true" />}
      {video ? t('billing.withVideo') : t('billing.withoutVideo')}
    </Badge>
  );
}

/** The live request: the JSON body and the same request as curl, with the key kept out of it. */
export function RequestPreview({ body }: { body: CreateVideo }) {
  const { t } = useTranslation('composer');
  const baseUrl = useBaseUrl();
  const apiKey = useApiKey();
  const origin = apiOrigin(baseUrl, window.location.origin);
  const json = JSON.stringify(body, null, 2);
  const curl = buildCurl(origin, '/v1/videos', body);
  return (
    <Tabs defaultValue="json">
      <div className="flex items-center justify-between gap-2">
        <TabsList aria-label={t('preview.format')}>
          <TabsTrigger value="json">{t('preview.json')}</TabsTrigger>
          <TabsTrigger value="curl">{t('preview.curl')}</TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="json" className="flex flex-col gap-2">
        <div className="flex justify-end">
          <CopyButton value={json} aria-label={t('preview.copyJson')} variant="outline">
            {t('preview.copy')}
          </CopyButton>
        </div>
        <JsonView value={body} label={t('preview.jsonLabel')} maxHeight="lg" wrap />
      </TabsContent>
      <TabsContent value="curl" className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground">
            {apiKey ? t('preview.keyMasked', { masked: maskKey(apiKey) }) : t('preview.noKey')}
          </p>
          <CopyButton value={curl} aria-label={t('preview.copyCurl')} variant="outline">
            {t('preview.copy')}
          </CopyButton>
        </div>
        <pre
          aria-label={t('preview.curlLabel')}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable region
          tabIndex={0}
          className="max-h-[28rem] overflow-auto rounded-md border bg-muted/50 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {curl}
        </pre>
      </TabsContent>
    </Tabs>
  );
}
