import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { EmbeddingsTool } from './embeddings-tool';

describe('the embeddings tool', () => {
  it('says a dimensions value that is no whole number above 0 is wrong, and holds the request', async () => {
    renderWithProviders(<EmbeddingsTool />);
    const dimensions = screen.getByLabelText('Dimensions');
    await userEvent.type(dimensions, '-5');
    expect(dimensions).toHaveAttribute('aria-invalid', 'true');
    expect(dimensions).toHaveAccessibleDescription(
      "Dimensions must be a whole number above 0, or empty for the model's default.",
    );
    expect(screen.getByRole('button', { name: 'Embed' })).toBeDisabled();

    await userEvent.clear(dimensions);
    await userEvent.type(dimensions, '256');
    expect(dimensions).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Embed' })).toBeEnabled();
  });
});
