import { describe, expect, it, vi } from 'vitest';
import { pickFiles } from './files-to-upload';

const inputs = () => document.querySelectorAll<HTMLInputElement>('input[type="file"]');

describe('pickFiles', () => {
  it('keeps its input in the document until the files are chosen, then hands them over', () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    const onChosen = vi.fn();
    pickFiles(onChosen);
    expect(click).toHaveBeenCalledTimes(1);
    const [input] = inputs();
    expect(input?.isConnected).toBe(true);
    expect(input?.multiple).toBe(true);
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    Object.defineProperty(input, 'files', { value: [file] });
    input!.dispatchEvent(new Event('change'));
    expect(onChosen).toHaveBeenCalledWith([file]);
    expect(inputs()).toHaveLength(0);
    click.mockRestore();
  });

  it('leaves no input behind after a cancel, nor more than one when no cancel comes', () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    pickFiles(vi.fn());
    inputs()[0]!.dispatchEvent(new Event('cancel'));
    expect(inputs()).toHaveLength(0);
    pickFiles(vi.fn());
    pickFiles(vi.fn());
    expect(inputs()).toHaveLength(1);
    click.mockRestore();
  });
});
