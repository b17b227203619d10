import { describe, expect, it } from 'vitest';
import zhCN from '@/locales/zh-CN';
import { BUILTIN_ROLES, roleName } from './roles';

const zh = (id: string) => (zhCN as Record<string, string>)[id] ?? id;

describe('roleName', () => {
  it('translates every built-in role still under its seeded name', () => {
    for (const [code, name] of Object.entries(BUILTIN_ROLES)) {
      const shown = roleName({ code, name }, zh);
      expect(shown).not.toBe(name);
      expect(shown).toBe(zh(`role.${code}`));
    }
    expect(roleName({ code: 'merchant_admin', name: 'Merchant administrator' }, zh)).toBe('商户管理员');
  });

  it('keeps a renamed built-in role and a merchant role as named', () => {
    expect(roleName({ code: 'waiter', name: 'Front of house' }, zh)).toBe('Front of house');
    expect(roleName({ code: 'bar_staff', name: 'Bar staff' }, zh)).toBe('Bar staff');
  });
});
