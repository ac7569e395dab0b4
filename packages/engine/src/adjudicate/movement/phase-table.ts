/**
 * The movement table opened and finished for a phase, whichever entry reads
 * its orders (`validate.ts` the written orders, `validate-ints.ts` integer
 * ones): the columns and lists of the phase before cleared, and once each unit
 * has its order, the implicit orders, the filing and the routes (`filing.ts`).
 */
import * as tableCodes from './table.js';
import type { MovementWorkspace } from './workspace.js';
import { chooseRoutes, deduceImplicitOrders, fileOrders } from './filing.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { HOLD } = tableCodes;

/**
 * Clears, for the units loaded in the workspace, every table column that is
 * read for every unit (`clearColumns`), and the per-phase marks and lists. The
 * other columns describe an order and are read only for units with an order of
 * that kind, so they are written whenever an order is set. (`matched` was once
 * left out: a unit that supported in one phase and had no order in the next was
 * filed as a supporter again, in another unit's row;
 * `test/workspace-reuse.test.ts` guards it.) The fleets at sea were marked as
 * the units were loaded.
 */
export function beginTable(ws: MovementWorkspace): void {
  clearColumns(ws, ws.units.n);
  beginLists(ws);
}

/** `beginTable` without the per-unit columns: the per-phase marks and lists. */
export function beginLists(ws: MovementWorkspace): void {
  // Read only under `civil-disorder` fails (fileOrders), so filled only then.
  if (ws.t.f.civilDisorderFails) ws.powersWithOrders.fill(0);
  // Last phase's implicit orders and route work, undone.
  const { implicitUnits, routeUnits, needsRoute } = ws;
  const implicit = ws.t.implicit;
  for (let k = 0; k < ws.implicitCount; k++) implicit[implicitUnits[k]!] = 0;
  for (let k = 0; k < ws.routeWork; k++) needsRoute[routeUnits[k]!] = 0;
  ws.implicitCount = 0;
  ws.routeWork = 0;
  ws.t.matchedConvoys = 0;
  ws.t.clearOrderLists();
}

/** The per-phase lists and routes, once each unit has its effective order. */
export function finishTable(ws: MovementWorkspace, spareSlot: number): void {
  if (ws.t.f.implicitOrders) {
    deduceImplicitOrders(ws, spareSlot);
    // Implicit moves were set after the others: list them in unit order.
    if (ws.implicitCount > 0) ws.t.relistOrders();
  }
  fileOrders(ws);
  // Only armies moving by convoy, tagged "via convoy" or named by a matched convoy
  // order can get another route than the one their check gave them (the land route;
  // the convoy route for an integer order to a province no land route reaches).
  if (ws.routeWork > 0) chooseRoutes(ws);
}

/**
 * Clears the columns of units `0 .. n)` before their orders are read, so that
 * nothing of the phase before on the same board shows through: every column a
 * phase reads for any unit. One tight pass of stores, with no branch. The
 * resolver's decisions are read only for units with a move, support or convoy,
 * so `fileOrders` writes them for those and no other. Columns that only a few units set are
 * undone from their lists instead (`beginTable`); `matched` is written for
 * every support and convoy as it is filed, and read for no other order; the
 * resolver leaves `visited` and `inCycle` clear when it ends, and clears
 * `forced` and `backup` when the backup rule set them (`resetPhase`).
 */
function clearColumns(ws: MovementWorkspace, n: number): void {
  const { order, orderIndex, noHoldSupport, supHead, cvyHead } = ws.t;
  const illegalMove = ws.illegalMove;
  for (let u = 0; u < n; u++) {
    order[u] = HOLD;
    orderIndex[u] = -1;
    noHoldSupport[u] = 0;
    supHead[u] = -1;
    cvyHead[u] = -1;
    illegalMove[u] = 0;
  }
}
