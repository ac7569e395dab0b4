/**
 * Rule options that cannot work together, that work together only in part,
 * and options that have no effect with the others: the checks behind DF2014
 * (`ruleConflict`, an error), DF8008 (`rulePartial`, a warning) and DF8007
 * (`ruleIgnored`, a warning). `docs/RULES.md` ("Options that conflict")
 * lists them; this module is their one source.
 *
 * Pure: it sees resolved options and whether a file (rather than a built-in
 * edition) set each one; where to put the diagnostic is the resolver's job.
 */
import type { RuleKey, RuleOptions } from '@dipforge/engine/config';

export interface RuleConflict {
  /**
   * `conflict`: the options cannot work together (an error). `partial`: they work, but one makes part of
   * another pointless, which is rarely meant (a warning). `ignored`: an option has no effect (a warning).
   */
  kind: 'conflict' | 'partial' | 'ignored';
  /** The options involved. A conflict goes on the one set last; an ignored option on itself (the first key). */
  keys: RuleKey[];
  message: string;
}

type Kind = 'movement' | 'retreat' | 'adjustment';

interface YearShape {
  /** How the messages name the year: "a postal year", "the custom-phases year". */
  name: string;
  /** The keys that make the year what it is. */
  keys: RuleKey[];
  phases: { season: string; kind: Kind }[];
}

function yearShape(o: RuleOptions): YearShape {
  switch (o['year-shape']) {
    case 'postal':
      return {
        name: 'a postal year (spring and fall movement only)',
        keys: ['year-shape'],
        phases: [
          { season: 'spring', kind: 'movement' },
          { season: 'fall', kind: 'movement' },
        ],
      };
    case 'custom':
      return {
        name: `the year of custom-phases (${o['custom-phases'].join(', ')})`,
        keys: ['year-shape', 'custom-phases'],
        phases: o['custom-phases'].map((p) => {
          const dash = p.lastIndexOf('-');
          return { season: p.slice(0, dash), kind: p.slice(dash + 1) as Kind };
        }),
      };
    default:
      return {
        name: 'a five-phase year',
        keys: ['year-shape'],
        phases: [
          { season: 'spring', kind: 'movement' },
          { season: 'spring', kind: 'retreat' },
          { season: 'fall', kind: 'movement' },
          { season: 'fall', kind: 'retreat' },
          { season: 'winter', kind: 'adjustment' },
        ],
      };
  }
}

/**
 * The conflicts among `o`. `setInFile(key)` tells whether a map or game file
 * set the option (not only a built-in edition); options that are merely
 * ignored are reported only then.
 */
