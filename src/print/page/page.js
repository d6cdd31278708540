// sudogen's page: play the book's puzzles, with the rater's hints.
// The contract tests and scripts rely on: every cell has data-row and
// data-col (1-based) and its value as its text; data-conflict on cells in
// conflict, data-hint on the cells of the hint shown; controls are buttons
// with data-action; body data-state="solved" when the puzzle is solved.
(function () {
  'use strict';
  var book = JSON.parse(document.getElementById('book').textContent);
  var shape = book.shape, n = shape.side, N = n * n;
  var symbols = Array.from(book.symbols), code = book.code;
  var puzzles = book.puzzles;
  var body = document.body, boardEl = document.getElementById('board');
  var choose = document.getElementById('choose'), timerEl = document.getElementById('timer');
  var messageEl = document.getElementById('message'), padEl = document.getElementById('pad');
  var printEl = document.getElementById('print');
  var steps = null; // each puzzle's path, once unpacked

  function decode(s) { var a = new Array(N); for (var i = 0; i < N; i++) a[i] = code.indexOf(s.charAt(i)); return a; }
  function encode(a) { var s = ''; for (var i = 0; i < a.length; i++) s += code.charAt(a[i]); return s; }
  function hash(s) { var h = 2166136261; for (var i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 16777619); } return (h >>> 0).toString(36); }
  function name(c) { return 'r' + (Math.floor(c / n) + 1) + 'c' + (c % n + 1); }

  // The shape: each cell's region, shading, and the units values may not
  // repeat in. A jigsaw book may give each puzzle its own regions: they
  // are set again when a puzzle is opened (setRegions).
  var region = new Array(N), shaded = new Array(N).fill(false), units = [], cellUnits = [];
  function unit(cells) { var u = units.length; units.push(cells); cells.forEach(function (c) { cellUnits[c].push(u); }); }
  function setRegions(regions) {
    units = []; cellUnits = [];
    for (var c = 0; c < N; c++) {
      var r0 = Math.floor(c / n), c0 = c % n;
      region[c] = regions ? regions[c] : Math.floor(r0 / shape.box[0]) * n + Math.floor(c0 / shape.box[1]);
      cellUnits.push([]);
    }
    var byRegion = {};
    for (var i = 0; i < n; i++) {
      var row = [], col = [];
      for (var j = 0; j < n; j++) { row.push(i * n + j); col.push(j * n + i); }
      unit(row); unit(col);
    }
    for (c = 0; c < N; c++) (byRegion[region[c]] = byRegion[region[c]] || []).push(c);
    Object.keys(byRegion).forEach(function (k) { unit(byRegion[k]); });
    if (shape.diagonals) {
      var d1 = [], d2 = [];
      for (i = 0; i < n; i++) { d1.push(i * n + i); d2.push(i * n + n - 1 - i); }
      unit(d1); unit(d2);
      d1.concat(d2).forEach(function (c) { shaded[c] = true; });
    }
    (shape.windows || []).forEach(function (w) {
      var cells = [];
      for (var r = w[0]; r < w[0] + w[2]; r++) for (var k = w[1]; k < w[1] + w[3]; k++) cells.push(r * n + k);
      unit(cells);
      cells.forEach(function (c) { shaded[c] = true; });
    });
  }
  setRegions(shape.regions);
  var c;

  // The board's cells, built once.
  body.setAttribute('data-n', n);
  boardEl.style.setProperty('--n', n);
  padEl.style.setProperty('--pad', n <= 9 ? 5 : n <= 16 ? 6 : 7);
  function borders(el, c) {
    var r = Math.floor(c / n), k = c % n;
    el.classList.remove('r', 'b');
    if (k === n - 1) el.classList.add('last-c'); else if (region[c + 1] !== region[c]) el.classList.add('r');
    if (r === n - 1) el.classList.add('last-r'); else if (region[c + n] !== region[c]) el.classList.add('b');
    if (shaded[c]) el.classList.add('shade');
  }
  var cellEls = [], texts = [], corners = [], centres = [];
  for (var r = 0; r < n; r++) {
    var rowEl = document.createElement('div');
    rowEl.className = 'row';
    rowEl.setAttribute('role', 'row');
    for (var k = 0; k < n; k++) {
      c = r * n + k;
      var el = document.createElement('div');
      el.className = 'cell';
      el.setAttribute('role', 'gridcell');
      el.setAttribute('data-row', r + 1);
      el.setAttribute('data-col', k + 1);
      el.tabIndex = -1;
      borders(el, c);
      var t = document.createTextNode('');
      var co = document.createElement('span'); co.className = 'corner';
      var ce = document.createElement('span'); ce.className = 'centre';
      el.appendChild(t); el.appendChild(co); el.appendChild(ce);
      cellEls.push(el); texts.push(t); corners.push(co); centres.push(ce);
      rowEl.appendChild(el);
    }
    boardEl.appendChild(rowEl);
  }
  symbols.slice(0, n).forEach(function (s, v) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = s;
    b.setAttribute('data-digit', v + 1);
    b.setAttribute('aria-label', s);
    padEl.appendChild(b);
  });
  var erase = document.createElement('button');
  erase.type = 'button';
  erase.textContent = '\u232b';
  erase.setAttribute('data-action', 'erase');
  erase.setAttribute('aria-label', 'clear the cell');
  padEl.appendChild(erase);
  puzzles.forEach(function (p, i) {
    var o = document.createElement('option');
    o.value = i;
    o.textContent = '#' + p.n + (p.label ? ' ' + p.label : '');
    choose.appendChild(o);
  });

  // Storage: each puzzle's progress, and which puzzle was open.
  function load(key) { try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; } }
  function store(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* no storage: play on */ } }
  var bookKey = 'sudogen:book:' + hash(JSON.stringify(shape) + puzzles.map(function (p) { return p.givens; }).join(''));

  // The state of the open puzzle.
  var index = 0, P, givens, solution, S, undo = [], redo = [], selected = 0, mode = 'off';
  var hintShown = null, startedAt = 0, ticker = null;
  var histories = {};

  function keyOf(i) {
    var p = puzzles[i];
    return 'sudogen:' + hash(JSON.stringify(shape) + p.givens + JSON.stringify(p.cages || '') + (p.regions ? JSON.stringify(p.regions) : ''));
  }

  // A killer puzzle's cages: a dashed outline inset in its cells (open on
  // the sides where the cage goes on), its sum small in its first cell.
  function drawCages(els, cages) {
    var cageOf = new Array(N).fill(-1);
    (cages || []).forEach(function (k, i) { k[1].forEach(function (c) { cageOf[c] = i; }); });
    els.forEach(function (el, c) {
      Array.prototype.slice.call(el.querySelectorAll('.cage,.sum')).forEach(function (x) { el.removeChild(x); });
      el.classList.toggle('caged', cageOf[c] >= 0);
      if (cageOf[c] < 0) return;
      var k = cageOf[c], r = Math.floor(c / n), col = c % n;
      var d = document.createElement('span');
      d.className = 'cage';
      if (r === 0 || cageOf[c - n] !== k) d.classList.add('t');
      if (col === n - 1 || cageOf[c + 1] !== k) d.classList.add('r');
      if (r === n - 1 || cageOf[c + n] !== k) d.classList.add('b');
      if (col === 0 || cageOf[c - 1] !== k) d.classList.add('l');
      el.appendChild(d);
      if (cages[k][1].reduce(function (a, b) { return Math.min(a, b); }) === c) {
        var s = document.createElement('span');
        s.className = 'sum';
        s.textContent = cages[k][0];
        el.appendChild(s);
      }
    });
  }
  function save() { S.t = elapsed(); store(keyOf(index), { v: encode(S.v), c: S.c, m: S.m, t: S.t, h: S.h, done: S.done }); }
  function elapsed() { return S.t0 + (startedAt && !S.done ? Date.now() - startedAt : 0); }

  function open(i) {
    if (P) { save(); histories[index] = { undo: undo, redo: redo }; }
    index = (i + puzzles.length) % puzzles.length;
    P = puzzles[index];
    givens = decode(P.givens);
    solution = decode(P.solution);
    var saved = load(keyOf(index));
    S = { v: givens.slice(), c: new Array(N).fill(''), m: new Array(N).fill(''), t: 0, h: -1, done: false };
    if (saved && typeof saved.v === 'string' && saved.v.length === N) {
      var v = decode(saved.v);
      for (var c = 0; c < N; c++) if (!givens[c] && v[c] > 0 && v[c] <= n) S.v[c] = v[c];
      if (Array.isArray(saved.c) && saved.c.length === N) S.c = saved.c.map(String);
      if (Array.isArray(saved.m) && saved.m.length === N) S.m = saved.m.map(String);
      S.t = +saved.t || 0;
      S.h = typeof saved.h === 'number' ? saved.h : -1;
      S.done = !!saved.done;
    }
    S.t0 = S.t;
    startedAt = Date.now();
    var h = histories[index] || { undo: [], redo: [] };
    undo = h.undo; redo = h.redo;
    hintShown = null;
    choose.value = index;
    store(bookKey, { open: index });
    setRegions('regions' in P ? P.regions : shape.regions);
    cellEls.forEach(function (el, c) { borders(el, c); el.classList.toggle('given', givens[c] > 0); el.removeAttribute('data-wrong'); });
    drawCages(cellEls, P.cages);
    say('');
    drawPrint();
    select(selected, false);
    render();
    finish(false);
  }

  // Drawing.
  function render() {
    var conflict = conflicts();
    var sel = S.v[selected], near = {};
    cellUnits[selected].forEach(function (u) { units[u].forEach(function (c) { near[c] = true; }); });
    for (var c = 0; c < N; c++) {
      var el = cellEls[c], v = S.v[c];
      var text = v ? symbols[v - 1] : '';
      if (texts[c].data !== text) texts[c].data = text;
      drawMarks(c, v);
      el.classList.toggle('sel', c === selected);
      el.classList.toggle('unit', !!near[c] && c !== selected);
      el.classList.toggle('same', sel > 0 && v === sel && c !== selected);
      if (conflict[c]) el.setAttribute('data-conflict', ''); else el.removeAttribute('data-conflict');
      var label = 'row ' + (Math.floor(c / n) + 1) + ', column ' + (c % n + 1) + ', ' + (v ? text : 'empty');
      if (!v && S.c[c]) label += ', corner marks ' + marks(S.c[c]).join(' ');
      if (!v && S.m[c]) label += ', centre marks ' + marks(S.m[c]).join(' ');
      if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
    }
    var hinted = {};
    if (hintShown) {
      var s = hintShown;
      s[1].forEach(function (c) { hinted[c] = 'cell'; });
      s[2].forEach(function (r) { hinted[r[0]] = 'remove'; });
      if (s.length > 3) hinted[s[3]] = 'place';
    }
    for (c = 0; c < N; c++) {
      if (hinted[c]) cellEls[c].setAttribute('data-hint', hinted[c]); else cellEls[c].removeAttribute('data-hint');
    }
    var count = S.v.filter(function (v) { return v > 0; }).length;
    setButton('undo', undo.length > 0);
    setButton('redo', redo.length > 0);
    boardEl.setAttribute('aria-label', 'puzzle #' + P.n + ', ' + count + ' of ' + N + ' cells filled');
  }
  function setButton(action, enabled) { var b = document.querySelector('button[data-action=' + action + ']'); b.setAttribute('aria-disabled', enabled ? 'false' : 'true'); }
  function marks(s) { return Array.from(s).map(function (ch) { return symbols[code.indexOf(ch) - 1]; }); }
  function drawMarks(c, v) {
    var cs = v ? '' : S.c[c], ms = v ? '' : S.m[c];
    var el = cellEls[c];
    if (el.getAttribute('data-corner') !== cs || corners[c].childNodes.length !== cs.length) {
      if (cs) el.setAttribute('data-corner', cs); else el.removeAttribute('data-corner');
      corners[c].textContent = '';
      marks(cs).forEach(function (m) { var x = document.createElement('i'); x.setAttribute('data-m', m); corners[c].appendChild(x); });
    }
    var centre = marks(ms).join('');
    if (el.getAttribute('data-centre') !== ms) {
      if (ms) el.setAttribute('data-centre', ms); else el.removeAttribute('data-centre');
    }
    if (centres[c].getAttribute('data-m') !== centre) centres[c].setAttribute('data-m', centre);
  }
  function conflicts() {
    var bad = new Array(N).fill(false);
    units.forEach(function (u) {
      var at = {};
      u.forEach(function (c) { var v = S.v[c]; if (v) (at[v] = at[v] || []).push(c); });
      Object.keys(at).forEach(function (v) { if (at[v].length > 1) at[v].forEach(function (c) { bad[c] = true; }); });
    });
    return bad;
  }
  function say(text) { messageEl.textContent = text; }

  // Selection.
  function select(c, focus) {
    selected = c;
    cellEls.forEach(function (el, i) { el.tabIndex = i === c ? 0 : -1; });
    if (focus !== false) cellEls[c].focus({ preventScroll: true });
    if (P) render();
  }

  // Changes, each undoable.
  function snapshot(c) { return { v: S.v[c], c: S.c[c], m: S.m[c] }; }
  function restore(c, s) { S.v[c] = s.v; S.c[c] = s.c; S.m[c] = s.m; }
  function change(c, edit) {
    if (givens[c] || S.done) return;
    var before = snapshot(c);
    edit();
    var after = snapshot(c);
    if (before.v === after.v && before.c === after.c && before.m === after.m) return;
    undo.push({ cell: c, before: before, after: after });
    redo.length = 0;
    changed();
  }
  function changed() {
    hintShown = null;
    cellEls.forEach(function (el) { el.removeAttribute('data-wrong'); });
    say('');
    render();
    finish(true);
    save();
  }
  function toggle(set, v) {
    var ch = code.charAt(v), s = set.indexOf(ch) >= 0 ? set.replace(ch, '') : set + ch;
    return Array.from(s).sort(function (a, b) { return code.indexOf(a) - code.indexOf(b); }).join('');
  }
  function input(v, how) {
    var c = selected;
    how = how || mode;
    change(c, function () {
      if (how === 'off') S.v[c] = S.v[c] === v ? 0 : v;
      else if (!S.v[c]) {
        if (how === 'corner') S.c[c] = toggle(S.c[c], v); else S.m[c] = toggle(S.m[c], v);
      }
    });
  }
  function clear() {
    var c = selected;
    change(c, function () { if (S.v[c]) S.v[c] = 0; else { S.c[c] = ''; S.m[c] = ''; } });
  }
  function back(from, to, side) {
    if (S.done || !from.length) return;
    var e = from.pop();
    restore(e.cell, e[side]);
    to.push(e);
    selected = e.cell;
    select(e.cell);
    changed();
  }

  // Solved, checked, timed.
  function finish(now) {
    var full = true, right = true;
    for (var c = 0; c < N; c++) { if (!S.v[c]) full = false; else if (S.v[c] !== solution[c]) right = false; }
    if (full && right) {
      if (!S.done) { S.t = elapsed(); S.t0 = S.t; S.done = true; }
      body.setAttribute('data-state', 'solved');
      say('Solved in ' + clock(S.t) + '.');
      choose.options[index].textContent = '#' + P.n + (P.label ? ' ' + P.label : '') + ' \u2713';
    } else {
      body.setAttribute('data-state', 'playing');
      if (full && now) say('Every cell is filled, but not all rightly: Check shows the wrong ones.');
    }
    tick();
  }
  function clock(ms) { var s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60; s %= 60; return (h ? h + ':' + (m < 10 ? '0' : '') : '') + m + ':' + (s < 10 ? '0' : '') + s; }
  function tick() { timerEl.textContent = clock(elapsed()); }
  function check() {
    var wrong = 0, filled = 0;
    for (var c = 0; c < N; c++) {
      if (givens[c] || !S.v[c]) continue;
      filled++;
      if (S.v[c] !== solution[c]) { wrong++; cellEls[c].setAttribute('data-wrong', ''); }
    }
    if (S.done) say('Solved in ' + clock(S.t) + '.');
    else if (wrong) say(wrong + (wrong === 1 ? ' cell is' : ' cells are') + ' wrong (struck through).');
    else say(filled ? 'All ' + filled + ' cells you filled are right.' : 'Nothing filled in yet.');
  }

  // Hints: the first step of the rater's path not already on the board;
  // asked again while a hint shows, the next one after it. A step that
  // fills a cell is on the board when the cell holds its value; one that
  // removes candidates, when each of its cells is filled or has centre
  // marks without the values removed, or when a later step of the path
  // that fills a cell is on the board (the removal was used).
  function placed(s) { return s.length > 3 && S.v[s[3]] === s[4]; }
  function onBoard(path, i) {
    var s = path[i];
    if (s.length > 3) return placed(s);
    var marked = s[2].length > 0 && s[2].every(function (r) {
      var c = r[0];
      return S.v[c] > 0 || (S.m[c] !== '' && r.slice(1).every(function (v) { return S.m[c].indexOf(code.charAt(v)) < 0; }));
    });
    if (marked) return true;
    for (var j = i + 1; j < path.length; j++) if (placed(path[j])) return true;
    return false;
  }
  function hint() {
    if (S.done) return;
    if (!steps) { say('The hints are still being unpacked.'); return; }
    var path = steps[index] || [];
    if (!path.length) { say('This puzzle has no hints.'); return; }
    var found = -1, from = hintShown ? S.h + 1 : 0;
    for (var i = from; i < path.length && found < 0; i++) if (!onBoard(path, i)) found = i;
    for (i = 0; i < from && found < 0; i++) if (!onBoard(path, i)) found = i;
    if (found < 0) { hintShown = null; render(); say('Every step of the rater\'s path is on the board: the rest is yours.'); return; }
    S.h = found;
    hintShown = path[found];
    render();
    say('Step ' + (found + 1) + ' of ' + path.length + ': ' + hintShown[0]);
    save();
  }

  // Controls.
  function act(action) {
    switch (action) {
      case 'undo': back(undo, redo, 'before'); break;
      case 'redo': back(redo, undo, 'after'); break;
      case 'check': check(); break;
      case 'hint': hint(); break;
      case 'erase': clear(); break;
      case 'next': open(index + 1); break;
      case 'previous': open(index - 1); break;
      case 'pencil': setMode(mode === 'off' ? 'corner' : mode === 'corner' ? 'centre' : 'off'); break;
    }
  }
  function setMode(m) {
    mode = m;
    var b = document.querySelector('button[data-action=pencil]');
    b.textContent = 'Pencil: ' + m;
    b.setAttribute('aria-pressed', m === 'off' ? 'false' : 'true');
    body.setAttribute('data-pencil', m);
  }
  document.addEventListener('click', function (e) {
    var b = e.target.closest('button');
    if (!b) return;
    if (b.hasAttribute('data-digit')) { input(+b.getAttribute('data-digit')); cellEls[selected].focus({ preventScroll: true }); return; }
    var a = b.getAttribute('data-action');
    if (a) { act(a); if (a !== 'next' && a !== 'previous' && a !== 'pencil') cellEls[selected].focus({ preventScroll: true }); }
  });
  boardEl.addEventListener('pointerdown', function (e) {
    var el = e.target.closest('.cell');
    if (el) { e.preventDefault(); select(cellEls.indexOf(el)); }
  });
  choose.addEventListener('change', function () { open(+choose.value); });
  function valueOfKey(e) {
    var k = e.key;
    if (e.shiftKey && /^(Digit|Numpad)\d$/.test(e.code)) k = e.code.slice(-1);
    if (k.length !== 1) return 0;
    var at = symbols.indexOf(k);
    if (at < 0) at = symbols.map(function (s) { return s.toUpperCase(); }).indexOf(k.toUpperCase());
    return at >= 0 && at < n ? at + 1 : 0;
  }
  document.addEventListener('keydown', function (e) {
    var tag = e.target.tagName;
    var ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && !e.altKey) {
      var key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) { e.preventDefault(); act('undo'); }
      else if (key === 'y' || (key === 'z' && e.shiftKey)) { e.preventDefault(); act('redo'); }
      return;
    }
    if (tag === 'SELECT' || tag === 'INPUT' || e.altKey) return;
    var r = Math.floor(selected / n), k = selected % n;
    var move = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    if (move) { e.preventDefault(); select(((r + move[0] + n) % n) * n + (k + move[1] + n) % n); return; }
    if (tag === 'BUTTON' && (e.key === ' ' || e.key === 'Enter')) return;
    if (e.key === ' ') { e.preventDefault(); act('pencil'); return; }
    if (e.key === 'Backspace' || e.key === 'Delete') { e.preventDefault(); clear(); return; }
    var v = valueOfKey(e);
    if (v) { e.preventDefault(); input(v, e.shiftKey ? 'corner' : undefined); return; }
    if (e.key === '0' || e.key === '.') { e.preventDefault(); clear(); }
  });
  document.addEventListener('visibilitychange', function () { if (P) save(); });
  window.addEventListener('pagehide', function () { if (P) save(); });

  // The print view: the puzzle, then its solution, as the PDF lays them out.
  function grid(values, filled) {
    var g = document.createElement('div');
    g.className = 'grid';
    g.style.setProperty('--n', n);
    for (var c = 0; c < N; c++) {
      var d = document.createElement('div');
      borders(d, c);
      if (filled && !givens[c]) d.className += ' filled';
      d.textContent = values[c] ? symbols[values[c] - 1] : '';
      g.appendChild(d);
    }
    if (!filled) drawCages(Array.prototype.slice.call(g.children), P.cages);
    return g;
  }
  function section(heading, values, filled) {
    var s = document.createElement('section');
    var h = document.createElement('h2'); h.textContent = heading; s.appendChild(h);
    var l = document.createElement('p'); l.className = 'label'; l.textContent = '#' + P.n + (P.label ? '  ' + P.label : ''); s.appendChild(l);
    s.appendChild(grid(values, filled));
    return s;
  }
  function drawPrint() {
    printEl.textContent = '';
    printEl.appendChild(section(book.title, givens, false));
    if (book.answers) printEl.appendChild(section(book.answersHeading, solution, true));
  }

  // Start: the puzzle last open, then the hints unpacked.
  var last = load(bookKey);
  open(last && typeof last.open === 'number' && last.open < puzzles.length ? last.open : 0);
  setMode('off');
  setInterval(function () { if (P && !S.done && !document.hidden) tick(); }, 1000);
  setInterval(function () { if (P && !S.done && !document.hidden) save(); }, 5000);
  (function unpack() {
    try {
      var bin = atob(book.steps), bytes = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
      new Response(stream).text().then(function (t) { steps = JSON.parse(t); body.setAttribute('data-hints', 'ready'); },
        function () { steps = []; body.setAttribute('data-hints', 'none'); });
    } catch (e) { steps = []; body.setAttribute('data-hints', 'none'); }
  })();
})();
