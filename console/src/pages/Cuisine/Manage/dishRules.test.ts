import { describe, expect, it } from 'vitest';
import {
  buildDishInput,
  checkSpecs,
  dishToForm,
  dishFieldPlacement,
  splitContent,
  type DishFormValues,
  type SpecFormValue,
} from './dishRules';
import type { DishDetail } from '@/services/cuisine';
import { splitFieldErrors } from '@/utils/fieldErrors';

const keys = (specs: SpecFormValue[], price?: number) =>
  checkSpecs(specs, 2, price).map((p) => `${p.name.join('.')}:${p.key}`);

const size: SpecFormValue = {
  name: 'Size',
  sort: 1,
  required: true,
  minChoices: 1,
  maxChoices: 1,
  options: [
    { value: 'Small', priceDelta: '' },
    { value: 'Large', priceDelta: '5.00' },
  ],
};
const spice: SpecFormValue = {
  name: 'Spice',
  sort: 2,
  required: false,
  minChoices: 0,
  maxChoices: 1,
  options: [{ value: 'Mild' }, { value: 'Hot' }],
};

describe('specification rules (spec section 5)', () => {
  it('accepts well-formed groups', () => {
    expect(keys([size, spice])).toEqual([]);
    expect(keys([])).toEqual([]);
  });

  it("name or content cannot be empty", () => {
    expect(keys([{ ...size, name: '  ' }])).toEqual(['specs.0.name:cuisine.spec.empty']);
    expect(keys([{ ...size, options: [] }])).toEqual(['specs.0.options:cuisine.spec.empty']);
    expect(keys([{ ...size, options: [{ value: 'Small' }, { value: '' }] }])).toEqual([
      'specs.0.options.1.value:cuisine.spec.empty',
    ]);
  });

  it("specification attribute sorting can't be repeated", () => {
    expect(keys([size, { ...spice, sort: 1 }])).toEqual(['specs.1.sort:cuisine.spec.sortRepeated']);
    // a missing sort is the position, as on the server
    expect(keys([{ ...size, sort: null }, { ...spice, sort: 1 }])).toEqual(['specs.1.sort:cuisine.spec.sortRepeated']);
    expect(keys([{ ...size, sort: null }, { ...spice, sort: null }])).toEqual([]);
  });

  it("property content can't be repeated (trimmed, case-insensitive)", () => {
    expect(keys([{ ...spice, options: [{ value: 'Hot' }, { value: ' hot ' }] }])).toEqual([
      'specs.0.options.1.value:cuisine.spec.valueRepeated',
    ]);
    const [problem] = checkSpecs([{ ...spice, options: [{ value: 'Hot' }, { value: 'HOT' }] }], 2);
    expect(problem.values).toEqual({ value: 'HOT' });
    // the same value in two groups is fine
    expect(keys([size, { ...spice, options: [{ value: 'Small' }] }])).toEqual([]);
  });

  it('names are not repeated', () => {
    expect(keys([size, { ...spice, name: 'size' }])).toEqual(['specs.1.name:cuisine.spec.nameRepeated']);
  });

  it('price deltas are amounts of the currency and keep the price non-negative', () => {
    expect(keys([{ ...size, options: [{ value: 'S', priceDelta: '1.234' }] }])).toEqual([
      'specs.0.options.0.priceDelta:cuisine.amountInvalid',
    ]);
    expect(keys([{ ...size, options: [{ value: 'S', priceDelta: '-20.00' }] }], 1000)).toEqual([
      'specs.0.options.0.priceDelta:cuisine.spec.deltaNegative',
    ]);
    expect(keys([{ ...size, options: [{ value: 'S', priceDelta: '-10.00' }] }], 1000)).toEqual([]);
  });

  it('min and max choices fit the values', () => {
    expect(keys([{ ...spice, maxChoices: 3 }])).toEqual(['specs.0.maxChoices:cuisine.spec.choices']);
    expect(keys([{ ...spice, minChoices: 2, maxChoices: 1 }])).toEqual(['specs.0.maxChoices:cuisine.spec.choices']);
    expect(keys([{ ...spice, maxChoices: 0 }])).toEqual(['specs.0.maxChoices:cuisine.spec.choices']);
    expect(keys([{ ...spice, minChoices: 0, maxChoices: 2 }])).toEqual([]);
  });

  it('splits comma-separated content with the server separators', () => {
    expect(splitContent('Small, Medium，Large、 XL ,,')).toEqual(['Small', 'Medium', 'Large', 'XL']);
  });
});

