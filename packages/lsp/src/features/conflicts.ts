/**
 * Rule options that conflict (DF2014), work together only in part (DF8008)
 * or have no effect (DF8007): what docs/RULES.md, "Options that conflict",
 * says of each combination, for the hover on the line the diagnostic is on.
 * The diagnostic's message tells which combination it is (the messages of
 * `packages/dsl/src/map/rule-conflicts.ts`); the texts here are the
 * document's own (a test checks that each one is in docs/RULES.md).
 */

export const CONFLICT_CODES = new Set(['DF2014', 'DF8008', 'DF8007']);

export interface ConflictDoc {
  code: 'DF2014' | 'DF8008' | 'DF8007';
  /** Matches the diagnostic's message. */
  message: RegExp;
  /** The first column of the document's table: the combination, or the option. */
  combination: string;
  /** The second: why (DF2014), what happens (DF8008), ignored when (DF8007). */
  explanation: string;
}

export const CONFLICT_DOCS: readonly ConflictDoc[] = [
  {
    code: 'DF2014',
    message: /^retreats phase needs a retreat phase/,
    combination:
      '`retreats phase` in a year with a movement phase that no retreat phase follows (`year-shape postal`; a `custom` year such as `spring-movement, fall-movement, fall-retreat, winter-adjustment`)',
    explanation: 'A separate retreat phase is promised but never comes: write `retreats priority-list` (000 §10), or add the retreat phase.',
  },
  {
    code: 'DF2014',
    message: /^adjustments phase needs an adjustment phase/,
    combination: '`adjustments phase` in a year without an adjustment phase (`postal`, or a `custom` year without one)',
    explanation: 'No unit would ever be built or removed: write `adjustments priority-list` (000 §11).',
  },
  {
    code: 'DF2014',
    message: /^adjustments priority-list: the build and disband lists/,
    combination: '`adjustments priority-list` with `retreats phase` in a year that has a retreat phase after the fall movement (`five-phase`)',
    explanation:
      'The lists are carried out with the fall movement only when its retreats are too, so they would never count: write `retreats priority-list` as well, or `adjustments phase`.',
  },
  {
    code: 'DF2014',
    message: /^custom-phases lists no movement phase/,
    combination: '`year-shape custom` whose `custom-phases` has no movement phase',
    explanation: 'A year needs one.',
  },
  {
    code: 'DF2014',
    message: /^alliance-victory with victory-ties shared/,
    combination: '`alliance-victory` (a number or `solo-threshold`) with `victory-ties shared`',
    explanation:
      'Two alliances, or an alliance and a power, meeting a condition at once would share the win, so more than two powers would win together, which an alliance victory rules out (000 §4b). Write `victory-ties extend` (000 §4).',
  },
  {
    code: 'DF8008',
    message: /^retreats priority-list in /,
    combination: '`retreats priority-list` in a year with retreat phases (priority retreat lists under a five-phase year)',
    explanation:
      'Each movement carries out its retreats at once by the lists (else `retreat-default`), so the retreat phases never have anything to do. The old rules\' year without them is `year-shape postal`.',
  },
  {
    code: 'DF8008',
    message: /^adjustments priority-list in /,
    combination: '`adjustments priority-list`, carried out by the fall movement, in a year with an adjustment phase',
    explanation: 'The fall movement carries out the build and disband lists, so the adjustment phase never has anything to do.',
  },
  { code: 'DF8007', message: /^custom-phases is ignored/, combination: '`custom-phases`', explanation: '`year-shape` is not `custom`.' },
  {
    code: 'DF8007',
    message: /^(excess-builds|same-province-builds|excess-disbands) is ignored/,
    combination: '`excess-builds`, `same-province-builds`, `excess-disbands`',
    explanation: '`adjustments priority-list` in a year without an adjustment phase: lists always count from their first entry.',
  },
  { code: 'DF8007', message: /^solo-beats-alliance is ignored/, combination: '`solo-beats-alliance`', explanation: '`alliance-victory off`.' },
  {
    code: 'DF8007',
    message: /^alliance-bonus is ignored/,
    combination: '`alliance-bonus`',
    explanation: '`alliance-victory off`, or `scoring` is not `centres-plus-bonus`.',
  },
  { code: 'DF8007', message: /^solo-bonus is ignored/, combination: '`solo-bonus`', explanation: '`scoring` is not `centres-plus-bonus`.' },
  {
    code: 'DF8007',
    message: /^(via-convoy-fallback|support-cut-via-convoy) is ignored/,
    combination: '`via-convoy-fallback true`, `support-cut-via-convoy cut`',
    explanation:
      '`convoy-to-adjacent swap-only`: the 1971 swap rule knows no "via convoy", and an army attacking the supporter moves by land (DATC 4.A.3, 4.A.4).',
  },
];

const HEADINGS: Record<ConflictDoc['code'], string> = {
  DF2014: 'options that cannot work together (error)',
  DF8008: 'options that work together only in part (warning)',
  DF8007: 'an option that has no effect (warning)',
};

/** The hover text for rule-conflict diagnostics on one line: the message, then what docs/RULES.md says of it. */
export function conflictText(diagnostics: readonly { code?: string | number | undefined; message: string }[]): string | undefined {
  const parts: string[] = [];
  for (const d of diagnostics) {
    const code = String(d.code ?? '');
    if (!CONFLICT_CODES.has(code)) continue;
    const known = CONFLICT_DOCS.find((c) => c.code === code && c.message.test(d.message));
    const lines = [`**${code}**, ${HEADINGS[code as ConflictDoc['code']]}: ${d.message}`];
    if (known) {
      const label = code === 'DF2014' ? 'why' : code === 'DF8008' ? 'what happens' : 'ignored when';
      lines.push(`docs/RULES.md, "Options that conflict": ${known.combination}; ${label}: ${known.explanation}`);
    }
    parts.push(lines.join('\n\n'));
  }
  return parts.length > 0 ? parts.join('\n\n---\n\n') : undefined;
}
