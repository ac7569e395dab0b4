/**
 * The board webview's page: a strict Content-Security-Policy (nothing may load;
 * the one style element and the one script carry a fresh nonce), a header with
 * the variant, edition and phase, and the board, an inline SVG the extension
 * posts (`{ type: 'board', … }`) whenever the phase under the cursor or the
 * text changes. The script keeps the zoom and pan, and the webview state
 * (`vscode.setState`) the panel serializer restores after a reload. Pure: no
 * `vscode` import, so tests read it as it is.
 */
import { randomBytes } from 'node:crypto';

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

/** The state the page keeps with `vscode.setState` (and the serializer receives). */
export interface BoardState {
  uri?: string;
  position?: { line: number; character: number };
}

const STYLE = `
  html, body { margin: 0; padding: 0; height: 100%; overflow: hidden; }
  body { display: flex; flex-direction: column; background: var(--vscode-editor-background); color: var(--vscode-foreground);
         font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); }
  header { display: flex; align-items: center; gap: 0.5em; padding: 4px 8px; border-bottom: 1px solid var(--vscode-panel-border, transparent); }
  header .title { flex: 1; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  header button { background: var(--vscode-button-secondaryBackground); color: var(--vscode-button-secondaryForeground);
                  border: none; padding: 2px 8px; cursor: pointer; min-width: 2em; }
  header button:hover { background: var(--vscode-button-secondaryHoverBackground); }
  #message { padding: 4px 8px; color: var(--vscode-descriptionForeground); }
  #message:empty { display: none; }
  #board { flex: 1; min-height: 0; display: flex; }
  #board svg { width: 100%; height: 100%; cursor: grab; background: #fbfaf6; }
  #board svg.dragging { cursor: grabbing; }
`;

const SCRIPT = `
(function () {
  var vscode = acquireVsCodeApi();
  var state = vscode.getState() || {};
  var board = document.getElementById('board');
  var title = document.getElementById('title');
  var message = document.getElementById('message');
  var full = null;   // the picture's own viewBox [x, y, w, h]
  var view = null;   // the part shown
  var variant = null;
  var svg = null;

  function setView(v) {
    view = v;
    if (svg) svg.setAttribute('viewBox', v.join(' '));
  }
  function zoom(factor, cx, cy) {
    if (!view || !full) return;
    var w = Math.min(full[2] * 4, Math.max(full[2] / 20, view[2] * factor));
    var h = view[3] * (w / view[2]);
    if (cx === undefined) { cx = view[0] + view[2] / 2; cy = view[1] + view[3] / 2; }
    var x = cx - (cx - view[0]) * (w / view[2]);
    var y = cy - (cy - view[1]) * (h / view[3]);
    setView([x, y, w, h]);
  }
  function toPicture(ev) {
    var r = svg.getBoundingClientRect();
    var s = Math.max(view[2] / r.width, view[3] / r.height);
    var ox = (r.width * s - view[2]) / 2, oy = (r.height * s - view[3]) / 2;
    return [view[0] + (ev.clientX - r.left) * s - ox, view[1] + (ev.clientY - r.top) * s - oy, s];
  }
  function show(m) {
    title.textContent = [m.variant || '(no variant)', m.edition || '?', m.phase || ''].filter(function (t) { return t; }).join(' \\u00b7 ');
    message.textContent = m.message || '';
    state = { uri: m.uri, position: m.position };
    vscode.setState(state);
    if (!m.svg) return;
    var doc = new DOMParser().parseFromString(m.svg, 'image/svg+xml');
    var root = doc.documentElement;
    if (!root || root.nodeName !== 'svg' || doc.getElementsByTagName('parsererror').length > 0) {
      message.textContent = 'The board could not be read.';
      return;
    }
    var next = document.importNode(root, true);
    next.removeAttribute('width');
    next.removeAttribute('height');
    next.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    var box = (root.getAttribute('viewBox') || '0 0 1000 800').split(/[\\s,]+/).map(Number);
    var keep = view && full && variant === m.variant && full.join(' ') === box.join(' ');
    full = box;
    variant = m.variant;
    board.replaceChildren(next);
    svg = next;
    setView(keep ? view : box.slice());
    attach();
  }
  function attach() {
    var drag = null;
    svg.addEventListener('wheel', function (ev) {
      if (!ev.ctrlKey && !ev.metaKey) return;
      ev.preventDefault();
      var p = toPicture(ev);
      zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, p[0], p[1]);
    }, { passive: false });
    svg.addEventListener('pointerdown', function (ev) {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, view: view.slice(), s: toPicture(ev)[2] };
      svg.setPointerCapture(ev.pointerId);
      svg.classList.add('dragging');
    });
    svg.addEventListener('pointermove', function (ev) {
      if (!drag) return;
      setView([drag.view[0] - (ev.clientX - drag.x) * drag.s, drag.view[1] - (ev.clientY - drag.y) * drag.s, drag.view[2], drag.view[3]]);
    });
    function end() { drag = null; svg.classList.remove('dragging'); }
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
  }
  document.getElementById('zoom-in').addEventListener('click', function () { zoom(1 / 1.25); });
  document.getElementById('zoom-out').addEventListener('click', function () { zoom(1.25); });
  document.getElementById('zoom-fit').addEventListener('click', function () { if (full) setView(full.slice()); });
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
<button id="zoom-out" title="Zoom out (Ctrl+wheel)">&#x2212;</button>
<button id="zoom-fit" title="Fit the board">Fit</button>
<button id="zoom-in" title="Zoom in (Ctrl+wheel)">+</button>
</header>
<div id="message">Open a .dipgame or .dipmap file to see its board.</div>
<div id="board" class="board"></div>
<script nonce="${nonce}">${SCRIPT}</script>
</body>
</html>
`;
}
