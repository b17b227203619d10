// Renders console/src/services/api.gen.d.ts from the committed OpenAPI snapshot
// console/src/services/openapi.json (written by `venue openapi`; see docs/console.md).
//   node scripts/gen-api-types.mjs          write the file
//   node scripts/gen-api-types.mjs --check  fail when the committed file is stale
// src/services/api.gen.test.ts runs the same check in `npm test`.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
export const SPEC = here('../src/services/openapi.json');
export const TYPES = here('../src/services/api.gen.d.ts');

/** The .d.ts openapi-typescript makes of the snapshot. */
export async function renderTypes(specText) {
  const spec = JSON.parse(specText ?? (await readFile(SPEC, 'utf8')));
  const ast = await openapiTS(spec, { silent: true });
  return (
    COMMENT_HEADER.replace(
      ' */',
      ' *\n * Generated from src/services/openapi.json by `npm run gen:api` (docs/console.md).\n */',
    ) + astToString(ast)
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const want = await renderTypes();
  if (process.argv.includes('--check')) {
    const have = await readFile(TYPES, 'utf8').catch(() => '');
    if (have !== want) {
      console.error(`${TYPES} is stale: run \`npm run gen:api\``);
      process.exit(1);
    }
  } else {
    await writeFile(TYPES, want);
    console.log(`wrote ${TYPES}`);
  }
}
