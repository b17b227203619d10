import { describe, expect, it } from 'vitest';
import { checkMaterials, checkVideoFile, materialKindOf, remainingSlots, totalDuration } from './materialRules';

const img = (i: number, duration?: number | null) => ({ url: `/uploads/2026/11/a${i}.png`, duration });
const keys = (problems: { name: (string | number)[]; key: string }[]) =>
  problems.map((p) => `${p.name.join('.')}:${p.key}`);

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
