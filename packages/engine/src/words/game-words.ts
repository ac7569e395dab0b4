/** Phases and the result of a game in a report's language (see `messages.ts`). */
import type { Phase } from '../game/position.js';
import type { GameOutcome } from '../victory/outcome.js';
import { PHASE_KINDS, SEASONS, say, type PhaseKindWord, type Season } from './messages.js';
import type { Namer } from './namer.js';

const isSeason = (s: string): s is Season => (SEASONS as readonly string[]).includes(s);
const isKind = (s: string): s is PhaseKindWord => (PHASE_KINDS as readonly string[]).includes(s);

/** `spring 1901 movement`, `1901年春季移动`, `kevät 1901, liikkeet`; a season the tables do not know prints as written. */
export function phaseWords(phase: Phase, names: Pick<Namer, 'messages'>): string {
  const m = names.messages;
  const season = isSeason(phase.season) ? m.seasons[phase.season] : phase.season;
  const kind = isKind(phase.kind) ? m.phaseKinds[phase.kind] : phase.kind;
  return say(m.text.phase, { season, year: phase.year, kind }).replace(/\s+,/g, ',').replace(/\s{2,}/g, ' ').trim();
}

/** The powers of a list, joined with the language's "and". */
export function powerList(powers: readonly string[], names: Namer): string {
  return powers.map((p) => names.power(p)).join(names.messages.text.and);
}

/** How the game stands or ended: `FRA won alone with 18 centres in 1907`. */
export function outcomeWords(o: GameOutcome, names: Namer): string {
  const t = names.messages.text;
  const who = powerList(o.winners, names);
  const year = o.year;
  switch (o.kind) {
    case 'solo':
      return say(t.solo, { who, centres: o.centres[o.winners[0]!] ?? 0, year });
    case 'leader':
      return say(t.leader, { who, year });
    case 'alliance':
      return say(t.alliance, { who, centres: o.winners.reduce((n, p) => n + (o.centres[p] ?? 0), 0), year });
    case 'shared':
      return say(t.shared, { who, year });
    case 'draw':
      return say(t.draw, { who: o.winners.map((p) => names.power(p)).join(t.listJoin), year });
    case 'concession':
      return say(t.concession, { who, year });
    case 'ended':
      return say(t.endedWithout, { year });
    default:
      return o.extended ? say(t.tie, { who: o.contenders.map((c) => powerList(c.powers, names)).join(t.listJoin) }) : t.goesOn;
  }
}
