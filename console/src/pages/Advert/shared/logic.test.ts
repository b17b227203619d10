import { describe, expect, it } from 'vitest';
import {
  actionButtons,
  advertToForm,
  buildAdvertInput,
  checkLink,
  checkMaterials,
  checkPeriod,
  checkVideoFile,
  dailyWindow,
  displayStatus,
  isHttpUrl,
  materialKindOf,
  needsRefresh,
  periodText,
  remainingSlots,
  advertFieldPlacement,
  tabletsReached,
  targetTypesOf,
  timelineLine,
  totalDuration,
  windowText,
  windowToForm,
  windowToInput,
  type AdvertFormValues,
} from '@/pages/Advert/shared/logic';
import type { Advert, AdvertAction } from '@/services/advert';
import { splitFieldErrors } from '@/utils/fieldErrors';

const img = (i: number, duration?: number | null) => ({ url: `/uploads/2026/11/a${i}.png`, duration });
const keys = (problems: { name: (string | number)[]; key: string }[]) =>
  problems.map((p) => `${p.name.join('.')}:${p.key}`);

/** A translator that shows the key and its values, to check what is asked for. */
const tr = (id: string, v?: Record<string, string | number>) =>
  v ? `${id}(${Object.entries(v).map(([k, x]) => `${k}=${x}`).join(',')})` : id;

describe('materials (spec section 5: at most 1 video or 9 images, each with its duration)', () => {
  it('tells images from videos by their stored name', () => {
    expect(materialKindOf('/uploads/2026/11/x.PNG')).toBe('image');
    expect(materialKindOf('https://cdn.example.com/a/b.jpeg?x=1')).toBe('image');
    expect(materialKindOf('/uploads/v.mp4')).toBe('video');
    expect(materialKindOf('/uploads/v.webm')).toBe('video');
    expect(materialKindOf('/uploads/readme.txt')).toBe('');
    expect(materialKindOf('')).toBe('');
  });

  it('sums the durations entered into the total', () => {
    expect(totalDuration([img(1, 15), img(2, 10), img(3, 5)])).toBe(30);
    expect(totalDuration([img(1, 15), img(2, null), img(3, undefined)])).toBe(15);
    expect(totalDuration([img(1, 0), img(2, 3601), img(3, 2.5)])).toBe(0);
    expect(totalDuration(undefined)).toBe(0);
  });

  it('accepts up to 9 images with durations', () => {
    expect(checkMaterials('image', Array.from({ length: 9 }, (_, i) => img(i, 5)))).toEqual([]);
    expect(checkMaterials('video', [{ url: '/uploads/v.mp4', duration: 30 }])).toEqual([]);
  });

  it('refuses a tenth image, a second video, a mix and a mismatch of type', () => {
    expect(keys(checkMaterials('image', Array.from({ length: 10 }, (_, i) => img(i, 5))))).toEqual([
      'materials:advert.rule.tooManyImages',
    ]);
    expect(checkMaterials('image', Array.from({ length: 10 }, (_, i) => img(i, 5)))[0].values).toEqual({ max: 9 });
    expect(
      keys(checkMaterials('video', [{ url: '/uploads/a.mp4', duration: 3 }, { url: '/uploads/b.mp4', duration: 3 }])),
    ).toEqual(['materials:advert.rule.tooManyVideos']);
    expect(keys(checkMaterials('image', [img(1, 5), { url: '/uploads/b.mp4', duration: 3 }]))).toEqual([
      'materials:advert.rule.videoWithImages',
    ]);
    expect(keys(checkMaterials('video', [img(1, 5)]))).toEqual(['materials:advert.rule.typeMismatch']);
  });

  it('requires the material type, materials and each single duration (1 to 3600 s)', () => {
    expect(keys(checkMaterials(undefined, []))).toEqual([
      'materialType:advert.rule.materialTypeRequired',
      'materials:advert.rule.materialsRequired',
    ]);
    expect(keys(checkMaterials('image', [img(1, 5), img(2, null), img(3, 0), img(4, 3601)]))).toEqual([
      'materials.1.duration:advert.rule.durationRequired',
      'materials.2.duration:advert.rule.durationRange',
      'materials.3.duration:advert.rule.durationRange',
    ]);
    expect(checkMaterials('image', [img(1, 5), img(2)])[0].values).toEqual({ index: 2 });
    expect(keys(checkMaterials('image', [{ url: 'ftp://x/y.doc', duration: 3 }]))).toEqual([
      'materials.0.url:advert.rule.notUploaded',
    ]);
  });

  it('counts the slots left for uploads', () => {
    expect(remainingSlots('image', 0)).toBe(9);
    expect(remainingSlots('image', 7)).toBe(2);
    expect(remainingSlots('image', 12)).toBe(0);
    expect(remainingSlots('video', 0)).toBe(1);
    expect(remainingSlots('video', 1)).toBe(0);
  });

  it('checks a video before uploading it', () => {
    expect(checkVideoFile({ name: 'a.mp4', type: 'video/mp4', size: 1000 })).toBeUndefined();
    expect(checkVideoFile({ name: 'a.MOV', type: '', size: 1000 })).toBeUndefined();
    expect(checkVideoFile({ name: 'a.avi', type: 'video/x-msvideo', size: 1000 })).toBe('advert.upload.videoType');
    expect(checkVideoFile({ name: 'a.mp4', type: 'image/png', size: 1000 })).toBe('advert.upload.videoType');
    expect(checkVideoFile({ name: 'a.mp4', type: 'video/mp4', size: 101 * 1024 * 1024 })).toBe('advert.upload.videoSize');
  });
});

