/**
 * Pure rules of the dish form (spec section 5), unit-tested in dishRules.test.ts beside it.
 * They mirror the server (modules/cuisine/spec.go) so that the form shows a mistake before it
 * is sent; the server's field errors are shown the same way when it disagrees.
 */
import type { DishDetail, DishInput, OptionInput, ShelfStatus, SpecInput } from '@/services/cuisine';
import { formFields, type FieldPlacement } from '@/utils/fieldErrors';
import { formatMajor, parseMajor } from '@/utils/money';
import { MAX_SORT, MAX_SPEC_GROUPS, MAX_SPEC_OPTIONS } from '../shared/limits';

/** A problem found in a form: where (antd name path) and which message (locale key + values). */
export interface FormProblem {
  name: (string | number)[];
  key: string;
  values?: Record<string, string | number>;
}

export interface OptionFormValue {
  id?: number;
  value?: string;
  /** major units as typed, e.g. "3.50" or "-1" */
  priceDelta?: string;
  soldOut?: boolean;
}

export interface SpecFormValue {
  name?: string;
  sort?: number | null;
  required?: boolean;
  minChoices?: number | null;
  maxChoices?: number | null;
  options?: OptionFormValue[];
}

export interface DishFormValues {
  name?: string;
  number?: string;
  categoryId?: number;
  sort?: number | null;
  /** major units as typed */
  price?: string;
  discountPrice?: string;
  description?: string;
  images?: string[];
  specialty?: boolean;
  status?: ShelfStatus;
  specs?: SpecFormValue[];
}

const norm = (s: string | undefined) => (s ?? '').trim();

