import { describe, expect, it } from 'vitest';
import { buttonProblems, cleanNames, nameIn, validLink } from '@/pages/Configure/Button/logic';
import { columns, validIP } from '@/pages/Configure/SettingPrinter/logic';

describe('printer form', () => {
  it('accepts IPv4 and IPv6 addresses only', () => {
    for (const ok of ['192.168.1.100', '10.0.0.5', '127.0.0.1', 'fe80::1', '2001:db8::10'])
      expect(validIP(ok), ok).toBe(true);
    for (const bad of [
      '0.0.0.0',
      '256.1.1.1',
      '192.168.1',
      'printer.local',
      '192.168.1.1; rm -rf /',
      'fe80::1%eth0',
      '::',
      '',
    ])
      expect(validIP(bad), bad).toBe(false);
  });

  it('knows the columns of 58 and 80 mm paper', () => {
    expect(columns(58)).toBe(32);
    expect(columns(80)).toBe(48);
  });
});

describe('tablet buttons', () => {
  it('accepts http and https links only', () => {
    expect(validLink('https://example.com/story')).toBe(true);
    expect(validLink('http://example.com')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://example.com', 'example.com', ''])
      expect(validLink(bad), bad).toBe(false);
  });

  it('keeps names that are not blank', () => {
    expect(cleanNames({ en_US: ' Menu ', zh_CN: '  ', ja_JP: '' })).toEqual({ en_US: 'Menu' });
    expect(nameIn({ en_US: 'Menu', zh_CN: '菜单' }, 'zh_CN')).toBe('菜单');
    expect(nameIn({ en_US: 'Menu' }, 'th_TH')).toBe('Menu');
  });

  it('names what the server would refuse', () => {
    const base = { names: { en_US: 'Story' }, link: '', enabled: true, callIcons: [] };
    expect(buttonProblems('link1', base)).toEqual(['configure.button.linkRequired']);
    expect(buttonProblems('link1', { ...base, enabled: false })).toEqual([]);
    expect(buttonProblems('link2', { ...base, link: 'javascript:x' })).toEqual([
      'configure.button.linkFormat',
    ]);
    expect(buttonProblems('order_pay', { ...base, names: { en_US: ' ' } })).toEqual([
      'configure.button.nameRequired',
    ]);
    expect(buttonProblems('order_pay', { ...base, names: { en_US: 'x'.repeat(33) } })).toEqual([
      'configure.button.nameTooLong',
    ]);
    expect(buttonProblems('call_service', base)).toEqual(['configure.button.callIconsRequired']);
    expect(
      buttonProblems('call_service', {
        ...base,
        callIcons: [{ key: 'water', icon: '', names: {} }],
      }),
    ).toEqual(['configure.button.callIconName']);
    expect(
      buttonProblems('call_service', {
        ...base,
        callIcons: [{ key: 'water', icon: '', names: { en_US: 'Water' } }],
      }),
    ).toEqual([]);
  });
});
