import { ArrowLeft, FileDown, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/lib/i18n';
import type { Storyboard } from './storyboard';
import { exportStoryboard } from './storyboard-file';

/** Downloads `text` as a file (an object URL, revoked once the click has been handled). */
export function downloadText(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const fileName = (name: string) =>
  `${name.trim().replace(/[^\p{L}\p{N}_-]+/gu, '-') || 'storyboard'}.storyboard.json`;

/** The storyboard's name and its file actions: export, delete, back to the list. */
export function StoryboardHeader({
  board,
  running,
  onRename,
  onDelete,
}: {
  board: Storyboard;
  running: boolean;
  onRename: (name: string) => void;
  /**
   * Deletes the board: its run is let go first, so no late answer writes it back, and the other
   * tabs are told once the record is gone. Resolves then.
   */
  onDelete: () => Promise<void>;
}) {
  const { t } = useTranslation('storyboard');
  const navigate = useNavigate();
  return (
    <div className="mb-6 flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to="/storyboard">
            <ArrowLeft aria-hidden="true" /> {t('backToList')}
          </Link>
        </Button>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => downloadText(exportStoryboard(board), fileName(board.name))}
          >
            <FileDown aria-hidden="true" /> {t('export')}
          </Button>
          <Button
            type="button"
            variant="ghost-destructive"
            size="sm"
            onClick={() => {
              if (
                !window.confirm(t(running ? 'deleteRunningConfirm' : 'deleteConfirm', { name: board.name }))
              )
                return;
              void onDelete().then(() => navigate('/storyboard'));
            }}
          >
            <Trash2 aria-hidden="true" /> {t('delete')}
          </Button>
        </div>
      </div>
      <div className="flex max-w-xl flex-col gap-1.5">
        <Label htmlFor="storyboard-name">{t('name')}</Label>
        <Input
          id="storyboard-name"
          value={board.name}
          maxLength={200}
          onChange={(e) => onRename(e.target.value)}
          className="text-lg font-semibold"
        />
      </div>
    </div>
  );
}
