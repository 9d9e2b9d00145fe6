import { Code2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import type { CodeRequest } from '@/features/playground/view-code/code-snippets';
import { useTranslation } from '@/lib/i18n';

const ViewCodeDialog = lazyWithPreload(() => import('./view-code-dialog').then((m) => m.ViewCodeDialog));

/** "View code": the request as it would be sent now. `request` is built only when opened. */
export function ViewCodeButton({ request }: { request: () => CodeRequest }) {
  const { t } = useTranslation('playground');
  const [open, setOpen] = useState(false);
  const [snapshot, setSnapshot] = useState<CodeRequest>();
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onPointerEnter={ViewCodeDialog.preload}
        onFocus={ViewCodeDialog.preload}
        onClick={() => {
          setSnapshot(request());
          setOpen(true);
        }}
      >
        <Code2 aria-hidden="true" />
        {t('code.view')}
      </Button>
      {snapshot ? (
        <Suspense fallback={null}>
          <ViewCodeDialog open={open} onOpenChange={setOpen} request={snapshot} />
        </Suspense>
      ) : null}
    </>
  );
}
