import { Clapperboard, FileText, FileUp, Plus } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DialogFallback } from '@/components/ui/dialog-fallback';
import { EmptyState } from '@/components/ui/empty-state';
import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import { formatDateMs } from '@/lib/format-date';
import { listStoryboards, saveStoryboard, type StoredStoryboard } from '@/lib/storyboard/storyboard-storage';
import { useTranslation } from '@/lib/i18n';
import { newStoryboard } from './storyboard';
import { importStoryboard } from './storyboard-file';
import { StoryboardEditor } from './storyboard-editor';

// Pasting a script is one way in among three: its dialog comes when opened.
const ScriptDialog = lazyWithPreload(() => import('./script-dialog').then((m) => m.ScriptDialog));

/** /storyboard: the storyboards kept in this browser; /storyboard/<id>: one of them. */
export function StoryboardPage() {
  const id = useParams()['*'];
  return id ? <StoryboardEditor key={id} id={id} /> : <StoryboardList />;
}

function StoryboardList() {
  const { t, i18n } = useTranslation('storyboard');
  const navigate = useNavigate();
  const [boards, setBoards] = useState<StoredStoryboard[] | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [scripting, setScripting] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useSearchParams();
  const wantsNew = search.get('new') === '1';
  useEffect(() => {
    // `?new=1` (the command palette's "New storyboard") makes one at once.
    if (!wantsNew) return;
    setSearch({}, { replace: true });
    void create();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantsNew]);
  useEffect(() => {
    void listStoryboards()
      .catch(() => [])
      .then(setBoards);
  }, []);

  async function create() {
    const board = newStoryboard(t('untitled'));
    await saveStoryboard(board);
    void navigate(`/storyboard/${board.id}`);
  }

  async function importFile(chosen: File) {
    setImportError(null);
    try {
      const board = importStoryboard(await chosen.text());
      await saveStoryboard(board);
      void navigate(`/storyboard/${board.id}`);
    } catch (err) {
      const code = err instanceof Error ? err.message : '';
      setImportError(
        t(`import.${['notJson', 'notStoryboard', 'invalidShots'].includes(code) ? code : 'failed'}`),
      );
    }
  }

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <input
              ref={file}
              type="file"
              accept="application/json,.json"
              className="sr-only"
              aria-label={t('import.label')}
              onChange={(e) => {
                const chosen = e.target.files?.[0];
                if (chosen) void importFile(chosen);
                e.target.value = '';
              }}
            />
            <Button variant="outline" onClick={() => file.current?.click()}>
              <FileUp aria-hidden="true" /> {t('import.label')}
            </Button>
            <Button
              variant="outline"
              onClick={() => setScripting(true)}
              onPointerEnter={ScriptDialog.preload}
              onFocus={ScriptDialog.preload}
            >
              <FileText aria-hidden="true" /> {t('script.open')}
            </Button>
            <Button onClick={() => void create()}>
              <Plus aria-hidden="true" /> {t('new')}
            </Button>
          </>
        }
      />
      {scripting && (
        <Suspense fallback={<DialogFallback label={t('script.title')} />}>
          <ScriptDialog
            onClose={() => setScripting(false)}
            onCreate={(board) => void saveStoryboard(board).then(() => navigate(`/storyboard/${board.id}`))}
          />
        </Suspense>
      )}
      {importError && (
        <p
          role="alert"
          className="mb-4 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm"
        >
          {importError}
        </p>
      )}
      {boards === null ? (
        <p className="text-sm text-muted-foreground">{t('loading')}</p>
      ) : boards.length === 0 ? (
        <EmptyState icon={Clapperboard} title={t('empty.title')} description={t('empty.description')} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('list')}>
          {boards.map((b) => (
            <li key={b.id}>
              <Card>
                <CardContent standalone className="flex flex-col gap-1">
                  <Link to={`/storyboard/${b.id}`} className="font-medium underline-offset-2 hover:underline">
                    {b.name || t('untitled')}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    {t('updated', { when: formatDateMs(b.updatedAt, i18n.language) })}
                  </span>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

// The shell's resumption (decision 335) comes with the page's own chunk: one entry, not a second
// one that would split the shared chunks of the first load differently.
export { StoryboardResume } from './storyboard-resume';
