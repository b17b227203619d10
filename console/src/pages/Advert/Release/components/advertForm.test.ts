import { describe, expect, it } from 'vitest';
import type { Advert } from '@/services/advert';
import { splitFieldErrors } from '@/utils/fieldErrors';
import { advertFieldPlacement, advertToForm, buildAdvertInput, type AdvertFormValues } from './advertForm';

const img = (i: number, duration?: number | null) => ({ url: `/uploads/2026/11/a${i}.png`, duration });
const keys = (problems: { name: (string | number)[]; key: string }[]) =>
  problems.map((p) => `${p.name.join('.')}:${p.key}`);

describe('the whole form', () => {
  const values: AdvertFormValues = {
    title: '  Weekend brunch ',
    materialType: 'image',
    materials: [img(1, 15), img(2, 10)],
    period: ['2026-11-26', '2026-12-26'],
    allDay: false,
    daily: ['09:00', '14:00'],
    targetType: 'venue',
    targetIds: [3],
    areaCodes: ['310100'],
    linkType: 'url',
    linkValue: ' https://example.com/brunch ',
  };

  it('builds the body of a merchant ad', () => {
    const { problems, input } = buildAdvertInput(values, 'merchant', '2026-11-26');
    expect(problems).toEqual([]);
    expect(input).toEqual({
      title: 'Weekend brunch',
      type: 'merchant',
      materialType: 'image',
      materials: [
        { url: '/uploads/2026/11/a1.png', duration: 15 },
        { url: '/uploads/2026/11/a2.png', duration: 10 },
      ],
      startDate: '2026-11-26',
      endDate: '2026-12-26',
      dailyStart: '09:00',
      dailyEnd: '14:00',
      targetType: 'venue',
      targetIds: [3],
      areaCodes: [],
      linkType: 'url',
      linkValue: 'https://example.com/brunch',
    });
  });

  it('marks a request and sends areas for an area placement', () => {
    const { input } = buildAdvertInput({ ...values, targetType: 'area', linkType: 'none' }, 'request', '2026-11-26');
    expect(input?.request).toBe(true);
    expect(input?.type).toBeUndefined();
    expect(input?.targetIds).toEqual([]);
    expect(input?.areaCodes).toEqual(['310100']);
    expect(input?.linkValue).toBe('');
  });

  it('lists every problem at once and sends nothing', () => {
    const { problems, input } = buildAdvertInput(
      { ...values, title: ' ', materials: [...Array.from({ length: 10 }, (_, i) => img(i, 5))], linkValue: 'ftp://x', targetIds: [] },
      'merchant',
      '2026-11-26',
    );
    expect(input).toBeUndefined();
    expect(keys(problems)).toEqual([
      'title:advert.rule.titleRequired',
      'materials:advert.rule.tooManyImages',
      'targetIds:advert.rule.targetsRequired',
      'linkValue:advert.rule.linkHttp',
    ]);
    expect(keys(buildAdvertInput({ ...values, targetType: 'area' }, 'merchant', '2026-11-26').problems)).toEqual([
      'targetType:advert.rule.targetTypeRequired',
    ]);
  });

  it('reads a saved ad back into the form', () => {
    const ad = {
      title: 'Happy hour',
      materialType: 'image',
      materials: [{ url: '/uploads/h.png', type: 'image', duration: 20 }],
      startDate: '2026-11-26',
      endDate: '2026-12-26',
      dailyStart: '17:00',
      dailyEnd: '19:00',
      targetType: 'tablet',
      linkType: 'dish',
      linkValue: '42',
      targets: [
        { kind: 'tablet', id: 1, name: 'T01' },
        { kind: 'tablet', id: 2, name: 'T02' },
      ],
    } as unknown as Advert & { targets: { kind: 'tablet'; id: number }[] };
    expect(advertToForm(ad)).toEqual({
      title: 'Happy hour',
      materialType: 'image',
      materials: [{ url: '/uploads/h.png', duration: 20 }],
      period: ['2026-11-26', '2026-12-26'],
      allDay: false,
      daily: ['17:00', '19:00'],
      targetType: 'tablet',
      targetIds: [1, 2],
      areaCodes: [],
      linkType: 'dish',
      linkValue: 42,
    });
  });

  it('puts the server field errors on the form fields', () => {
    const split = splitFieldErrors(
      {
      endDate: 'The broadcast end date is already past',
      dailyEnd: 'The daily end time must differ from the start time',
      'materials[0].duration': 'Enter the duration in seconds of material 1',
      'materials[1].url': 'Material 2 must be an uploaded image',
      materials: 'At most 9 images can be uploaded',
      linkValue: 'Link must start with http or https',
      reason: 'something else',
      },
      advertFieldPlacement,
    );
    expect(split.fields).toEqual([
      { name: ['period'], errors: ['The broadcast end date is already past'] },
      { name: ['daily'], errors: ['The daily end time must differ from the start time'] },
      { name: ['materials', 0, 'duration'], errors: ['Enter the duration in seconds of material 1'] },
      { name: ['materials'], errors: ['Material 2 must be an uploaded image', 'At most 9 images can be uploaded'] },
      { name: ['linkValue'], errors: ['Link must start with http or https'] },
    ]);
    expect(split.rest).toEqual(['something else']);
  });
});
