/**
 * The board page's orders script: orders given by clicking the board. Click a
 * unit: the page asks the extension for the legal orders there (the language
 * server's `dipforge/ordersAt`) and highlights the destinations; click one and
 * the page asks the extension to write the order (`dipforge/writeOrder`, a
 * workspace edit the extension applies: the text stays the source of truth,
 * the page never edits it). The bar above the board names the unit and its
 * modes: Move (the default; retreats in a retreat phase), Support and Convoy
 * (click the unit supported or convoyed, then its target; the unit itself for a
 * support to hold), Hold, Disband, and under the old rules Retreat list (click
 * where the unit goes if it is dislodged: the province is added to the retreat
 * list written with its order; "then disband" closes the list); keys M, S, C,
 * H, D, R, and Escape cancels. A
 * free build site (or a home centre in a postal fall) offers its builds as
 * buttons. Several orders for one click (two coasts, a move by convoy) are
 * offered as buttons too. Shares the page's scope with board-view.ts.
 */
export const ORDERS_SCRIPT = `
  var bar = document.getElementById('orders');
  var sel = null;      // { province, result, mode, picked }
  var asked = 0;       // the last ordersAt asked (answers to older ones are dropped)
  var MODES = { move: 'Move', support: 'Support', convoy: 'Convoy' };

  function provinceAt(target) {
    if (!target || !target.closest) return null;
    // A unit's data-unit is its province's id; a province's group carries data-province.
    var u = target.closest('[data-unit]');
    if (u) return u.getAttribute('data-unit');
    var p = target.closest('[data-province]');
    return p ? p.getAttribute('data-province') : null;
  }
  /** The elements drawing a province (not its label, star or unit). */
  function shapesOf(province) {
    if (!svg) return [];
    var all = svg.querySelectorAll('[data-province="' + CSS.escape(province) + '"]');
    var out = [];
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      if (el.tagName === 'text' || el.classList.contains('sc-marker') || el.classList.contains('label')) continue;
      out.push(el);
    }
    return out;
  }
  function clearMarks() {
    if (!svg) return;
    var marked = svg.querySelectorAll('.df-target, .df-picked');
    for (var i = 0; i < marked.length; i++) marked[i].classList.remove('df-target', 'df-picked');
    var ring = svg.querySelector('g.df-overlay');
    if (ring) ring.remove();
  }
  function markProvinces(list, cls) {
    var seen = {};
    for (var i = 0; i < list.length; i++) {
      if (!list[i] || seen[list[i]]) continue;
      seen[list[i]] = true;
      var shapes = shapesOf(list[i]);
      for (var k = 0; k < shapes.length; k++) shapes[k].classList.add(cls);
    }
  }
  /** A ring around the selected unit (or province), in the picture's coordinates. */
  function ring(province) {
    var el = svg.querySelector('[data-unit="' + CSS.escape(province) + '"]') || shapesOf(province)[0];
    if (!el || typeof el.getBBox !== 'function') return;
    var b = el.getBBox();
    var m = svg.getScreenCTM().inverse().multiply(el.getScreenCTM());
    var p = svg.createSVGPoint();
    p.x = b.x + b.width / 2; p.y = b.y + b.height / 2;
    var c = p.matrixTransform(m);
    var r = Math.max(b.width * Math.abs(m.a), b.height * Math.abs(m.d)) * 0.75 + 3;
    var g = document.createElementNS(svg.namespaceURI, 'g');
    g.setAttribute('class', 'df-overlay');
    g.setAttribute('pointer-events', 'none');
    var circle = document.createElementNS(svg.namespaceURI, 'circle');
    circle.setAttribute('cx', c.x); circle.setAttribute('cy', c.y); circle.setAttribute('r', r);
    circle.setAttribute('class', 'df-ring');
    g.appendChild(circle);
    svg.appendChild(g);
  }

  function button(label, key, onClick, active) {
    var b = document.createElement('button');
    b.textContent = label;
    if (key) b.title = 'Key ' + key;
    if (active) b.classList.add('active');
    b.addEventListener('click', function (ev) { ev.stopPropagation(); onClick(); });
    return b;
  }
  function text(t, cls) {
    var s = document.createElement('span');
    s.textContent = t;
    if (cls) s.className = cls;
    return s;
  }
  function ofType() {
    var types = Array.prototype.slice.call(arguments);
    return sel.result.orders.filter(function (o) { return types.indexOf(o.type) >= 0 && o.list !== 'retreat'; });
  }
  /** The entries the unit's retreat list may take (a movement phase of the old rules). */
  function retreatEntries() {
    return sel.result.orders.filter(function (o) { return o.list === 'retreat'; });
  }
  function unitName(u) {
    return (u.kind === 'fleet' ? 'F ' : 'A ') + u.at + ' (' + u.power + ')';
  }

  /** The bar and the highlights for the selection. */
  function render(note) {
    clearMarks();
    bar.replaceChildren();
    if (!sel) { bar.hidden = true; return; }
    bar.hidden = false;
    var r = sel.result;
    if (r.unit) {
      bar.appendChild(text(unitName(r.unit), 'what'));
      var moves = ofType('move', 'retreat');
      var retreat = ofType('retreat').length > 0;
      if (moves.length > 0) bar.appendChild(button(retreat ? 'Retreat (M)' : 'Move (M)', 'M', function () { setMode('move'); }, sel.mode === 'move'));
      if (ofType('support').length > 0) bar.appendChild(button('Support (S)', 'S', function () { setMode('support'); }, sel.mode === 'support'));
      if (ofType('convoy').length > 0) bar.appendChild(button('Convoy (C)', 'C', function () { setMode('convoy'); }, sel.mode === 'convoy'));
      if (ofType('hold').length > 0) bar.appendChild(button('Hold (H)', 'H', function () { write(ofType('hold')[0]); }));
      if (retreatEntries().length > 0) bar.appendChild(button('Retreat list (R)', 'R', function () { setMode('retreat-list'); }, sel.mode === 'retreat-list'));
      var disband = ofType('disband');
      if (disband.length > 0) bar.appendChild(button(disband[0].list ? 'Add to disband list (D)' : r.phase && /adjustment/.test(r.phase) ? 'Remove (D)' : 'Disband (D)', 'D', function () { write(disband[0]); }));
      ring(r.province);
    } else {
      bar.appendChild(text((r.power || '') + ' at ' + r.province + ':', 'what'));
      ofType('build', 'waive').forEach(function (o) { bar.appendChild(button(o.list ? o.order + ' (to the build list)' : o.order, '', function () { write(o); })); });
      markProvinces([r.province], 'df-picked');
    }
    if (sel.choices) {
      bar.appendChild(text('Which one?', 'hint'));
      sel.choices.forEach(function (o) { bar.appendChild(button(o.order + (o.via ? '' : ''), '', function () { write(o); })); });
    }
    bar.appendChild(button('Cancel (Esc)', 'Escape', cancel));
    var hint = note || '';
    if (r.unit && !sel.choices) {
      if (sel.mode === 'move') {
        markProvinces(ofType('move', 'retreat').map(function (o) { return o.to; }), 'df-target');
        if (!hint) hint = 'Click a highlighted province.';
      } else if (sel.mode === 'retreat-list') {
        markProvinces(retreatEntries().filter(function (o) { return o.to; }).map(function (o) { return o.to; }), 'df-target');
        retreatEntries().filter(function (o) { return !o.to; }).forEach(function (o) { bar.appendChild(button('then disband', '', function () { write(o); })); });
        if (!hint) hint = 'Click where it retreats if dislodged: added to its retreat list.';
      } else if (!sel.picked) {
        markProvinces(ofType(sel.mode).map(function (o) { return o.unit; }), 'df-target');
        if (!hint) hint = sel.mode === 'support' ? 'Click the unit to support.' : 'Click the army to convoy.';
      } else {
        markProvinces([sel.picked], 'df-picked');
        markProvinces(ofType(sel.mode).filter(function (o) { return o.unit === sel.picked; }).map(function (o) { return o.to; }), 'df-target');
        if (!hint) hint = sel.mode === 'support' ? 'Click where it moves, or the unit itself to support its hold.' : 'Click where the army goes.';
      }
    }
    if (hint) bar.appendChild(text(hint, 'hint'));
  }
  function setMode(mode) {
    if (!sel || !sel.result.unit) return;
    sel.mode = mode;
    sel.picked = null;
    sel.choices = null;
    render();
  }
  function cancel() {
    sel = null;
    render();
  }
  function write(o) {
    if (!sel) return;
    vscode.postMessage({ type: 'write', province: sel.result.province, order: o.order });
    bar.replaceChildren(text('Writing ' + o.order + '\\u2026', 'hint'));
    sel = null;
    clearMarks();
  }
  /** One order, or a choice between several (two coasts; a move over land and by convoy: over land). */
  function choose(list) {
    if (list.length === 0) return false;
    var direct = list.filter(function (o) { return !o.via; });
    if (direct.length > 0) list = direct;
    if (list.length === 1) { write(list[0]); return true; }
    sel.choices = list;
    render();
    return true;
  }
  function ask(province) {
    asked++;
    vscode.postMessage({ type: 'ordersAt', province: province, seq: asked });
  }

  hooks.onClick = function (target) {
    var p = provinceAt(target);
    if (!sel) { if (p) ask(p); return; }
    if (!p) { cancel(); return; }
    var r = sel.result;
    if (!r.unit || sel.choices) { if (p !== r.province) { cancel(); ask(p); } return; }
    if (sel.mode === 'move' || sel.mode === 'retreat-list') {
      if (p === r.province) { cancel(); return; }
      if (choose((sel.mode === 'move' ? ofType('move', 'retreat') : retreatEntries()).filter(function (o) { return o.to === p; }))) return;
      cancel();
      ask(p);
      return;
    }
    if (!sel.picked) {
      if (ofType(sel.mode).some(function (o) { return o.unit === p; })) { sel.picked = p; render(); return; }
      render('No ' + sel.mode + ' of ' + p + ' from here.');
      return;
    }
    if (!choose(ofType(sel.mode).filter(function (o) { return o.unit === sel.picked && o.to === p; }))) render('Not a target of this ' + sel.mode + '.');
  };
  hooks.onPicture = function () {
    // A new picture (the text changed, or the phase): the selection no longer applies.
    if (sel) cancel();
  };
  window.addEventListener('keydown', function (ev) {
    if (ev.key === 'Escape') { cancel(); return; }
    if (!sel || !sel.result.unit || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var k = ev.key.toLowerCase();
    if (k === 'm' && ofType('move', 'retreat').length > 0) setMode('move');
    else if (k === 's' && ofType('support').length > 0) setMode('support');
    else if (k === 'c' && ofType('convoy').length > 0) setMode('convoy');
    else if (k === 'h' && ofType('hold').length > 0) write(ofType('hold')[0]);
    else if (k === 'd' && ofType('disband').length > 0) write(ofType('disband')[0]);
    else if (k === 'r' && retreatEntries().length > 0) setMode('retreat-list');
  });
  window.addEventListener('message', function (ev) {
    var m = ev.data;
    if (!m) return;
    if (m.type === 'orders') {
      if (m.seq !== asked) return;
      if (m.error || !m.result || m.result.orders.length === 0) {
        sel = null;
        render();
        message.textContent = m.error || (m.result && m.result.message) || '';
        return;
      }
      message.textContent = '';
      var r = m.result;
      sel = { province: r.province, result: r, mode: 'move', picked: null, choices: null };
      if (!r.unit) sel.mode = 'build';
      else if (ofType('move', 'retreat').length === 0 && ofType('support').length > 0) sel.mode = 'support';
      render();
    } else if (m.type === 'written') {
      bar.hidden = !m.error;
      bar.replaceChildren();
      message.textContent = m.error ? m.error : '';
    }
  });
`;
