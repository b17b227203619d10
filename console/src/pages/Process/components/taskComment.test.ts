import { describe, expect, it } from 'vitest';
import { commentFieldsOf, hideCommentFields } from './TaskDetail';

const review = {
  type: 'object',
  properties: {
    opinion: { type: 'string', title: 'Audit opinion', 'x-component': 'Input.TextArea' },
    score: { type: 'number' },
  },
};

describe('one comment per decision', () => {
  it('finds the form fields that hold the comment, in objects and JSON text', () => {
    expect(commentFieldsOf(review)).toEqual(['opinion']);
    expect(commentFieldsOf(JSON.stringify(review))).toEqual(['opinion']);
    expect(commentFieldsOf({ type: 'object', properties: { amount: {} } })).toEqual([]);
    expect(commentFieldsOf('not json')).toEqual([]);
    expect(commentFieldsOf(null)).toEqual([]);
  });

  it('hides them from the form (the action dialog asks for the text) and keeps the rest', () => {
    const hidden = hideCommentFields(review) as typeof review;
    expect((hidden.properties.opinion as Record<string, unknown>)['x-display']).toBe('hidden');
    expect(hidden.properties.opinion.title).toBe('Audit opinion');
    expect(hidden.properties.score).toEqual({ type: 'number' });
    expect((review.properties.opinion as Record<string, unknown>)['x-display']).toBeUndefined();
    const plain = { type: 'object', properties: { amount: {} } };
    expect(hideCommentFields(plain)).toBe(plain);
  });
});
