import { useTranslation } from '@/lib/i18n';

/**
 * The similarity matrix as a table whose cells are tinted by their value: sighted people read the
 * colours, screen readers the numbers and headers. Colour goes through `style` (the CSSOM, which
 * the CSP allows), not an inline style attribute.
 */
export function SimilarityHeatmap({ labels, matrix }: { labels: string[]; matrix: number[][] }) {
  const { t, i18n } = useTranslation('playground');
  const fmt = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const short = (s: string, i: number) => `${i + 1}. ${s.length > 24 ? `${s.slice(0, 23)}…` : s}`;
  return (
    <div className="overflow-x-auto">
      <table className="border-separate border-spacing-0.5 text-xs" aria-label={t('embeddings.matrix')}>
        <caption className="mb-2 text-left text-sm text-muted-foreground">
          {t('embeddings.matrixCaption')}
        </caption>
        <thead>
          <tr>
            <td />
            {labels.map((l, i) => (
              <th key={i} scope="col" title={l} className="max-w-24 truncate px-1 text-left font-medium">
                {i + 1}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.map((row, i) => (
            <tr key={i}>
              <th scope="row" title={labels[i]} className="max-w-56 truncate pr-2 text-left font-medium">
                {short(labels[i] ?? '', i)}
              </th>
              {row.map((v, j) => {
                const x = Math.max(0, Math.min(1, v));
                return (
                  <td
                    key={j}
                    className="size-14 rounded text-center font-mono tabular-nums"
                    style={{
                      backgroundColor: `color-mix(in oklch, var(--primary) ${Math.round(x * 85)}%, var(--muted))`,
                      color: x > 0.55 ? 'var(--primary-foreground)' : 'var(--foreground)',
                    }}
                  >
                    {fmt.format(v)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
