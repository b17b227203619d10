import { describe, expect, it } from 'vitest';
import { parseRetryVariables } from '@/pages/Process/components/retryVariables';

describe('parseRetryVariables', () => {
  it('takes a JSON object, or nothing', () => {
    expect(parseRetryVariables('{"n": 2, "name": "x"}')).toEqual({ n: 2, name: 'x' });
    expect(parseRetryVariables('  ')).toEqual({});
    expect(parseRetryVariables('{}')).toEqual({});
  });
  it('refuses anything else', () => {
    for (const text of ['[1]', '1', 'null', '"x"', '{n: 2}', '{"n": }']) {
      expect(parseRetryVariables(text)).toBeNull();
    }
  });
});
