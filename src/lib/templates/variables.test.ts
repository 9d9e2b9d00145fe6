import { describe, expect, it } from 'vitest';
import { fillRequest, fillText, unfilled, variablesIn, variablesInRequest } from './variables';

describe('template variables', () => {
  it('finds each name once, in order, with spaces inside the braces allowed', () => {
    expect(variablesIn('A {{product}} on {{ background }}, {{product}} again')).toEqual([
      'product',
      'background',
    ]);
    expect(variablesIn('no slots, {single}, {{1bad}}')).toEqual([]);
  });

  it('finds names in every string of a request, nested', () => {
    const request = { model: '{{model}}', content: [{ type: 'text', text: 'a {{thing}}' }], duration: 5 };
    expect(variablesInRequest(request)).toEqual(['model', 'thing']);
  });

  it('fills from values, then defaults, and leaves what has neither visible', () => {
    const variables = [{ name: 'colour', default: 'red' }];
    expect(fillText('{{colour}} {{shape}}', {}, variables)).toBe('red {{shape}}');
    expect(fillText('{{colour}} {{shape}}', { colour: 'blue', shape: 'box' }, variables)).toBe('blue box');
    expect(fillText('{{colour}}', { colour: '' }, variables)).toBe('red');
  });

  it('fills a whole request without touching keys or numbers', () => {
    const request = { prompt: '{{a}}', '{{a}}': 1, list: ['{{a}}', 2] };
    expect(fillRequest(request, { a: 'x' })).toEqual({ prompt: 'x', '{{a}}': 1, list: ['x', 2] });
    expect(unfilled(request, {}, [{ name: 'a', default: '' }])).toEqual(['a']);
    expect(unfilled(request, { a: 'y' })).toEqual([]);
  });
});
