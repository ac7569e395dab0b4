/**
 * The orders a player may give by clicking the board: for a game document, the
 * phase drawn at a position (as the board follows the cursor) and a province,
 * the legal orders of what stands there, from the engine's `legalOrders`:
 * a unit's holds, moves (also by convoy), supports and convoys in a movement
 * phase; a dislodged unit's retreats and disband; builds on a free build site
 * and removals in an adjustment phase. In the fall of a postal year (builds and
 * disbands written with the movement orders as lists) a home centre offers the
 * entries of its power's build list and a unit the entry of its disband list:
 * which entries count is decided only after the fall, so every home centre and
 * every unit may be listed. Where retreats are written in advance too (the
 * old rules' retreat lists, `A mun H retreat ber, kie`), a unit offers an entry
 * of its retreat list for each province it could retreat to if dislodged (its
 * moves without a convoy) and a closing `disband`.
 *
 * Each option carries the order in the canonical notation (`formatOrder`),
 * which is also what `writeOrder` takes back and checks against this list.
 */
import type { GameAst } from '@dipforge/dsl';
import {
  formatOrder,
  inAdvance,
  legalOrders,
  type Board,
  type Order,
  type Phase,
  type Position,
  type RuleOptions,
  type UnitKind,
  type VariantConfig,
} from '@dipforge/engine';
import type { Position as LspPosition } from 'vscode-languageserver';
import { phaseUnder } from '../board.js';
import { base, cached, phaseLabel, unitText } from '../context.js';
import type { GameDoc } from '../workspace.js';

/** One order the board may write, with what the player clicks to choose it. */
export interface ClickOrder {
  /** The order in the canonical notation (`A par - bur`): what `dipforge/writeOrder` takes. */
  order: string;
  type: 'hold' | 'move' | 'support' | 'convoy' | 'retreat' | 'disband' | 'build' | 'waive';
  /** The province clicked last to choose it: a move's or retreat's destination, a supported move's or convoy's target (a support to hold: the supported unit's own province), a build site. */
  to?: string;
  /** The location when it names a coast (`spa/nc`). */
  coast?: string;
  /** The province of the supported unit or of the convoyed army. */
  unit?: string;
  /** A move only by convoy (`via convoy`). */
  via?: boolean;
  /** The kind a build makes. */
  kind?: UnitKind;
  /** An entry of the power's build or disband list (the fall of a postal year), or of the unit's retreat list (a movement phase of the old rules). */
  list?: 'build' | 'disband' | 'retreat';
}

export interface OrdersAtResult {
  uri: string;
  /** The phase drawn (`spring 1901 movement`). */
  phase: string | null;
  province: string;
  /** The power whose order it is (null: nothing to order there). */
  power: string | null;
  /** The unit ordered (null for a build site). */
  unit: { kind: UnitKind; at: string; power: string } | null;
  orders: ClickOrder[];
  /** Why there is nothing to order. */
  message?: string;
}

/** What the options are computed from: the phase drawn and its rules. */
export interface Drawn {
  board: Board;
  config: VariantConfig;
  rules: RuleOptions;
  phase: Phase;
  position: Position;
  /** `s3` (the fourth phase section) or `start`. */
  key: string;
}

export function drawnAt(doc: GameDoc, at: LspPosition | undefined): Drawn | undefined {
  if (!doc.board || !doc.config) return undefined;
  const drawn = phaseUnder(doc, doc.lines.offsetAt(at ?? { line: 0, character: 0 }));
  if (!drawn) return undefined;
  const rules = doc.run.rules ?? doc.config.rules;
  return { board: doc.board, config: doc.config, rules, phase: drawn.phase, position: drawn.position, key: drawn.key };
}

/** The option of one engine order. */
export function clickOrder(o: Order): ClickOrder | undefined {
  const order = formatOrder(o);
  const coastOf = (loc: string) => (loc.includes('/') ? { coast: loc } : {});
  switch (o.type) {
    case 'hold':
      return { order, type: 'hold', to: base(o.unit.at) };
    case 'move':
      return { order, type: 'move', to: base(o.to), ...coastOf(o.to), ...(o.viaConvoy ? { via: true } : {}) };
    case 'support':
      return { order, type: 'support', unit: base(o.supported.at), to: base(o.to ?? o.supported.at), ...(o.to ? coastOf(o.to) : {}) };
    case 'convoy':
      return { order, type: 'convoy', unit: base(o.army.at), to: base(o.to) };
    case 'retreat':
      return { order, type: 'retreat', to: base(o.to), ...coastOf(o.to) };
    case 'disband':
      return { order, type: 'disband' };
    case 'build':
      return { order, type: 'build', to: base(o.at), ...coastOf(o.at), ...(o.kind ? { kind: o.kind } : {}) };
    case 'waive':
      return { order, type: 'waive' };
    default:
      return undefined;
  }
}

/** An option with the engine's order it writes. */
export interface Option {
  click: ClickOrder;
  order: Order;
}

/** The builds a postal build list may name at a home centre: an army on land, a fleet on each coast. */
function listBuilds(config: VariantConfig, province: string, power: string): Option[] {
  const p = config.provinces.find((x) => x.id === province);
  if (!p || p.impassable) return [];
  const out: Option[] = [];
  const entry = (kind: UnitKind, at: string): Option => {
    const order: Order = { type: 'build', power, kind, at };
    return { order, click: { order: formatOrder(order), type: 'build', to: province, ...(at.includes('/') ? { coast: at } : {}), kind, list: 'build' } };
  };
  if (p.terrain !== 'sea') out.push(entry('army', p.id));
  if (p.terrain !== 'land') {
    if (p.coasts && p.coasts.length > 0) for (const c of p.coasts) out.push(entry('fleet', `${p.id}/${c.id}`));
    else out.push(entry('fleet', p.id));
  }
  return out;
}

