/**
 * formatLocalizedOrder: an order printed in a language with its vocabulary's
 * templates and the variant's names in that language (the display name where the
 * variant gives none), so that the localized reader reads it back to the same order.
 */
import type { Board } from '../../board/board.js';
import { formatOrder, type FormatOptions } from '../format.js';
import type { BuildEntry, Order, RetreatList, UnitRef } from '../order.js';
import { inflectName } from './inflect.js';
import { orderVocabulary } from './languages/index.js';
import type { Templates, Vocabulary } from './vocabulary.js';

type Slot = keyof NonNullable<Templates['placeCase']>;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/gu, (_, key: string) => values[key] ?? '').replace(/ {2,}/gu, ' ').trim();
}

class Printer {
  constructor(
    private readonly board: Board,
    private readonly v: Vocabulary,
  ) {}

  private get t(): Templates {
    return this.v.print;
  }

  private provinceName(id: string, slot?: Slot): string {
    const p = this.board.config.provinces.find((x) => x.id === id);
    if (p === undefined) return id;
    const own = p.names?.[this.v.language]?.[0];
    const caseName = slot === undefined ? undefined : this.t.placeCase?.[slot];
    if (own !== undefined && caseName !== undefined && this.v.inflection !== undefined) return inflectName(own, caseName, this.v.inflection);
    return own ?? p.name;
  }

  place(loc: string, slot?: Slot): string {
    const [province = loc, coast] = loc.split('/');
    const name = this.provinceName(province, slot);
    if (coast === undefined) return name;
    const c = this.board.config.provinces.find((x) => x.id === province)?.coasts?.find((x) => x.id === coast);
    const coastName = c?.names?.[this.v.language]?.[0] ?? this.v.coastNames[coast] ?? coast;
    return fill(this.t.coastPlace, { place: name, coast: coastName });
  }

  powerName(id: string): string {
    const p = this.board.config.powers.find((x) => x.id === id);
    return p?.names?.[this.v.language]?.[0] ?? p?.name ?? id;
  }

  unit(ref: Pick<UnitRef, 'kind' | 'at' | 'power'>, slot?: Slot): string {
    const values = { kind: ref.kind === undefined ? '' : this.v.kinds[ref.kind], place: this.place(ref.at, slot) };
    if (ref.power === undefined) return fill(this.t.unit, values);
    return fill(this.t.foreignUnit, { ...values, power: this.powerName(ref.power) });
  }

  private retreat(list: RetreatList | undefined): string {
    if (list === undefined) return '';
    const places = list.to.map((p) => this.place(p));
    if (list.otherwise === 'disband') places.push(this.t.retreatDisband);
    return this.t.retreatList.replace('{places}', places.join(this.t.listJoin));
  }

  private buildEntry(entry: BuildEntry): string {
    return fill(this.t.buildEntry, { kind: entry.kind === undefined ? '' : this.v.kinds[entry.kind], place: this.place(entry.at) });
  }

  body(order: Order): string {
    const t = this.t;
    switch (order.type) {
      case 'hold':
        return fill(t.hold, { unit: this.unit(order.unit) }) + this.retreat(order.retreat);
      case 'move': {
        const unit = this.unit(order.unit);
        const to = this.place(order.to, 'to');
        if (order.path !== undefined && order.path.length > 0) {
          const path = order.path.map((p) => fill(t.pathItem, { place: this.place(p, 'path') })).join(t.pathJoin);
          return fill(t.movePath, { unit, path, to }) + this.retreat(order.retreat);
        }
        return fill(order.viaConvoy ? t.moveViaConvoy : t.move, { unit, to }) + this.retreat(order.retreat);
      }
      case 'support': {
        const values = { unit: this.unit(order.unit), supported: this.unit(order.supported) };
        if (order.to === undefined) return fill(t.supportHold, values) + this.retreat(order.retreat);
        return fill(t.supportMove, { ...values, to: this.place(order.to, 'to') }) + this.retreat(order.retreat);
      }
      case 'convoy':
        return fill(t.convoy, { unit: this.unit(order.unit), army: this.unit(order.army, 'army'), to: this.place(order.to, 'to') }) + this.retreat(order.retreat);
      case 'retreat':
        return fill(t.retreat, { unit: this.unit(order.unit), to: this.place(order.to, 'to') });
      case 'disband':
        return fill(t.disband, { unit: this.unit(order.unit) });
      case 'build':
        if (order.kind === undefined) return fill(t.buildPlace, { place: this.place(order.at, 'build') });
        return fill(t.build, { kind: this.v.kinds[order.kind], place: this.place(order.at, 'build') });
      case 'waive':
        return t.waive;
      case 'build-list':
        return fill(t.buildList, { entries: order.builds.map((b) => this.buildEntry(b)).join(t.listJoin) });
      case 'disband-list':
        return fill(t.disbandList, { entries: order.units.map((u) => this.unit(u)).join(t.listJoin) });
    }
  }
}

/** The order in the language; the canonical notation (`formatOrder`) for a language without a vocabulary. */
export function formatLocalizedOrder(board: Board, language: string, order: Order, options: FormatOptions = {}): string {
  const vocabulary = orderVocabulary(language);
  if (vocabulary === undefined) return formatOrder(order, options);
  const printer = new Printer(board, vocabulary);
  let text = printer.body(order);
  if (options.power === true) text = vocabulary.print.power.replace('{power}', printer.powerName(order.power)) + text;
  if (vocabulary.print.capitalize === true) text = text.charAt(0).toUpperCase() + text.slice(1);
  return text;
}