describe('link (spec section 5: must start with http or https)', () => {
  it('accepts http and https addresses only', () => {
    expect(isHttpUrl('https://example.com/menu')).toBe(true);
    expect(isHttpUrl('HTTP://example.com')).toBe(true);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('example.com')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
  });

  it('asks for what each link type needs', () => {
    expect(checkLink('none', 'whatever')).toEqual([]);
    expect(checkLink(undefined, undefined)).toEqual([]);
    expect(keys(checkLink('url', 'ftp://example.com'))).toEqual(['linkValue:advert.rule.linkHttp']);
    expect(keys(checkLink('url', ' '))).toEqual(['linkValue:advert.rule.linkRequired']);
    expect(keys(checkLink('url', `https://e.com/${'x'.repeat(500)}`))).toEqual(['linkValue:advert.rule.linkTooLong']);
    expect(checkLink('url', 'https://example.com')).toEqual([]);
    expect(keys(checkLink('dish', undefined))).toEqual(['linkValue:advert.rule.dishRequired']);
    expect(checkLink('dish', 12)).toEqual([]);
  });
});

describe('daily window', () => {
  it('reads all day, a range and an overnight window', () => {
    expect(dailyWindow('', '')).toEqual({ kind: 'allDay', start: '00:00', end: '24:00' });
    expect(dailyWindow('00:00', '24:00').kind).toBe('allDay');
    expect(dailyWindow('09:00', '14:00')).toEqual({ kind: 'range', start: '09:00', end: '14:00' });
    expect(dailyWindow('22:00', '02:00')).toEqual({ kind: 'overnight', start: '22:00', end: '02:00' });
    expect(dailyWindow('18:00', '24:00').kind).toBe('range');
  });

  it('words the window and the period', () => {
    expect(windowText('', '', tr)).toBe('advert.window.allDay');
    expect(windowText('09:00', '14:00', tr)).toBe('advert.window.range(start=09:00,end=14:00)');
    expect(windowText('22:00', '02:00', tr)).toBe('advert.window.overnight(start=22:00,end=02:00)');
    expect(
      periodText({ startDate: '2026-11-26', endDate: '2026-12-26', dailyStart: '00:00', dailyEnd: '24:00' }, tr),
    ).toBe('advert.period.text(start=2026-11-26,end=2026-12-26,window=advert.window.allDay)');
  });

  it('maps the window between the form and the API (24:00 is shown as 00:00)', () => {
    expect(windowToForm('00:00', '24:00')).toEqual({ allDay: true });
    expect(windowToForm('17:00', '24:00')).toEqual({ allDay: false, daily: ['17:00', '00:00'] });
    expect(windowToInput(true, ['09:00', '10:00'])).toEqual({ dailyStart: '', dailyEnd: '' });
    expect(windowToInput(false, ['17:00', '00:00'])).toEqual({ dailyStart: '17:00', dailyEnd: '24:00' });
    expect(windowToInput(false, ['22:00', '02:00'])).toEqual({ dailyStart: '22:00', dailyEnd: '02:00' });
    expect(windowToInput(false, ['09:00:00', '14:30:00'])).toEqual({ dailyStart: '09:00', dailyEnd: '14:30' });
  });

  it('requires the broadcast dates in order and not over, and a non-empty window', () => {
    const today = '2026-11-26';
    expect(keys(checkPeriod(null, true, null, today))).toEqual(['period:advert.rule.periodRequired']);
    expect(keys(checkPeriod(['2026-11-30', '2026-11-27'], true, null, today))).toEqual(['period:advert.rule.periodOrder']);
    expect(keys(checkPeriod(['2026-11-01', '2026-11-20'], true, null, today))).toEqual(['period:advert.rule.periodOver']);
    expect(checkPeriod(['2026-11-26', '2026-11-26'], true, null, today)).toEqual([]);
    expect(keys(checkPeriod(['2026-11-26', '2026-12-01'], false, null, today))).toEqual(['daily:advert.rule.windowRequired']);
    expect(keys(checkPeriod(['2026-11-26', '2026-12-01'], false, ['10:00', '10:00'], today))).toEqual([
      'daily:advert.rule.windowEmpty',
    ]);
    expect(checkPeriod(['2026-11-26', '2026-12-01'], false, ['22:00', '02:00'], today)).toEqual([]);
  });
});

