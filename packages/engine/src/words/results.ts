/**
 * An order's result in a few plain words, short enough for an inlay hint, the
 * numbers kept: `bounced by A gal (1 against 1)`, `dislodged by A bud - rum
 * (2 against 1)`, `cut by A ser - tri`, `a fleet cannot enter Munich (inland)`.
 * The adjudicator's full sentence stays in `OrderResult.detail` (for hover).
 */
import type { Reason } from '../adjudicate/reasons.js';
import { REASONS } from '../adjudicate/reasons.js';
import type { OrderResult, ResultUnit } from '../adjudicate/result.js';
import type { Board } from '../board/board.js';
import type { Order } from '../orders/order.js';
import { say } from './messages.js';
import type { Namer } from './namer.js';

/** A unit a result names: `A gal`, or its move (`A bud - rum`) in the namer's notation. */
function unitWords(u: ResultUnit, names: Namer): string {
  if (u.to === undefined) return names.unit(u);
  const power = '';
  return names.order({ type: 'move', power, unit: { kind: u.kind, at: u.at }, to: u.to, viaConvoy: false });
}

function isReason(r: string | undefined): r is Reason {
  return r !== undefined && Object.hasOwn(REASONS, r);
}

/** `wrong-unit-kind` for an order that takes a unit somewhere it cannot stand: the place and its terrain. */
function cannotStand(order: Order, board: Board): { to: string; kind: 'army' | 'fleet'; terrain: 'inland' | 'sea' | 'coast'; build: boolean } | undefined {
  const to = order.type === 'move' || order.type === 'retreat' ? order.to : order.type === 'support' ? order.to : order.type === 'build' ? order.at : undefined;
  if (to === undefined) return undefined;
  const province = board.config.provinces.find((p) => p.id === to.split('/')[0]);
  if (!province) return undefined;
  const terrain = province.terrain === 'land' ? 'inland' : province.terrain === 'sea' ? 'sea' : 'coast';
  // Only an army on the sea or a fleet inland is refused for its kind, so the terrain tells the kind.
  const kind = terrain === 'inland' ? 'fleet' : terrain === 'sea' ? 'army' : undefined;
  if (kind === undefined) return undefined;
  return { to, kind, terrain, build: order.type === 'build' };
}

/** The result in plain words, without the status (`bounced by A gal (1 against 1)`); `succeeds` words for a success. */
export function resultWords(result: Pick<OrderResult, 'order' | 'status' | 'reason' | 'facts'>, names: Namer, board?: Board): string {
  const m = names.messages;
  const t = m.text;
  const f = result.facts;
  if (f?.kind === 'bounced') {
    const values = { attack: f.attack, against: f.against };
    return f.by.length === 0 ? say(t.bounced, values) : say(t.bouncedBy, { ...values, by: f.by.map((u) => unitWords(u, names)).join(t.listJoin) });
  }
  if (f?.kind === 'dislodged') return say(t.dislodgedBy, { by: unitWords(f.by, names), attack: f.attack, against: f.against });
  if (f?.kind === 'cut') return say(t.cutBy, { by: unitWords(f.by, names) });
  if (result.reason === 'wrong-unit-kind' && board) {
    const c = cannotStand(result.order, board);
    if (c) {
      const values = { aKind: c.kind === 'fleet' ? t.aFleet : t.anArmy, place: names.placeName(c.to), placeTo: names.placeName(c.to, 'to'), terrain: t[c.terrain] };
      return say(c.build ? t.cannotBuild : t.cannotEnter, values);
    }
  }
  if (isReason(result.reason)) return m.reasons[result.reason];
  return result.reason ?? t[result.status];
}

/** The status and the words: `fails: bounced by A gal (1 against 1)`, `succeeds`. */
export function statusWords(result: Pick<OrderResult, 'order' | 'status' | 'reason' | 'facts'>, names: Namer, board?: Board): string {
  const t = names.messages.text;
  if (result.status === 'succeeds' && result.reason === undefined) return t.succeeds;
  return say(t.statusWords, { status: t[result.status], words: resultWords(result, names, board) });
}
