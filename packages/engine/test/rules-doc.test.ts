import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_KEYS, RULE_REGISTRY, defaultRuleOptions, type RuleOptionSpec } from '../src/config/index.js';
import { loadEditions, resolvedEditions } from './helpers/editions.js';

const DOC = readFileSync(new URL('../../../docs/RULES.md', import.meta.url), 'utf8');
const specs = RULE_REGISTRY as readonly RuleOptionSpec[];

interface Row {
  key: string;
  values: string;
  summary: string;
  editions: string;
  source: string;
}

/** The option rows of the big table: lines starting with "| `key` |". */
function optionRows(): Map<string, Row> {
  const rows = new Map<string, Row>();
  const section = DOC.split(/^## All options$/m)[1]?.split(/^## /m)[0] ?? '';
  for (const line of section.split('\n')) {
    const m = /^\| `([^`]+)` \|(.*)\|$/.exec(line);
    if (!m) continue;
    const cells = m[2]!.split(' | ').map((c) => c.trim());
    expect(cells, line).toHaveLength(4);
    const [values, summary, editions, source] = cells as [string, string, string, string];
    expect(rows.has(m[1]!), `duplicate row for ${m[1]}`).toBe(false);
    rows.set(m[1]!, { key: m[1]!, values, summary, editions, source });
  }
  return rows;
}

const text = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v));
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

describe('docs/RULES.md', () => {
  const rows = optionRows();
  const editionRows = new Set([...loadEditions().keys()]);

  it('has a row for every option and none for an unknown one', () => {
    expect([...rows.keys()]).toEqual([...RULE_KEYS]);
  });

  it('lists each option\'s values with the default in bold', () => {
    for (const s of specs) {
      const row = rows.get(s.key)!;
      const bold = [...row.values.matchAll(/\*\*`([^`]+)`\*\*/g)].map((m) => m[1]);
      expect(bold, `${s.key}: default in bold`).toEqual([text(s.default)]);
      const named = ticked(row.values).filter((v) => !/^-?\d+$/.test(v) || s.kind === 'enum');
      if (s.kind === 'enum') expect(named, s.key).toEqual(s.choices.map((c) => c.value));
      if (s.kind === 'integer-or-enum') {
        expect(named, s.key).toEqual(s.choices.map((c) => c.value));
        expect(row.values, s.key).toContain(`integer ≥ ${s.min}`);
      }
      if (s.kind === 'boolean') expect(named.sort(), s.key).toEqual(['false', 'true']);
      if (s.kind === 'integer') expect(row.values, s.key).toContain(`integer ≥ ${s.min}`);
    }
  });

  it('gives each option\'s summary and source as the registry does', () => {
    for (const s of specs) {
      const row = rows.get(s.key)!;
      expect(row.summary, s.key).toBe(s.summary);
      expect(row.source, s.key).toBe(s.source);
    }
  });

  it('names, for each option, exactly the editions whose value differs from 2023, with that value', () => {
    const editions = resolvedEditions();
    const base = defaultRuleOptions() as Record<string, unknown>;
    for (const s of specs) {
      if (s.key === 'edition') continue;
      const expected = [...editions]
        .filter(([, opts]) => text((opts as Record<string, unknown>)[s.key]) !== text(base[s.key]))
        .map(([name, opts]) => `${name}=${text((opts as Record<string, unknown>)[s.key])}`)
        .sort();
      const cell = rows.get(s.key)!.editions;
      const listed = [...cell.matchAll(/`([^`]+)`: `([^`]+)`/g)].map((m) => `${m[1]}=${m[2]}`).sort();
      expect(listed, s.key).toEqual(expected);
      if (expected.length === 0) expect(cell, s.key).toBe('—');
    }
  });

  it('describes every option in the details and lists every edition', () => {
    for (const k of RULE_KEYS) expect(DOC, k).toContain(`#### \`${k}\``);
    for (const e of editionRows) expect(DOC, e).toMatch(new RegExp(`^\\| \`${e}\` \\|`, 'm'));
  });
});