describe('targets', () => {
  const tablets = [
    { id: 1, venueId: 3, status: 1 as const },
    { id: 2, venueId: 3, status: 1 as const },
    { id: 3, venueId: 3, status: 0 as const },
    { id: 4, venueId: 5, status: 1 as const },
  ];

  it('counts the enabled tablets reached', () => {
    expect(tabletsReached('venue', [3], tablets)).toBe(2);
    expect(tabletsReached('venue', [3, 5], tablets)).toBe(3);
    expect(tabletsReached('tablet', [1, 3], tablets)).toBe(1);
    expect(tabletsReached('area', [], tablets)).toBeUndefined();
  });

  it('offers areas only to platform placements', () => {
    expect(targetTypesOf('merchant')).toEqual(['venue', 'tablet']);
    expect(targetTypesOf('platform')).toEqual(['venue', 'tablet', 'area']);
    expect(targetTypesOf('request')).toEqual(['venue', 'area']);
  });
});

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

describe('status and actions -> buttons', () => {
  const ad = (over: Partial<Advert>): Advert =>
    ({ merchantId: 2, type: 'merchant', submitting: false, status: 'draft', actions: [], ...over }) as Advert;
  const all = () => true;
  const merchant = { platform: false, can: all };
  const platform = { platform: true, can: all };

  it('offers what the status allows, in a fixed order', () => {
    expect(actionButtons(ad({ actions: ['delete', 'publish', 'edit'] }), merchant)).toEqual(['edit', 'publish', 'delete']);
    expect(actionButtons(ad({ status: 'pending', actions: ['withdraw'] }), merchant)).toEqual(['withdraw']);
    expect(actionButtons(ad({ status: 'approved', actions: ['takedown'] }), merchant)).toEqual(['takedown']);
    expect(actionButtons(ad({ status: 'ended', actions: ['delete'] }), merchant)).toEqual(['delete']);
  });

  it('offers nothing while the ad is being submitted', () => {
    expect(actionButtons(ad({ submitting: true, actions: ['edit', 'publish'] }), merchant)).toEqual([]);
  });

  it('lets the platform only take a merchant ad down', () => {
    expect(actionButtons(ad({ actions: ['edit', 'publish', 'delete'] }), platform)).toEqual([]);
    expect(actionButtons(ad({ status: 'approved', actions: ['takedown'] }), platform)).toEqual(['takedown']);
    expect(actionButtons(ad({ merchantId: 0, type: 'platform', actions: ['edit', 'publish', 'delete'] }), platform)).toEqual([
      'edit',
      'publish',
      'delete',
    ]);
  });

  it('keeps a merchant from taking down its platform placement', () => {
    expect(
      actionButtons(ad({ type: 'platform', request: true, status: 'approved', actions: ['takedown'] }), merchant),
    ).toEqual([]);
  });

  it('hides what the operation codes do not grant', () => {
    const editOnly = { platform: false, can: (c: string) => c === 'advert:release:edit' };
    expect(actionButtons(ad({ actions: ['edit', 'publish', 'delete'] }), editOnly)).toEqual(['edit', 'publish']);
    const readOnly = { platform: false, can: () => false };
    expect(actionButtons(ad({ status: 'approved', actions: ['takedown'] }), readOnly)).toEqual([]);
  });

  it('shows submitting between publishing and the start of the review', () => {
    expect(displayStatus({ status: 'draft', submitting: true })).toBe('submitting');
    expect(displayStatus({ status: 'rejected', submitting: false })).toBe('rejected');
  });

  it('refreshes when a lifecycle answer does not show the new status yet', () => {
    const cases: [AdvertAction, Pick<Advert, 'status' | 'submitting'>, boolean][] = [
      ['publish', { status: 'pending', submitting: false }, false],
      ['publish', { status: 'draft', submitting: true }, true],
      ['withdraw', { status: 'draft', submitting: false }, false],
      ['withdraw', { status: 'pending', submitting: false }, true],
      ['takedown', { status: 'ended', submitting: false }, false],
      ['takedown', { status: 'approved', submitting: false }, true],
      ['delete', { status: 'draft', submitting: false }, false],
    ];
    cases.forEach(([action, answer, expected]) => expect(needsRefresh(action, answer), action).toBe(expected));
  });
});

