/**
 * Orders by clicking the board (docs/EXTENSION.md, "Orders by clicking"): the
 * legal orders at a province of the phase drawn (`dipforge/ordersAt`) and the
 * edit that writes one of them (`dipforge/writeOrder`).
 */
import { ErrorCodes, ResponseError, type Connection, type Position as LspPosition } from 'vscode-languageserver';
import { ORDERS_AT_REQUEST, WRITE_ORDER_REQUEST } from '../requests.js';
import type { Pace } from '../pace.js';
import { serve, type Log } from '../serve.js';
import type { GameDoc, Workspace } from '../workspace.js';
import { ordersAt } from './options.js';
import { writeOrder } from './write.js';

export { ordersAt, optionsAt, clickOrder, powerLanguage, type ClickOrder, type OrdersAtResult } from './options.js';
export { writeOrder, slotOf, type WriteOrderResult } from './write.js';
export { placeOrder, blockOf, orderLineOf, type PlaceInput, type Placed } from './place.js';

interface ClickParams {
  uri?: string;
  textDocument?: { uri: string };
  position?: LspPosition;
  province: string;
}

/** Registers the two requests; their params were checked (`params.ts`). */
export function registerClickRequests(connection: Connection, ws: Workspace, log: Log): void {
  const gameOf = (p: ClickParams, pace: Pace): GameDoc => {
    const uri = p.uri ?? p.textDocument?.uri ?? '';
    const doc = ws.docByUri(uri, () => pace.cancelled);
    if (!doc || doc.kind !== 'game') throw new ResponseError(ErrorCodes.InvalidParams, 'dipforge: this request is for game files (.dipgame)');
    return doc;
  };
  const at = (doc: GameDoc, p: ClickParams): LspPosition | undefined => (p.position ? doc.lines.clamp(p.position) : undefined);
  connection.onRequest(
    ORDERS_AT_REQUEST,
    serve('ordersAt', log, (p: ClickParams, pace) => {
      const doc = gameOf(p, pace);
      return ordersAt(doc, at(doc, p), p.province);
    }),
  );
  connection.onRequest(
    WRITE_ORDER_REQUEST,
    serve('writeOrder', log, (p: ClickParams & { order: string }, pace) => {
      const doc = gameOf(p, pace);
      return writeOrder(doc, at(doc, p), p.province, p.order);
    }),
  );
}
