/**
 * The header's statements (`variant`, `edition`, `rule`, `seed`, `player`, `language`) and the
 * phase name of a `position` or `phase` line.
 */
import { didYouMeanOf, quoted, SEED_FIELD, YEAR_FIELD } from '@dipforge/engine/config';
import { suggestionsFor } from '../map/expected.js';
import type * as G from './ast.js';
import { PHASE_KINDS } from './keywords.js';
import type { LineReader } from './line-reader.js';
import { splitCommas, type Tok } from './tokens.js';

/** Adds a header statement to `header` (or reports the line). */
export function readHeader(r: LineReader, header: G.HeaderStmt[], kw: string, toks: Tok[], lineEnd: number): void {
  const first = toks[0] as Tok;
  const range = r.range(first.start, lineEnd);
  const rest = toks.slice(1);
  const extra = (from: number, what: string): void => {
    const t = rest[from];
    if (t) r.report('gameSyntax', t.start, lineEnd, `Unexpected text after ${what}`);
  };
  switch (kw) {
    case 'variant': {
      const t = rest[0];
      if (t?.kind === 'string') {
        header.push({ kind: 'Variant', path: { value: t.text, range: r.range(t.start, t.end) }, range });
      } else if (t?.kind === 'word') {
        header.push({ kind: 'Variant', name: r.word(t), range });
      } else {
        r.report('gameSyntax', first.start, lineEnd, 'Expected variant NAME or variant "path.dipmap"');
        return;
      }
      extra(1, 'the variant');
      return;
    }
    case 'edition': {
      const t = rest[0];
      if (!t || (t.kind !== 'word' && t.kind !== 'number')) {
        r.report('gameSyntax', first.start, lineEnd, 'Expected edition NAME, e.g. edition 2000');
        return;
      }
      header.push({ kind: 'Edition', name: r.word(t), range });
      extra(1, 'the edition');
      return;
    }
    case 'rule': {
      const key = rest[0];
      if (!key || key.kind !== 'word') {
        r.report('gameSyntax', first.start, lineEnd, 'Expected rule OPTION VALUE, e.g. rule convoy-paradox 1982');
        return;
      }
      const values: G.ValueLit[] = [];
      const items = splitCommas(rest.slice(1), key.end).map((i) => i.toks);
      for (const item of items) {
        const v = item[0];
        if (!v || v.kind === 'punct' || item.length > 1) {
          const at = v ?? key;
          r.report('gameSyntax', at.start, item.length > 0 ? (item[item.length - 1] as Tok).end : lineEnd, 'A rule value is one name, number or string');
          return;
        }
        const valueRange = r.range(v.start, v.end);
        if (v.kind === 'number') values.push({ kind: 'number', value: Number(v.text), text: v.text, range: valueRange });
        else if (v.kind === 'string') values.push({ kind: 'string', value: v.text, text: r.text.slice(v.start, v.end), range: valueRange });
        else values.push({ kind: 'name', value: v.text.toLowerCase(), text: v.text, range: valueRange });
      }
      if (values.length === 0) {
        r.report('gameSyntax', first.start, lineEnd, `The rule ${quoted(key.text)} needs a value`);
        return;
      }
      header.push({ kind: 'Rule', key: r.word(key), values, range });
      return;
    }
    case 'seed': {
      const t = rest[0];
      if (!t || t.kind !== 'number') {
        r.report('gameSyntax', first.start, lineEnd, 'Expected seed N, a whole number');
        return;
      }
      if (!r.numberFits(t, SEED_FIELD)) return;
      header.push({ kind: 'Seed', value: { value: Number(t.text), text: t.text, range: r.range(t.start, t.end) }, range });
      extra(1, 'the seed');
      return;
    }
    case 'player': {
      const nameAt = rest.findIndex((t) => t.kind === 'string');
      const powerToks = rest.slice(0, nameAt < 0 ? rest.length : nameAt);
      const name = nameAt >= 0 ? rest[nameAt] : undefined;
      if (powerToks.length === 0 || powerToks.some((t) => t.kind !== 'word') || !name) {
        r.report('gameSyntax', first.start, lineEnd, 'Expected player POWER "Name"');
        return;
      }
      header.push({ kind: 'Player', power: r.words(powerToks), name: { value: name.text, range: r.range(name.start, name.end) }, range });
      extra(nameAt + 1, 'the player name');
      return;
    }
    case 'language': {
      const tag = rest[0];
      const forAt = rest.findIndex((t) => t.kind === 'word' && t.text.toLowerCase() === 'for');
      const powers = forAt === 1 ? r.powerNames(rest.slice(2), (rest[1] as Tok).end) : forAt < 0 ? [] : undefined;
      if (!tag || tag.kind !== 'word' || (forAt < 0 && rest.length > 1) || !powers) {
        r.report('gameSyntax', first.start, lineEnd, 'Expected language TAG (zh, ja, fi, en) or language TAG for POWER, POWER, …');
        return;
      }
      header.push({ kind: 'Language', language: r.word(tag), powers, range });
      return;
    }
  }
}

export function phaseName(r: LineReader, toks: Tok[], lineEnd: number, what: string): G.PhaseName | undefined {
  const first = toks[0] as Tok;
  const rest = toks.slice(1);
  const usage = `Expected ${what} SEASON YEAR PHASE, e.g. ${what} spring 1901 movement`;
  if (rest.length < 3) {
    r.report('gameSyntax', first.start, lineEnd, usage);
    return undefined;
  }
  const [a, b, c] = rest as [Tok, Tok, Tok];
  let season: Tok;
  let year: Tok;
  if (a.kind === 'word' && b.kind === 'number') [season, year] = [a, b];
  else if (a.kind === 'number' && b.kind === 'word') [season, year] = [b, a];
  else {
    r.report('gameSyntax', a.start, lineEnd, usage);
    return undefined;
  }
  if (c.kind !== 'word') {
    r.report('gameSyntax', c.start, lineEnd, usage);
    return undefined;
  }
  if (!r.numberFits(year, YEAR_FIELD)) return undefined;
  if (rest[3]) r.report('gameSyntax', rest[3].start, lineEnd, `Unexpected text after the phase`);
  const kind: G.Word & { phase?: G.PhaseKindName } = r.word(c);
  const phase = PHASE_KINDS[kind.value];
  if (phase) kind.phase = phase;
  else {
    const near = suggestionsFor(c.text, Object.keys(PHASE_KINDS));
    r.report('invalidValue', c.start, c.end, `${quoted(c.text)} is no phase kind: write movement, retreat or adjustment${didYouMeanOf(near)}`, near);
  }
  return {
    season: r.word(season),
    year: { value: Number(year.text), text: year.text, range: r.range(year.start, year.end) },
    kind,
    range: r.range(season.start < year.start ? season.start : year.start, c.end),
  };
}
