import { describe, expect, it } from 'vitest';
import { createForm, type Field } from '@formily/core';
import { applyServerErrors } from '@/components/FormilyRenderer';

const errorsOf = (form: ReturnType<typeof createForm>, path: string) =>
  (form.query(path).take() as Field | undefined)?.selfErrors ?? [];

describe('process forms: the server names bad fields', () => {
  const build = () => {
    const form = createForm();
    form.createField({ name: 'amount' });
    form.createVoidField({ name: 'grid' });
    form.createField({ name: 'category', basePath: 'grid' });
    return form;
  };

  it('shows form.<field> and <field> on the field, also inside a layout container', () => {
    const form = build();
    const shown = applyServerErrors(form, {
      'form.amount': 'Amount must be at least 0',
      category: 'Category must be one of the offered options',
    });
    expect(shown).toBe(true);
    expect(errorsOf(form, 'amount')).toEqual(['Amount must be at least 0']);
    expect(errorsOf(form, 'category')).toEqual(['Category must be one of the offered options']);
  });

  it('leaves a refused variable that is no field to the message, without throwing', () => {
    const form = build();
    expect(
      applyServerErrors(form, {
        'variables.outcome': 'The variable “outcome” is set by the process itself',
      }),
    ).toBe(false);
    expect(errorsOf(form, 'amount')).toEqual([]);
    expect(applyServerErrors(form, undefined)).toBe(false);
  });
});
