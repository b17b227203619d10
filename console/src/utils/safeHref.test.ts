import { describe, expect, it } from 'vitest';
import { fileLabel, safeHref } from './safeHref';

// The attack of issue 11: stored links that would run script or leave the site when clicked.
const hostile = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/a.png',
  '/\\evil.example/a.png',
  'https:evil.example',
  'https://',
  'https://user:pw@evil.example/',
  'https://evil.example/a.png" onerror="alert(1)',
  '\u00a0https://evil.example/',
  'https://evil.example/\u202ea.png',
  '/uploads/../etc/passwd',
  '/uploads/%2e%2e/etc/passwd',
  '/uploads//evil.example/a.png',
  '/uploads/',
  '/etc/passwd',
  '',
];

describe('safeHref', () => {
  it('never lets a hostile address become a link', () => {
    for (const s of hostile) expect(safeHref(s), s).toBeUndefined();
    expect(safeHref(undefined)).toBeUndefined();
    expect(safeHref({ url: '/uploads/a.png' })).toBeUndefined();
  });
  it('keeps uploaded files and http(s) links as they are', () => {
    for (const s of [
      '/uploads/2026/01/0123456789abcdef.png',
      'https://cdn.example.com/a.png',
      'http://example.com/menu?t=3#top',
      'HTTPS://Example.com/a.png',
    ])
      expect(safeHref(s)).toBe(s);
  });
  it('labels a file by its last segment', () => {
    expect(fileLabel('/uploads/2026/01/a%20b.pdf')).toBe('a b.pdf');
    expect(fileLabel('https://x.example/r.pdf?sig=1')).toBe('r.pdf');
  });
});