/** Splits comma-separated attribute content ("Small, Medium，Large") into values (server's separators). */
export function splitContent(content: string): string[] {
  return content
    .split(/[,，、]/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * The specification rules: a name and at least one value ('specification name or attribute
 * content cannot be empty'), names not repeated, sorts not repeated ('specification attribute
 * sorting can't be repeated'), values not repeated within a group ('property content can't be
 * repeated'), price deltas that are amounts and keep the price non-negative, and choices with
 * 0 ≤ min ≤ max ≤ number of values, max ≥ 1. Sort defaults to the position (1, 2, …).
 */
export function checkSpecs(
  specs: SpecFormValue[] | undefined,
  digits: number,
  price?: number,
): FormProblem[] {
  const problems: FormProblem[] = [];
  const list = specs ?? [];
  if (list.length > MAX_SPEC_GROUPS) {
    problems.push({ name: ['specs'], key: 'cuisine.spec.tooMany', values: { max: MAX_SPEC_GROUPS } });
    return problems;
  }
  const names = new Set<string>();
  const sorts = new Set<number>();
  list.forEach((spec, i) => {
    const name = norm(spec.name);
    if (!name) problems.push({ name: ['specs', i, 'name'], key: 'cuisine.spec.empty' });
    else if (names.has(name.toLowerCase()))
      problems.push({ name: ['specs', i, 'name'], key: 'cuisine.spec.nameRepeated', values: { name } });
    names.add(name.toLowerCase());

    const sort = spec.sort ?? i + 1;
    if (!Number.isInteger(sort) || sort < 0 || sort > MAX_SORT)
      problems.push({ name: ['specs', i, 'sort'], key: 'cuisine.sortRange', values: { max: MAX_SORT } });
    else if (sorts.has(sort)) problems.push({ name: ['specs', i, 'sort'], key: 'cuisine.spec.sortRepeated' });
    sorts.add(sort);

    const options = spec.options ?? [];
    if (options.length === 0) {
      problems.push({ name: ['specs', i, 'options'], key: 'cuisine.spec.empty' });
      return;
    }
    if (options.length > MAX_SPEC_OPTIONS) {
      problems.push({ name: ['specs', i, 'options'], key: 'cuisine.spec.tooManyValues', values: { max: MAX_SPEC_OPTIONS } });
      return;
    }
    const values = new Set<string>();
    options.forEach((option, j) => {
      const value = norm(option.value);
      if (!value) problems.push({ name: ['specs', i, 'options', j, 'value'], key: 'cuisine.spec.empty' });
      else if (values.has(value.toLowerCase()))
        problems.push({ name: ['specs', i, 'options', j, 'value'], key: 'cuisine.spec.valueRepeated', values: { value } });
      values.add(value.toLowerCase());
      const deltaText = norm(option.priceDelta);
      if (deltaText) {
        const delta = parseMajor(deltaText, digits);
        if (delta === undefined)
          problems.push({ name: ['specs', i, 'options', j, 'priceDelta'], key: 'cuisine.amountInvalid', values: { digits } });
        else if (price !== undefined && price + delta < 0)
          problems.push({ name: ['specs', i, 'options', j, 'priceDelta'], key: 'cuisine.spec.deltaNegative' });
      }
    });
    const { min, max } = choices(spec);
    if (min < 0 || max < 1 || min > max || max > options.length)
      problems.push({ name: ['specs', i, 'maxChoices'], key: 'cuisine.spec.choices', values: { count: options.length } });
  });
  return problems;
}

/** Effective min/max choices of a group, as the server reads them (required => at least 1). */
export function choices(spec: SpecFormValue): { min: number; max: number } {
  let min = spec.required ? 1 : 0;
  if (spec.minChoices !== undefined && spec.minChoices !== null && (spec.minChoices > 0 || !spec.required))
    min = spec.minChoices;
  const max = spec.maxChoices ?? 1;
  return { min, max };
}

/** Top-level dish rules the antd rules do not cover (amounts): problems and the parsed prices. */
export function checkPrices(
  values: Pick<DishFormValues, 'price' | 'discountPrice'>,
  digits: number,
): { problems: FormProblem[]; price?: number; discountPrice?: number | null } {
  const problems: FormProblem[] = [];
  const priceText = norm(values.price);
  let price: number | undefined;
  if (!priceText) problems.push({ name: ['price'], key: 'cuisine.required' });
  else {
    price = parseMajor(priceText, digits);
    if (price === undefined || price < 0) {
      problems.push({ name: ['price'], key: 'cuisine.amountInvalid', values: { digits } });
      price = undefined;
    }
  }
  let discountPrice: number | null = null;
  const discountText = norm(values.discountPrice);
  if (discountText) {
    const d = parseMajor(discountText, digits);
    if (d === undefined || d < 0) problems.push({ name: ['discountPrice'], key: 'cuisine.amountInvalid', values: { digits } });
    else if (price !== undefined && d >= price) problems.push({ name: ['discountPrice'], key: 'cuisine.dish.discountNotLower' });
    else discountPrice = d;
  }
  return { problems, price, discountPrice };
}

/** Every rule of the dish form at once, and the body to send when there is no problem. */
export function buildDishInput(
  values: DishFormValues,
  digits: number,
): { problems: FormProblem[]; input?: DishInput } {
  const prices = checkPrices(values, digits);
  const problems = [...prices.problems, ...checkSpecs(values.specs, digits, prices.price)];
  if (problems.length) return { problems };
  const specs: SpecInput[] = (values.specs ?? []).map((spec, i) => {
    const { min, max } = choices(spec);
    return {
      name: norm(spec.name),
      sort: spec.sort ?? i + 1,
      required: min > 0,
      minChoices: min,
      maxChoices: max,
      options: (spec.options ?? []).map(
        (o): OptionInput => ({
          value: norm(o.value),
          priceDelta: norm(o.priceDelta) ? (parseMajor(norm(o.priceDelta), digits) ?? 0) : 0,
          soldOut: !!o.soldOut,
        }),
      ),
    };
  });
  const input: DishInput = {
    name: norm(values.name),
    number: norm(values.number),
    categoryId: values.categoryId ?? 0,
    sort: values.sort ?? 0,
    price: prices.price ?? 0,
    discountPrice: prices.discountPrice ?? null,
    description: norm(values.description),
    images: values.images ?? [],
    specialty: !!values.specialty,
    specs,
  };
  if (values.status) input.status = values.status;
  return { problems, input };
}

/** A dish as the form edits it (amounts as major-unit text). */
export function dishToForm(dish: DishDetail): DishFormValues {
  const digits = dish.currencyDigits;
  return {
    name: dish.name,
    number: dish.number,
    categoryId: dish.categoryId,
    sort: dish.sort,
    price: formatMajor(dish.price, digits),
    discountPrice: dish.discountPrice === null ? '' : formatMajor(dish.discountPrice, digits),
    description: dish.description,
    images: dish.images ?? [],
    specialty: dish.specialty,
    status: dish.status,
    specs: (dish.specs ?? []).map((s) => ({
      name: s.name,
      sort: s.sort,
      required: s.required,
      minChoices: s.minChoices,
      maxChoices: s.maxChoices,
      options: s.options.map((o) => ({
        id: o.id,
        value: o.value,
        priceDelta: o.priceDelta ? formatMajor(o.priceDelta, digits) : '',
        soldOut: o.soldOut,
      })),
    })),
  };
}

/** Server field errors of a dish: a specification's name or attribute list sits on its options editor. */
export function dishFieldPlacement(known: readonly string[]): FieldPlacement {
  const onForm = formFields(known);
  return (path, field) =>
    path[0] === 'specs' && (path[2] === 'content' || (path[2] === 'options' && path.length === 3))
      ? ['specs', path[1], 'options']
      : onForm(path, field);
}