/**
 * The entries a unit's retreat list may name: each province its moves without
 * a convoy reach (a retreat goes where the unit could move, 000 §10), then
 * `disband`. Each is written as a hold with that one entry; writeOrder puts the
 * entry into the unit's own order instead.
 */
function retreatEntries(own: readonly Option[], power: string, unit: { kind: UnitKind; at: string }): Option[] {
  const out: Option[] = [];
  const seen = new Set<string>();
  for (const o of own) {
    if (o.order.type !== 'move' || o.order.viaConvoy || seen.has(o.order.to)) continue;
    seen.add(o.order.to);
    const order: Order = { type: 'hold', power, unit, retreat: { to: [o.order.to], otherwise: 'default' } };
    out.push({ order, click: { order: formatOrder(order), type: 'retreat', to: base(o.order.to), ...(o.order.to.includes('/') ? { coast: o.order.to } : {}), list: 'retreat' } });
  }
  const disband: Order = { type: 'hold', power, unit, retreat: { to: [], otherwise: 'disband' } };
  out.push({ order: disband, click: { order: formatOrder(disband), type: 'disband', list: 'retreat' } });
  return out;
}

/** The legal orders at a province of the phase drawn. */
export function ordersAt(doc: GameDoc, at: LspPosition | undefined, province: string): OrdersAtResult {
  return optionsAt(doc, at, province).result;
}

/** The same, with the engine's order of each option and the phase drawn. */
export function optionsAt(doc: GameDoc, at: LspPosition | undefined, province: string): { result: OrdersAtResult; options: Option[]; drawn?: Drawn } {
  const d = drawnAt(doc, at);
  const prov = base(province.trim().toLowerCase()).slice(0, 60);
  const none = (message: string, phase: string | null = null) => ({
    result: { uri: doc.uri, phase, province: prov, power: null, unit: null, orders: [], message } as OrdersAtResult,
    options: [] as Option[],
    ...(d ? { drawn: d } : {}),
  });
  if (!d) return none('The game has no position to order from (see the problems)');
  const phase = phaseLabel(d.phase);
  if (!d.board.provinceIds.includes(prov)) return none(`'${prov.slice(0, 40)}' is no province of ${d.config.name}`, phase);
  let legal: ReturnType<typeof legalOrders>;
  try {
    legal = cached(doc, `legal:${d.key}`, () => legalOrders(d.board, d.position, d.rules));
  } catch {
    return none('The position of this phase cannot be ordered from (see the problems)', phase);
  }
  const options = (key: string): Option[] =>
    (legal.get(key) ?? []).flatMap((order) => {
      const click = clickOrder(order);
      return click ? [{ click, order }] : [];
    });
  const kind = d.phase.kind;
  const result = (unit: OrdersAtResult['unit'], power: string, list: Option[]) => {
    if (list.length === 0) return none(`Nothing to order in ${prov} in ${phase}`, phase);
    return { result: { uri: doc.uri, phase, province: prov, power, unit, orders: list.map((o) => o.click) }, options: list, drawn: d };
  };

  if (kind === 'retreat') {
    const u = d.position.dislodged.find((x) => base(x.at) === prov);
    if (!u) return none(`No dislodged unit in ${prov} in ${phase}`, phase);
    return result({ kind: u.kind, at: u.at, power: u.power }, u.power, options(u.at));
  }
  const u = d.position.units.find((x) => base(x.at) === prov);
  if (kind === 'adjustment') {
    if (u) return result({ kind: u.kind, at: u.at, power: u.power }, u.power, options(u.at));
    const builds = options(prov);
    const power = (legal.get(prov) ?? [])[0]?.power;
    if (!power) return none(`${prov} is no free build site of a power that may build in ${phase}`, phase);
    return result(null, power, [...builds, ...options(power)]);
  }
  const plan = inAdvance(d.board, d.rules, d.phase);
  const postalFall = plan.adjustments;
  if (u) {
    const own = options(u.at);
    if (plan.retreatLists) own.push(...retreatEntries(own, u.power, { kind: u.kind, at: u.at }));
    if (postalFall) {
      const order: Order = { type: 'disband', power: u.power, unit: { kind: u.kind, at: u.at } };
      own.push({ order, click: { order: `Disband ${unitText(u)}`, type: 'disband', list: 'disband' } });
    }
    return result({ kind: u.kind, at: u.at, power: u.power }, u.power, own);
  }
  if (postalFall) {
    const owner = d.config.powers.find((p) => p.home.includes(prov));
    if (owner) return result(null, owner.id, listBuilds(d.config, prov, owner.id));
  }
  return none(`No unit in ${prov} to order in ${phase}`, phase);
}

/** The order language a power writes in (`language TAG [for POWER]`; `en` the standard notation). */
export function powerLanguage(header: readonly GameAst.HeaderStmt[], power: string, powerOf: (w: GameAst.Word) => string | undefined): string {
  let game = 'en';
  let own: string | undefined;
  for (const h of header) {
    if (h.kind !== 'Language') continue;
    if (h.powers.length === 0) game = h.language.value;
    else if (h.powers.some((w) => powerOf(w) === power)) own = h.language.value;
  }
  return own ?? game;
}
