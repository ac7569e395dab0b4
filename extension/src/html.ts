/**
 * The board webview's page: a strict Content-Security-Policy (nothing may load;
 * the one style element and the one script carry a fresh nonce), a header with
 * the variant, edition and phase, and the board, an inline SVG the extension
 * posts (`{ type: 'board', … }`) whenever the phase under the cursor or the
 * text changes. The script (board-view.ts, board-orders.ts) keeps the zoom
 * and pan, draws the legend, lets the player give orders by clicking (asking
 * the extension, `{ type: 'ordersAt' | 'write', … }`), and keeps the webview
 * state (`vscode.setState`) the panel serializer restores after a reload.
 * Pure: no `vscode` import, so tests read it as it is.
 */
import { randomBytes } from 'node:crypto';
import { ORDERS_SCRIPT } from './board-orders';
import { VIEW_SCRIPT } from './board-view';

/** A nonce for one page: 32 random characters of base64url. */
export function makeNonce(): string {
  return randomBytes(24).toString('base64url');
}

/** The Content-Security-Policy of the board page. */
export function boardCsp(nonce: string): string {
  return `default-src 'none'; img-src data:; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}';`;
}

/** The message the extension posts to the page. */
export interface BoardMessage {
  type: 'board';
  uri: string;
  svg: string | null;
  phase: string | null;
  variant: string | null;
  edition: string | null;
  message?: string;
  /** Where the board was asked for (restored after a reload). */
  position?: { line: number; character: number };
}

/** What the page asks of the extension: the legal orders at a province, or to write one of them. */
export type PageMessage =
  | { type: 'ready' }
  | { type: 'ordersAt'; province: string; seq: number }
  | { type: 'write'; province: string; order: string };

/** The state the page keeps with `vscode.setState` (and the serializer receives). */
export interface BoardState {
  uri?: string;
  position?: { line: number; character: number };
  /** The legend is open. */
  legend?: boolean;
}

const STYLE = `
  html, body { margin: 0; padding: 0; height: 100%; overflow: hidden; }
  body { display: flex; flex-direction: column; background: var(--vscode-editor-background); color: var(--vscode-foreground);
         font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); }
  header { display: flex; align-items: center; gap: 0.5em; padding: 4px 8px; border-bottom: 1px solid var(--vscode-panel-border, transparent); }
  header .title { flex: 1; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  #message { padding: 4px 8px; color: var(--vscode-descriptionForeground); }
  #message:empty { display: none; }
  #board { flex: 1; min-width: 0; min-height: 0; display: flex; }
  #stage { flex: 1; min-height: 0; display: flex; position: relative; }
  #board svg { width: 100%; height: 100%; cursor: pointer; background: #fbfaf6; }
  #board svg.dragging { cursor: grabbing; }
  #orders { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4em; padding: 4px 8px;
            border-bottom: 1px solid var(--vscode-panel-border, transparent); background: var(--vscode-editorWidget-background, transparent); }
  #orders[hidden] { display: none; }
  #orders .what { font-weight: bold; }
  #orders .hint { color: var(--vscode-descriptionForeground); }
  #orders button, header button { background: var(--vscode-button-secondaryBackground); color: var(--vscode-button-secondaryForeground);
                  border: none; padding: 2px 8px; cursor: pointer; min-width: 2em; }
  #orders button.active { background: var(--vscode-button-background); color: var(--vscode-button-foreground); }
  #orders button:hover, header button:hover { background: var(--vscode-button-secondaryHoverBackground); }
  /* Highlights of the orders by clicking: the destinations, the unit picked (its ring). */
  svg .df-target:not(g), svg g.df-target > :not(text):not(title):not(g) { stroke: #ff7a00 !important; stroke-width: 4px !important; stroke-opacity: 1 !important; }
  svg .df-picked:not(g), svg g.df-picked > :not(text):not(title):not(g) { stroke: #1f6fd1 !important; stroke-width: 4px !important; stroke-opacity: 1 !important; }
  svg .df-ring { fill: none; stroke: #1f6fd1; stroke-width: 3px; stroke-dasharray: 6 3; }
  #legend { position: absolute; top: 6px; right: 6px; max-width: 45%; max-height: calc(100% - 12px); overflow: auto;
            background: var(--vscode-editorWidget-background, #fff); color: var(--vscode-editorWidget-foreground, inherit);
            border: 1px solid var(--vscode-editorWidget-border, #ccc); border-radius: 4px; padding: 2px 8px; opacity: 0.95; }
  #legend summary { cursor: pointer; font-weight: bold; }
  #legend { font-size: 0.9em; }
  #legend #legend-rows { display: grid; grid-template-columns: auto auto auto auto; column-gap: 0.6em; row-gap: 1px; align-items: center; }
  #legend .legend-row { display: contents; white-space: nowrap; }
  #legend .legend-head span { color: var(--vscode-descriptionForeground, #666); font-size: 0.9em; }
  #legend .n { text-align: right; font-variant-numeric: tabular-nums; }
  #legend .swatch { display: inline-block; width: 0.9em; height: 0.9em; border: 1px solid #333; border-radius: 2px; }
`;

/** The page's one script: the view (board-view.ts), the orders (board-orders.ts), then the messages that start them. */
const SCRIPT = `
(function () {
${VIEW_SCRIPT}
${ORDERS_SCRIPT}
  window.addEventListener('message', function (ev) {
    var m = ev.data;
    if (m && m.type === 'board') show(m);
  });
  vscode.postMessage({ type: 'ready', state: state });
})();
`;

/** The board page: everything inline, under the policy of `boardCsp(nonce)`. */
export function boardHtml(nonce: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${boardCsp(nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>dipforge board</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<header>
<span class="title" id="title">dipforge board</span>
<button id="zoom-out" title="Zoom out (wheel)">&#x2212;</button>
<button id="zoom-fit" title="Fit the board">Fit</button>
<button id="zoom-in" title="Zoom in (wheel)">+</button>
</header>
<div id="orders" hidden></div>
<div id="message">Open a .dipgame or .dipmap file to see its board.</div>
<div id="stage"><div id="board" class="board"></div><details id="legend" open hidden><summary>Legend</summary><div id="legend-rows"></div></details></div>
<script nonce="${nonce}">${SCRIPT}</script>
</body>
</html>
`;
}
