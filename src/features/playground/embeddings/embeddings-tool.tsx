import { useMutation } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { postText, TEXT_PATHS } from '@/api/text';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { decodeEmbedding, similarityMatrix } from '@/features/playground/embeddings/cosine';
import { SimilarityHeatmap } from '@/features/playground/embeddings/similarity-heatmap';
import { Field } from '@/features/playground/tool/field';
import { ToolActions, ToolLayout, ToolResult } from '@/features/playground/tool/tool-layout';
import { useTranslation } from '@/lib/i18n';

interface EmbeddingsBody {
  data?: Array<{ index?: number; embedding?: unknown }>;
  usage?: { prompt_tokens?: number; total_tokens?: number };
  model?: string;
}

const START = [
  'The cat sat on the mat.',
  'A cat was sitting on a mat.',
  'Quarterly revenue grew by ten percent.',
];

export function EmbeddingsTool() {
  const { t } = useTranslation('playground');
  const [texts, setTexts] = useState(START);
  const [model, setModel] = useState('service-embedding');
  const [dimensions, setDimensions] = useState('');
  const inputs = texts.map((s) => s.trim()).filter(Boolean);
  const dimensionsError = useId();
  // Empty is the model's default; anything else must be a whole number above 0. A -5 was left out of
  // the request without a word (and the browser's own bubble, in its own language, said why).
  const d = Number(dimensions);
  const dimensionsValid = dimensions.trim() === '' || (Number.isInteger(d) && d > 0);
  const body = () => {
    const b: Record<string, unknown> = { model, input: inputs, encoding_format: 'float' };
    if (dimensions.trim() && dimensionsValid) b.dimensions = d;
    return b;
  };
  const run = useMutation({
    mutationFn: async () => {
      const res = await postText<EmbeddingsBody>(TEXT_PATHS.embeddings, body());
      const rows = [...(res.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      const vectors = rows.map((r) => decodeEmbedding(r.embedding));
      return { labels: inputs, vectors, matrix: similarityMatrix(vectors), tokens: res.usage?.total_tokens };
    },
  });

  const form = (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('embeddings.texts')}</legend>
        {texts.map((text, i) => (
          <div key={i} className="flex items-start gap-2">
            <Textarea
              aria-label={t('embeddings.text', { n: i + 1 })}
              value={text}
              rows={2}
              minHeight="sm"
              onChange={(e) => setTexts(texts.map((s, j) => (j === i ? e.target.value : s)))}
            />
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={t('embeddings.remove', { n: i + 1 })}
              disabled={texts.length <= 1}
              onClick={() => setTexts(texts.filter((_, j) => j !== i))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button variant="outline" size="sm" className="self-start" onClick={() => setTexts([...texts, ''])}>
          <Plus aria-hidden="true" />
          {t('embeddings.add')}
        </Button>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('settings.model')}>
          {(id) => (
            <Input id={id} value={model} onChange={(e) => setModel(e.target.value)} spellCheck={false} />
          )}
        </Field>
        <Field label={t('embeddings.dimensions')}>
          {(id) => (
            <Input
              id={id}
              type="number"
              min={1}
              placeholder={t('embeddings.dimensionsDefault')}
              value={dimensions}
              aria-invalid={!dimensionsValid || undefined}
              aria-describedby={dimensionsValid ? undefined : dimensionsError}
              onChange={(e) => setDimensions(e.target.value)}
            />
          )}
        </Field>
      </div>
      {!dimensionsValid && (
        <p id={dimensionsError} className="-mt-1 text-xs text-destructive">
          {t('embeddings.dimensionsInvalid')}
        </p>
      )}
      <ToolActions
        label={run.isPending ? t('embeddings.running') : t('embeddings.run')}
        disabled={inputs.length === 0 || !dimensionsValid || run.isPending}
        request={() => ({ kind: 'json', path: TEXT_PATHS.embeddings, body: body() })}
      />
    </>
  );
  return (
    <ToolLayout
      onSubmit={() => run.mutate()}
      form={form}
      resultLabel={t('embeddings.result')}
      result={
        <ToolResult
          error={run.error}
          failedTitle={t('embeddings.failed')}
          onRetry={() => run.mutate()}
          empty={t('embeddings.empty')}
        >
          {run.data ? (
            <>
              <p className="text-sm" role="status">
                {t('embeddings.summary', {
                  count: run.data.vectors.length,
                  dimensions: run.data.vectors[0]?.length ?? 0,
                  tokens: run.data.tokens ?? 0,
                })}
              </p>
              <SimilarityHeatmap labels={run.data.labels} matrix={run.data.matrix} />
            </>
          ) : null}
        </ToolResult>
      }
    />
  );
}