describe('review timeline', () => {
  it('words each entry, with opinions and takedown reasons as comments', () => {
    expect(timelineLine({ kind: 'started', node: '' }).key).toBe('advert.timeline.started');
    expect(timelineLine({ kind: 'taskCreated', node: 'Review ad' })).toMatchObject({
      key: 'advert.timeline.taskCreated',
      values: { node: 'Review ad' },
    });
    expect(
      timelineLine({ kind: 'task', node: 'Review ad', action: 'approve', actor: 'Pat', comment: 'Fine', data: { form: { opinion: 'Nice' } } }),
    ).toMatchObject({ key: 'advert.timeline.approved', color: 'green', comment: 'Fine · Nice' });
    expect(timelineLine({ kind: 'task', node: 'Review ad', action: 'reject', actor: 'Pat', comment: 'Blurry' })).toMatchObject({
      key: 'advert.timeline.rejected',
      color: 'red',
      comment: 'Blurry',
    });
    expect(
      timelineLine({ kind: 'messageReceived', node: '', actor: 'Alex', comment: 'Menu changed', data: { message: 'takedown' } }),
    ).toMatchObject({ key: 'advert.timeline.takedown', comment: 'Menu changed' });
    expect(timelineLine({ kind: 'messageReceived', node: '', data: { message: 'withdraw' } }).key).toBe('advert.timeline.withdrawn');
    expect(timelineLine({ kind: 'timerFired', node: 'Broadcast period over' }).key).toBe('advert.timeline.periodOver');
    expect(timelineLine({ kind: 'somethingNew', node: 'X' })).toMatchObject({
      key: 'advert.timeline.other',
      values: { kind: 'somethingNew', node: 'X' },
    });
  });
});
