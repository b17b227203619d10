/**
 * Field permissions of a task node applied to a form schema (pure; unit-tested):
 * read -> read-only (`x-pattern: readPretty`), hidden -> not shown (`x-display: none`),
 * write or unlisted -> editable (the server treats an unlisted field as writable).
 */
import type { FieldAccess } from '@/services/process';

export type { FieldAccess };
export type FieldPerms = Record<string, FieldAccess> | undefined;

export function applyFieldPerms(
  schema: Record<string, any>,
  perms: FieldPerms,
  readOnlyAll = false,
): Record<string, any> {
  const copy = JSON.parse(JSON.stringify(schema)) as Record<string, any>;
  const walk = (props: Record<string, any> | undefined) => {
    Object.entries(props ?? {}).forEach(([name, s]) => {
      if (!s || typeof s !== 'object') return;
      if (s.type === 'void' || (!s.type && s.properties)) {
        walk(s.properties);
        return;
      }
      const access = perms?.[name];
      if (access === 'hidden') {
        s['x-display'] = 'none';
      } else if (access === 'read' || readOnlyAll) {
        s['x-pattern'] = 'readPretty';
        delete s.required;
      } else {
        s['x-pattern'] = 'editable';
      }
    });
  };
  walk(copy.properties);
  return copy;
}
