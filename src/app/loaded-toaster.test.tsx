import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from 'sonner';
import { LoadedToaster } from '@/app/loaded-toaster';
import { i18n } from '@/lib/i18n';

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
});

describe('LoadedToaster', () => {
  it('labels a toast’s close button in the page’s language, not sonner’s English', async () => {
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces('common');
    render(<LoadedToaster />);
    await act(async () => {
      toast.success('任务已完成');
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(await screen.findByRole('button', { name: '关闭' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close toast' })).not.toBeInTheDocument();
  });
});
