import { describe, expect, it } from 'vitest';
import { prettyBody, rangeParams } from './rules';

describe('operation log filters', () => {
  it('turns a picked range into from/to', () => {
    expect(rangeParams(['2026-11-01 08:00:00', '2026-11-02 09:30:00'])).toEqual({
      from: '2026-11-01 08:00:00',
      to: '2026-11-02 09:30:00',
    });
    expect(rangeParams(['2026-11-01', '2026-11-02'])).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
    });
    expect(rangeParams([{ format: () => '2026-01-01 00:00:00' }, null])).toEqual({
      from: '2026-01-01 00:00:00',
      to: undefined,
    });
    expect(rangeParams(undefined)).toEqual({});
  });
});

describe('operation log body', () => {
  it('pretty-prints JSON, splits form bodies and keeps anything else', () => {
    expect(prettyBody('{"username":"ann","password":"***"}')).toBe(
      '{\n  "username": "ann",\n  "password": "***"\n}',
    );
    expect(prettyBody('password=%2A%2A%2A&username=admin')).toBe('password: ***\nusername: admin');
    expect(prettyBody('multipart body of 3 parts')).toBe('multipart body of 3 parts');
    expect(prettyBody('')).toBe('');
  });
});