export function ruleConflicts(o: RuleOptions, setInFile: (key: RuleKey) => boolean = () => true): RuleConflict[] {
  const out: RuleConflict[] = [];
  const conflict = (keys: RuleKey[], message: string): void => void out.push({ kind: 'conflict', keys, message });
  const partial = (keys: RuleKey[], message: string): void => void out.push({ kind: 'partial', keys, message });
  const ignored = (key: RuleKey, message: string): void => {
    if (setInFile(key)) out.push({ kind: 'ignored', keys: [key], message });
  };

  // ---- the year. A movement phase with no retreat phase after it carries out its retreats at once, and the
  // build and disband lists are carried out with the movement after which the centres change owner, if its
  // retreats are carried out at once too (the engine's `inAdvance`, packages/engine/src/adjudicate/postal.ts).
  const year = yearShape(o);
  const phases = year.phases;
  const has = (kind: Kind): boolean => phases.some((p) => p.kind === kind);
  if (o['year-shape'] === 'custom' && !has('movement')) {
    conflict(['custom-phases', 'year-shape'], 'custom-phases lists no movement phase: a year needs at least one');
  }
  const after = (i: number): { season: string; kind: Kind } => phases[(i + 1) % phases.length]!;
  /** Whether the centres change owner after movement `i` (and its retreat phase, if one follows). */
  const ownersChangeAfter = (i: number): boolean => {
    const k = after(i).kind === 'retreat' ? i + 2 : i + 1;
    return has('adjustment') ? phases[k % phases.length]!.kind === 'adjustment' : k >= phases.length;
  };
  const movements = phases.flatMap((p, i) => (p.kind === 'movement' ? [i] : []));
  if (o.retreats === 'phase') {
    const bare = movements.filter((i) => after(i).kind !== 'retreat').map((i) => `${phases[i]!.season}-movement`);
    if (bare.length > 0 && has('movement')) {
      conflict(
        [...year.keys, 'retreats'],
        has('retreat')
          ? `retreats phase needs a retreat phase after every movement phase, but in ${year.name} none follows ${bare.join(', ')}: add one, or write retreats priority-list`
          : `retreats phase needs a retreat phase, but ${year.name} has none: write retreats priority-list (retreats written with the movement orders, 000 §10)`,
      );
    }
  }
  if (o.adjustments === 'phase' && !has('adjustment') && has('movement')) {
    conflict(
      [...year.keys, 'adjustments'],
      `adjustments phase needs an adjustment phase, but ${year.name} has none, so no unit would ever be built or removed: write adjustments priority-list (builds and disbands written with the fall orders, 000 §11)`,
    );
  }
  if (o.adjustments === 'priority-list' && has('movement')) {
    const carried = movements.some((i) => (o.retreats === 'priority-list' || after(i).kind !== 'retreat') && ownersChangeAfter(i));
    if (!carried) {
      conflict(
        [...year.keys, 'retreats', 'adjustments'],
        `adjustments priority-list: the build and disband lists are carried out with the fall movement only when its retreats are carried out at once too, but with retreats phase ${year.name} has a retreat phase after it, so the lists would never count: write retreats priority-list, or adjustments phase`,
      );
    }
  }
  // Lists in a year that has the phases too: they work (the movement carries out what the lists say), but
  // the phases never have anything to do: priority retreat lists under a five-phase year are rarely meant.
  if (o.retreats === 'priority-list' && has('retreat')) {
    partial(
      [...year.keys, 'retreats'],
      `retreats priority-list in ${year.name}: each movement carries out its retreats at once by the lists, so its retreat phases never have anything to do; the old rules' year without them is year-shape postal`,
    );
  }
  if (o.adjustments === 'priority-list' && has('adjustment') && has('movement')) {
    const carried = movements.some((i) => (o.retreats === 'priority-list' || after(i).kind !== 'retreat') && ownersChangeAfter(i));
    if (carried) {
      partial(
        [...year.keys, 'adjustments'],
        `adjustments priority-list in ${year.name}: the fall movement carries out the build and disband lists, so its adjustment phase never has anything to do; the old rules' year without it is year-shape postal`,
      );
    }
  }
  if (o['year-shape'] !== 'custom') {
    ignored('custom-phases', `custom-phases is ignored: year-shape is ${o['year-shape']}, not custom`);
  }

  // ---- priority lists always count from their first entry (000 §11): the excess rules are for adjustment phases
  if (o.adjustments === 'priority-list' && !has('adjustment')) {
    for (const key of ['excess-builds', 'same-province-builds', 'excess-disbands'] as const) {
      ignored(key, `${key} is ignored: with adjustments priority-list and no adjustment phase, build and disband lists always count from their first entry (000 §11)`);
    }
  }

  // ---- victory and scoring
  if (o['alliance-victory'] !== 'off' && o['victory-ties'] === 'shared') {
    conflict(
      ['alliance-victory', 'victory-ties'],
      'alliance-victory with victory-ties shared: two alliances (or an alliance and a power) meeting a condition at once would share the win, so more than two powers would win together, which an alliance victory rules out (000 §4b); write victory-ties extend (000 §4)',
    );
  }
  if (o['alliance-victory'] === 'off') {
    ignored('solo-beats-alliance', 'solo-beats-alliance is ignored: alliance-victory is off');
    ignored('alliance-bonus', 'alliance-bonus is ignored: alliance-victory is off');
  } else if (o.scoring !== 'centres-plus-bonus') {
    ignored('alliance-bonus', `alliance-bonus is ignored: scoring is ${o.scoring}, not centres-plus-bonus`);
  }
  if (o.scoring !== 'centres-plus-bonus') ignored('solo-bonus', `solo-bonus is ignored: scoring is ${o.scoring}, not centres-plus-bonus`);

  // ---- convoys: the 1971 swap rule knows no "via convoy" and no convoy into the supporter's own province (DATC 4.A.3, 4.A.4)
  if (o['convoy-to-adjacent'] === 'swap-only') {
    if (o['via-convoy-fallback']) ignored('via-convoy-fallback', 'via-convoy-fallback is ignored: convoy-to-adjacent swap-only knows no "via convoy" (DATC 4.A.3)');
    if (o['support-cut-via-convoy'] === 'cut') {
      ignored('support-cut-via-convoy', 'support-cut-via-convoy is ignored: under convoy-to-adjacent swap-only an army attacking the supporter moves by land (DATC 4.A.4)');
    }
  }
  return out;
}
