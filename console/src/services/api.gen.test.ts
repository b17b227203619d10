// The committed API types must be what openapi-typescript makes of the committed
// OpenAPI snapshot (cmd/venue's TestOpenAPISnapshotIsCurrent keeps the snapshot
// current with the Go types). Regenerate both with `npm run gen:api`.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { renderTypes, TYPES } from '../../scripts/gen-api-types.mjs';

describe('generated API types', () => {
  it('match src/services/openapi.json (run `npm run gen:api`)', async () => {
    const committed = await readFile(TYPES, 'utf8');
    const fresh: string = await renderTypes();
    // not toEqual on 20k lines: name the first stale line
    const a = committed.split('\n');
    const b = fresh.split('\n');
    let at = b.findIndex((line, i) => a[i] !== line);
    if (at === -1 && a.length !== b.length) at = b.length;
    expect(at === -1 ? 'current' : `stale from line ${at + 1}: ${b[at] ?? '(end)'}`).toBe('current');
  });
});
