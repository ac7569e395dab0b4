#!/usr/bin/env node
// Regenerates `$defs.RuleOptions` of schema/variant-config.schema.json from the
// rule-option registry (the built dist/config/rules-schema.js), leaving the rest of the
// schema as written. Run after `tsc -b packages/engine`.
//
//   node packages/engine/scripts/gen-schema.mjs           rewrite the schema
//   node packages/engine/scripts/gen-schema.mjs --check   exit 1 if it is out of date
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const schemaUrl = new URL('../schema/variant-config.schema.json', import.meta.url);
const rulesUrl = new URL('../dist/config/rules-schema.js', import.meta.url);

let ruleOptionsSchema;
try {
  ({ ruleOptionsSchema } = await import(rulesUrl.href));
} catch (err) {
  console.error(`gen-schema: cannot load the built registry (${fileURLToPath(rulesUrl)}); build the engine first.`);
  console.error(String(err && err.message ? err.message : err));
  process.exit(2);
}

const schemaPath = fileURLToPath(schemaUrl);
const before = readFileSync(schemaPath, 'utf8');
const schema = JSON.parse(before);
schema.$defs = { ...schema.$defs, RuleOptions: ruleOptionsSchema() };
const after = JSON.stringify(schema, null, 2) + '\n';

if (process.argv.includes('--check')) {
  if (after !== before) {
    console.error('gen-schema: $defs.RuleOptions is out of date with the rule registry; run gen-schema.mjs.');
    process.exit(1);
  }
  console.log('gen-schema: schema is up to date.');
} else if (after === before) {
  console.log('gen-schema: schema already up to date.');
} else {
  // Write all of it or nothing: a temporary file renamed over the old one.
  const tmp = `${schemaPath}.tmp-${process.pid}`;
  writeFileSync(tmp, after);
  renameSync(tmp, schemaPath);
  console.log('gen-schema: wrote $defs.RuleOptions.');
}