describe('the dish body', () => {
  const values: DishFormValues = {
    name: ' Noodles ',
    number: 'N1',
    categoryId: 3,
    sort: 4,
    price: '12.35',
    discountPrice: '9.9',
    description: 'Hand-pulled',
    images: ['/uploads/a.png'],
    specialty: true,
    status: 'on_sale',
    specs: [size, { ...spice, sort: null, required: true, minChoices: 0 }],
  };

  it('sends integer minor units and the server-read choices', () => {
    const { problems, input } = buildDishInput(values, 2);
    expect(problems).toEqual([]);
    expect(input).toMatchObject({ name: 'Noodles', price: 1235, discountPrice: 990, categoryId: 3, sort: 4 });
    expect(input!.specs![0]).toEqual({
      name: 'Size',
      sort: 1,
      required: true,
      minChoices: 1,
      maxChoices: 1,
      options: [
        { value: 'Small', priceDelta: 0, soldOut: false },
        { value: 'Large', priceDelta: 500, soldOut: false },
      ],
    });
    // required with min 0 is read as min 1; the sort defaults to the position
    expect(input!.specs![1]).toMatchObject({ sort: 2, required: true, minChoices: 1, maxChoices: 1 });
  });

  it('refuses a discount price that is not lower and prices with too many decimals', () => {
    expect(buildDishInput({ ...values, discountPrice: '12.35' }, 2).problems.map((p) => p.key)).toEqual([
      'cuisine.dish.discountNotLower',
    ]);
    expect(buildDishInput({ ...values, price: '12.355' }, 2).problems.map((p) => p.key)).toEqual(['cuisine.amountInvalid']);
    expect(buildDishInput({ ...values, price: '1235', discountPrice: '', specs: [] }, 0).input?.price).toBe(1235);
    expect(buildDishInput({ ...values, discountPrice: '' }, 2).input?.discountPrice).toBeNull();
  });

  it('edits a saved dish with its amounts as text', () => {
    const detail = {
      id: 1, merchantId: 2, number: 'N1', name: 'Noodles', categoryId: 3, categoryName: 'Mains', sort: 4,
      price: 1235, discountPrice: null, currency: 'KWD', currencyDigits: 3, description: 'x', images: [],
      specialty: false, soldOut: false, restoreAt: null, status: 'on_sale', createdAt: '', updatedAt: '',
      specs: [{ id: 9, name: 'Size', sort: 1, required: true, minChoices: 1, maxChoices: 1, content: 'S,L',
        options: [{ id: 1, value: 'S', priceDelta: 0, sort: 1, soldOut: false }, { id: 2, value: 'L', priceDelta: 1500, sort: 2, soldOut: true }] }],
    } as DishDetail;
    const form = dishToForm(detail);
    expect(form.price).toBe('1.235');
    expect(form.discountPrice).toBe('');
    expect(form.specs![0].options![1]).toEqual({ id: 2, value: 'L', priceDelta: '1.500', soldOut: true });
    expect(buildDishInput(form, 3).input?.specs?.[0].options?.[1].priceDelta).toBe(1500);
  });

  it('places server field errors on the form', () => {
    const split = splitFieldErrors(
      {
        name: 'Name cannot be empty',
        'specs[1].content': 'Specification name or attribute content cannot be empty',
        'specs[0].options[1].value': "Property content can't be repeated: X",
        other: 'Something else',
      },
      dishFieldPlacement(['name', 'specs']),
    );
    expect(split.fields).toEqual([
      { name: ['name'], errors: ['Name cannot be empty'] },
      { name: ['specs', 1, 'options'], errors: ['Specification name or attribute content cannot be empty'] },
      { name: ['specs', 0, 'options', 1, 'value'], errors: ["Property content can't be repeated: X"] },
    ]);
    expect(split.rest).toEqual(['Something else']);
  });
});
