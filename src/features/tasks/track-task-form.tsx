import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isValidTaskId } from '@/api/task-registry';
import { useTranslation } from '@/lib/i18n';

/**
 * Paste a task id to follow it: it opens at /tasks/<id>, and is tracked once the server has
 * answered for it (an id that does not exist is never added to the list).
 */
export function TrackTaskForm() {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    // People paste from logs and JSON: quotes and blanks around the id are not part of it.
    const taskId = value.trim().replace(/^["']|["'],?$/g, '');
    if (!isValidTaskId(taskId)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setValue('');
    void navigate(`/tasks/${encodeURIComponent(taskId)}`);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-1" noValidate>
      <label htmlFor={id} className="text-sm font-medium">
        {t('track.label')}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="task_…"
          className="font-mono"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="outline">
          <Plus aria-hidden /> {t('track.submit')}
        </Button>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {t('track.invalid')}
        </p>
      )}
    </form>
  );
}
