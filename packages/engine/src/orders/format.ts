/**
 * formatOrder: the canonical notation of an order, the one parseOrder reads back
 * to the same order (`A par - bur`, `F nth C A lon - nwy`, `A mun S A ber`,
 * `Build F lon`, `A mun H retreat ber, kie`, `Build F ven, A rom`, `Disband A sil, A ber`). Ids only, so it reads the same in every language.
 */
import type { BuildEntry, Order, RetreatList, UnitRef } from './order.js';

export interface FormatOptions {
  /** Begin with the power: `france: A par - bur`. */
  power?: boolean;
}

function unit(ref: UnitRef): string {
  const parts: string[] = [];
  if (ref.power !== undefined) parts.push(ref.power);
  if (ref.kind !== undefined) parts.push(ref.kind === 'army' ? 'A' : 'F');
  parts.push(ref.at);
  return parts.join(' ');
}

/** ` retreat ber, kie, disband` after a movement order; empty without a list. */
function retreatList(list: RetreatList | undefined): string {
  if (list === undefined) return '';
  const entries: string[] = [...list.to];
  if (list.otherwise === 'disband') entries.push('disband');
  return ` retreat ${entries.join(', ')}`;
}

function buildEntry(entry: BuildEntry): string {
  return entry.kind === undefined ? entry.at : `${entry.kind === 'army' ? 'A' : 'F'} ${entry.at}`;
}

function body(order: Order): string {
  switch (order.type) {
    case 'hold':
      return `${unit(order.unit)} H${retreatList(order.retreat)}`;
    case 'move': {
      // A written route implies a convoy, so `via convoy` is only written without one.
      if (order.path !== undefined && order.path.length > 0) return [unit(order.unit), ...order.path, order.to].join(' - ') + retreatList(order.retreat);
      return `${unit(order.unit)} - ${order.to}${order.viaConvoy ? ' via convoy' : ''}${retreatList(order.retreat)}`;
    }
    case 'support':
      return `${unit(order.unit)} S ${unit(order.supported)}${order.to === undefined ? '' : ` - ${order.to}`}${retreatList(order.retreat)}`;
    case 'convoy':
      return `${unit(order.unit)} C ${unit(order.army)} - ${order.to}${retreatList(order.retreat)}`;
    case 'retreat':
      return `${unit(order.unit)} R ${order.to}`;
    case 'disband':
      return `${unit(order.unit)} D`;
    case 'build':
      return order.kind === undefined ? `Build ${order.at}` : `Build ${order.kind === 'army' ? 'A' : 'F'} ${order.at}`;
    case 'waive':
      return 'Waive';
    case 'build-list':
      return `Build ${order.builds.map(buildEntry).join(', ')}`;
    case 'disband-list':
      return `Disband ${order.units.map((u) => unit({ kind: u.kind, at: u.at })).join(', ')}`;
  }
}

export function formatOrder(order: Order, options: FormatOptions = {}): string {
  const text = body(order);
  return options.power === true ? `${order.power}: ${text}` : text;
}
