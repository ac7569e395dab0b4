/**
 * The board page's view script: the picture as the extension posts it, zoom
 * (wheel, buttons), pan (drag), Fit (the map without the picture's own legend),
 * labels kept readable at any zoom, and the collapsible legend drawn by the
 * page from the picture's `data-power` rows. It runs inside the page's one
 * script (html.ts), sharing its scope with the orders script (board-orders.ts):
 * `svg` is the picture shown, `onPicture` and `onClick` are the hooks the
 * orders script fills in. Plain ES5, no imports: it is sent as text.
 *
 * It relies only on what any board picture has: a `viewBox`, `data-province`
 * on provinces, `data-unit` on unit glyphs; the labels (`.labels`,
 * `text.label`) and the legend (`.legend`, `.legend-power`) are used when
 * present and left alone otherwise.
 */
export const VIEW_SCRIPT = `
  var vscode = acquireVsCodeApi();
  var state = vscode.getState() || {};
  var board = document.getElementById('board');
  var title = document.getElementById('title');
  var message = document.getElementById('message');
  var legendBox = document.getElementById('legend');
  var full = null;   // the picture's own viewBox [x, y, w, h]
  var fit = null;    // the map's box (without the picture's legend, when the page draws its own)
  var view = null;   // the part shown
  var variant = null;
  var svg = null;
  var hooks = { onPicture: function () {}, onClick: function () {} };
  /** Labels are drawn at least this many pixels high (and at most LABEL_MAX times their own size). */
  var LABEL_PX = 11, LABEL_MAX = 2.4;

  function setView(v) {
    view = v;
    if (!svg) return;
    svg.setAttribute('viewBox', v.join(' '));
    scaleLabels();
  }
  /** Picture units per screen pixel. */
  function unitsPerPixel() {
    var r = svg.getBoundingClientRect();
    if (!r.width || !r.height) return 1;
    return Math.max(view[2] / r.width, view[3] / r.height);
  }
  function scaleLabels() {
    var s = unitsPerPixel();
    var groups = svg.querySelectorAll('g.labels, text.label');
    for (var i = 0; i < groups.length; i++) {
      var g = groups[i];
      if (g.tagName === 'text' && g.parentNode && g.parentNode.classList && g.parentNode.classList.contains('labels')) continue;
      var own = Number(g.getAttribute('data-df-size') || g.getAttribute('font-size') || 0);
      if (!own) continue;
      g.setAttribute('data-df-size', String(own));
      var size = Math.min(own * LABEL_MAX, Math.max(own, LABEL_PX * s));
      g.style.fontSize = size + 'px';
      if (g.getAttribute('stroke-width')) g.style.strokeWidth = (size * 0.3) + 'px';
    }
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

  /** The page's legend from the picture's legend rows; the picture's own legend is then hidden and Fit shows the map alone. */
  function buildLegend() {
    var rows = svg.querySelectorAll('.legend-power[data-power]');
    var list = document.getElementById('legend-rows');
    list.replaceChildren();
    if (rows.length === 0) { legendBox.hidden = true; return null; }
    var head = document.createElement('div');
    head.className = 'legend-row legend-head';
    // The headings in the picture's language (its legend's own heading texts), English when it has none.
    ['', 'power', 'centres', 'units'].forEach(function (col, i) {
      var c = document.createElement('span');
      var own = col ? svg.querySelector('.legend-head[data-column="' + col + '"]') : null;
      c.textContent = own ? own.textContent : ['', 'Power', 'Centres', 'Units'][i];
      head.appendChild(c);
    });
    var label = svg.querySelector('g.legend[data-label]');
    legendBox.querySelector('summary').textContent = label ? label.getAttribute('data-label') : 'Legend';
    list.appendChild(head);
    for (var i = 0; i < rows.length; i++) {
      var row = document.createElement('div');
      row.className = 'legend-row';
      var swatch = document.createElement('span');
      swatch.className = 'swatch';
      var rect = rows[i].querySelector('rect');
      swatch.style.background = (rect && rect.getAttribute('fill')) || '#888';
      var t = rows[i].querySelector('title');
      row.title = t ? t.textContent : '';
      var name = document.createElement('span');
      // The power's name as the picture's row writes it (in the picture's language).
      var own = rows[i].querySelector('text.name');
      name.textContent = own ? own.textContent : rows[i].getAttribute('data-power');
      var centres = document.createElement('span');
      centres.className = 'n';
      centres.textContent = rows[i].getAttribute('data-centres') || '';
      var units = document.createElement('span');
      units.className = 'n';
      var gone = rows[i].querySelector('text.dislodged');
      units.textContent = (rows[i].getAttribute('data-units') || '') + (gone ? ' (' + gone.textContent + ')' : '');
      row.appendChild(swatch);
      row.appendChild(name);
      row.appendChild(centres);
      row.appendChild(units);
      list.appendChild(row);
    }
    legendBox.hidden = false;
    legendBox.open = state.legend !== false;
    var own = svg.querySelector('g.legend');
    if (!own) return null;
    own.style.display = 'none';
    // The map's box: everything drawn but the legend.
    var box = null;
    for (var c = svg.firstElementChild; c; c = c.nextElementSibling) {
      if (c === own || typeof c.getBBox !== 'function' || c.tagName === 'defs' || c.tagName === 'title' || c.tagName === 'style') continue;
      var b;
      try { b = c.getBBox(); } catch (e) { continue; }
      if (!b || (b.width === 0 && b.height === 0)) continue;
      // A full-picture background is no part of the map's extent.
      if (b.width >= full[2] * 0.98 && b.height >= full[3] * 0.98) continue;
      box = box ? [Math.min(box[0], b.x), Math.min(box[1], b.y), Math.max(box[2], b.x + b.width), Math.max(box[3], b.y + b.height)] : [b.x, b.y, b.x + b.width, b.y + b.height];
    }
    if (!box) return null;
    var pad = Math.max(box[2] - box[0], box[3] - box[1]) * 0.02;
    return [box[0] - pad, box[1] - pad, box[2] - box[0] + 2 * pad, box[3] - box[1] + 2 * pad];
  }
  // Only the player's own clicks are kept (a details element also says 'toggle' when it is drawn open).
  legendBox.querySelector('summary').addEventListener('click', function () {
    state.legend = !legendBox.open;
    vscode.setState(state);
  });

  function show(m) {
    title.textContent = [m.variant || '(no variant)', m.edition || '?', m.phase || ''].filter(function (t) { return t; }).join(' \\u00b7 ');
    message.textContent = m.message || '';
    state.uri = m.uri;
    state.position = m.position;
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
    fit = buildLegend() || box.slice();
    setView(keep ? view : fit.slice());
    attach();
    hooks.onPicture(m);
  }

  function attach() {
    var drag = null;
    svg.addEventListener('wheel', function (ev) {
      ev.preventDefault();
      var p = toPicture(ev);
      zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, p[0], p[1]);
    }, { passive: false });
    svg.addEventListener('pointerdown', function (ev) {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, view: view.slice(), s: toPicture(ev)[2], target: ev.target, moved: false };
      svg.setPointerCapture(ev.pointerId);
    });
    svg.addEventListener('pointermove', function (ev) {
      if (!drag) return;
      // A click that wobbles a few pixels is still a click.
      if (!drag.moved && Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) < 5) return;
      drag.moved = true;
      svg.classList.add('dragging');
      setView([drag.view[0] - (ev.clientX - drag.x) * drag.s, drag.view[1] - (ev.clientY - drag.y) * drag.s, drag.view[2], drag.view[3]]);
    });
    svg.addEventListener('pointerup', function (ev) {
      var d = drag;
      drag = null;
      svg.classList.remove('dragging');
      if (d && !d.moved) hooks.onClick(d.target, ev);
    });
    svg.addEventListener('pointercancel', function () { drag = null; svg.classList.remove('dragging'); });
  }
  window.addEventListener('resize', function () { if (svg && view) scaleLabels(); });
  document.getElementById('zoom-in').addEventListener('click', function () { zoom(1 / 1.25); });
  document.getElementById('zoom-out').addEventListener('click', function () { zoom(1.25); });
  document.getElementById('zoom-fit').addEventListener('click', function () { if (fit) setView(fit.slice()); });
`;
