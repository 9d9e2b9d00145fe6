import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { JsonReply } from './json-reply';

describe('JsonReply', () => {
  it('pretty-prints the reply and says which path fails the schema sent', () => {
    renderWithProviders(
      <JsonReply
        text='{"title":"Dune","rating":"five"}'
        schema={{ type: 'object', properties: { rating: { type: 'integer' } } }}
      />,
    );
    expect(screen.getByLabelText('JSON reply').textContent).toBe(
      '{\n  "title": "Dune",\n  "rating": "five"\n}',
    );
    expect(
      screen.getByText('Does not match the schema that was sent: /rating must be integer, is string.'),
    ).toBeVisible();
  });
});
