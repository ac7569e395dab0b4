/**
 * formatOrder: the canonical notation of an order, the one parseOrder reads back
 * to the same order (`A par - bur`, `F nth C A lon - nwy`, `A mun S A ber`,
 * `Build F lon`). Ids only, so it reads the same in every language.
 */
import type { Order, UnitRef } from './order.js';

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

function body(order: Order): string {
  switch (order.type) {
    case 'hold':
      return `${unit(order.unit)} H`;
    case 'move': {
      // A written route implies a convoy, so `via convoy` is only written without one.
      if (order.path !== undefined && order.path.length > 0) return [unit(order.unit), ...order.path, order.to].join(' - ');
      return `${unit(order.unit)} - ${order.to}${order.viaConvoy ? ' via convoy' : ''}`;
    }
    case 'support':
      return `${unit(order.unit)} S ${unit(order.supported)}${order.to === undefined ? '' : ` - ${order.to}`}`;
    case 'convoy':
      return `${unit(order.unit)} C ${unit(order.army)} - ${order.to}`;
    case 'retreat':
      return `${unit(order.unit)} R ${order.to}`;
    case 'disband':
      return `${unit(order.unit)} D`;
    case 'build':
      return order.kind === undefined ? `Build ${order.at}` : `Build ${order.kind === 'army' ? 'A' : 'F'} ${order.at}`;
    case 'waive':
      return 'Waive';
  }
}

export function formatOrder(order: Order, options: FormatOptions = {}): string {
  const text = body(order);
  return options.power === true ? `${order.power}: ${text}` : text;
}
