import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, PRIMARY_COLORS, sanitizeSettings } from '@/utils/settings';
import { checkImage } from '@/utils/validation';

describe('settings', () => {
  it('defaults follow spec section 9', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      theme: 'dark',
      layout: 'side',
      contentWidth: 'Fluid',
      fixedHeader: true,
      fixSiderbar: true,
      multiTab: true,
    });
    const colours = PRIMARY_COLORS.map((c) => c.color);
    for (const c of ['#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1']) {
      expect(colours).toContain(c);
    }
  });

  it('keeps valid stored values and drops anything else', () => {
    expect(sanitizeSettings({ theme: 'light', multiTab: false, layout: 'top' })).toMatchObject({
      theme: 'light',
      multiTab: false,
      layout: 'top',
    });
    expect(
      sanitizeSettings({ theme: 'neon', primaryColor: 'red', fixedHeader: 'yes', evil: 1 }),
    ).toEqual(DEFAULT_SETTINGS);
    expect(sanitizeSettings('garbage')).toEqual(DEFAULT_SETTINGS);
  });
});

describe('image upload check', () => {
  it('accepts jpg, jpeg, png and gif under 10 MB', () => {
    expect(checkImage({ name: 'a.JPG', type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(
      checkImage({ name: 'a.gif', type: 'image/gif', size: 10 * 1024 * 1024 - 1 }),
    ).toBeUndefined();
  });
  it('refuses other types and large files with the spec messages', () => {
    expect(checkImage({ name: 'a.webp', type: 'image/webp', size: 10 })).toBe('upload.image.type');
    expect(checkImage({ name: 'a.png.exe', type: '', size: 10 })).toBe('upload.image.type');
    expect(checkImage({ name: 'a.png', type: 'image/png', size: 10 * 1024 * 1024 })).toBe(
      'upload.image.size',
    );
  });
});
