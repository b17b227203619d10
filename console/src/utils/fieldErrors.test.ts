import { describe, expect, it, vi } from 'vitest';
import { fieldPath, formFields, showFormError, splitFieldErrors } from './fieldErrors';
import { RequestError } from './request';

vi.mock('@umijs/max', () => ({ history: { push: vi.fn(), replace: vi.fn() } }));

describe('server field errors', () => {
  it('reads server field names as antd name paths', () => {
    expect(fieldPath('specs[0].options[1].value')).toEqual(['specs', 0, 'options', 1, 'value']);
    expect(fieldPath('rows[12].dishId')).toEqual(['rows', 12, 'dishId']);
    expect(fieldPath('name')).toEqual(['name']);
  });

  it('puts known fields on the form (with aliases) and returns the rest', () => {
    const split = splitFieldErrors(
      { username: 'taken', repassword: 'mismatch', roleIds: 'beyond grant' },
      formFields(['username', 'confirm'], { repassword: 'confirm' }),
    );
    expect(split.fields).toEqual([
      { name: ['username'], errors: ['taken'] },
      { name: ['confirm'], errors: ['mismatch'] },
    ]);
    expect(split.rest).toEqual(['beyond grant']);
    expect(splitFieldErrors(undefined, ['a'])).toEqual({ fields: [], rest: [] });
  });

  it('keeps the path below a known field and merges the messages of one field', () => {
    const split = splitFieldErrors(
      { 'specs[0].name': 'empty', 'specs[0].name ': 'x', a: 'one', b: 'two', c: 'one' },
      (path) => (path[0] === 'specs' ? path : ['all']),
    );
    expect(split.fields).toEqual([
      { name: ['specs', 0, 'name'], errors: ['empty'] },
      { name: ['specs', 0, 'name '], errors: ['x'] },
      { name: ['all'], errors: ['one', 'two'] },
    ]);
  });

  it('shows a failed call on the form and answers the alert text', () => {
    const form = { setFields: vi.fn(), scrollToField: vi.fn() };
    const invalid = new RequestError('business', 'invalid', {
      code: 10001,
      fields: { name: 'taken', x: 'no' },
    });
    expect(showFormError(form as never, invalid, ['name'], { scroll: true })).toBe('no');
    expect(form.setFields).toHaveBeenCalledWith([{ name: ['name'], errors: ['taken'] }]);
    expect(form.scrollToField).toHaveBeenCalledWith(['name'], { block: 'center' });
    const onField = new RequestError('business', 'invalid', {
      code: 10001,
      fields: { name: 'taken' },
    });
    expect(showFormError(form as never, onField, ['name'])).toBeUndefined();
    expect(
      showFormError(form as never, new RequestError('business', 'busy', { code: 10002 }), ['name']),
    ).toBe('busy');
  });
});
