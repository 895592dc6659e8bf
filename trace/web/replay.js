// plylab replay: watch a traced search think. A drawing of `plylab tree`
// (trace/draw.go) carries, on every node, the recorder's own record of
// the search: when it entered the node and when it left it (the event's
// number in the search and the nodes, leaves and cutoffs counted so far),
// the window on entry, the value returned, whether the node raised its
// parent's best so far, and at a cutoff the child that caused it. This
// script only orders those events by their number and shows them one at
// a time; it computes no search of its own.
//
// One tree replays event by event: each entry and each exit is a step.
// Two trees side by side (`tree --side-by-side`) replay in lockstep: a
// step is one node, and each tree shows what it had done when it had
// entered that many nodes, so one finishes while the other still works.
//
// Used by the notebook's pages (tree-viewer.js calls plylabReplay.attach
// from its tree viewer) and, with a small viewer of its own, by the
// self-contained page of `plylab tree --format html` (a meta tag
// plylab-replay=auto). No external code.
"use strict";
(function () {
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function moment(s) {
    const v = (s || "").split(" ").map(Number);
    return { seq: v[0], nodes: v[1], leaves: v[2], cutoffs: v[3] };
  }
  function thousands(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }

  // ------------------------------------------------------------------
  // The board of a chess node: its FEN, the move that led there marked.
  const glyphs = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
  function board(fen, uci, caption) {
    const grid = el("div", "rp-board");
    const marked = {};
    if (/^[a-h][1-8][a-h][1-8]/.test(uci || "")) {
      for (const sq of [uci.slice(0, 2), uci.slice(2, 4)]) marked[(8 - +sq[1]) * 8 + (sq.charCodeAt(0) - 97)] = true;
    }
    let i = 0;
    fen.split(" ")[0].split("/").forEach((row, r) => {
      let f = 0;
      for (const ch of row) {
        const n = /[1-8]/.test(ch) ? +ch : 1;
        for (let k = 0; k < n; k++, f++, i++) {
          const piece = /[1-8]/.test(ch) ? "" : ch;
          let cls = (r + f) % 2 ? "dark" : "light";
          if (piece) cls += piece === piece.toUpperCase() ? " white" : " black";
          if (marked[i]) cls += " moved";
          grid.appendChild(el("span", cls, piece ? glyphs[piece] || "?" : ""));
        }
      }
    });
    grid.setAttribute("role", "img");
    grid.setAttribute("aria-label", caption + ": " + fen);
    return grid;
  }

  // ------------------------------------------------------------------
  // The record: one tree of the drawing, its nodes and events.
  function readTree(svg, index) {
    const nodes = new Map();
    svg.querySelectorAll('g.node[data-tree="' + index + '"]').forEach((g) => {
      const d = g.dataset;
      if (!d.enter || !d.leave) return;
      nodes.set(d.node, {
        g: g, id: d.node, parent: d.parent, move: d.move || "", path: d.path || "", player: d.player,
        window: d.window || "", value: d.value || "", end: d.end || "", why: d.why || "", fen: d.fen || "",
        enter: moment(d.enter), leave: moment(d.leave), raised: d.raised === "1", cause: d.cause || "",
        standpat: d.standpat || "", fold: d.fold || "", children: [], edge: null, pruned: null, prunedEdge: null,
      });
    });
    if (!nodes.size) return null;
    for (const n of nodes.values()) {
      const p = n.parent !== undefined ? nodes.get(n.parent) : null;
      n.up = p || null;
      if (p) p.children.push(n);
    }
    svg.querySelectorAll('g.edge[data-tree="' + index + '"]').forEach((g) => {
      if (g.dataset.to !== undefined && nodes.has(g.dataset.to)) nodes.get(g.dataset.to).edge = g;
      if (g.dataset.pruned !== undefined && nodes.has(g.dataset.pruned)) nodes.get(g.dataset.pruned).prunedEdge = g;
    });
    svg.querySelectorAll('g.pruned[data-tree="' + index + '"]').forEach((g) => {
      if (nodes.has(g.dataset.of)) nodes.get(g.dataset.of).pruned = g;
    });
    const events = [];
    let root = null;
    for (const n of nodes.values()) {
      events.push({ n: n, enter: true, at: n.enter }, { n: n, enter: false, at: n.leave });
      if (!n.up) root = n;
    }
    events.sort((a, b) => a.at.seq - b.at.seq);
    events.forEach((e, i) => { if (e.enter) e.n.enterAt = i; else e.n.leaveAt = i; });
    const frame = svg.querySelector('g.trace[data-tree="' + index + '"]');
    return {
      index: index, nodes: nodes, events: events, root: root, pos: 0, moved: false,
      algo: frame ? frame.dataset.algo : "", kind: frame ? frame.dataset.kind : "",
      total: root ? root.leave.nodes : 0,
    };
  }

  // ------------------------------------------------------------------
  // Showing a tree at an event: classes on the drawing, changed one
  // event at a time (forward or back), so a step costs the same on a
  // tree of ten nodes or of thousands.
  function setState(n, state) {
    if (n.state === state) return;
    if (n.state) n.g.classList.remove(n.state);
    n.state = state;
    n.g.classList.add(state);
    if (n.edge) n.edge.classList.toggle("rp-future", state === "rp-future");
    const pr = state !== "rp-done";
    if (n.pruned) n.pruned.classList.toggle("rp-future", pr);
    if (n.prunedEdge) n.prunedEdge.classList.toggle("rp-future", pr);
  }
  function apply(t, ev, forward) {
    if (ev.enter) setState(ev.n, forward ? "rp-open" : "rp-future");
    else setState(ev.n, forward ? "rp-done" : "rp-open");
  }
  function seek(t, pos) {
    pos = Math.max(0, Math.min(t.events.length, pos));
    if (Math.abs(pos - t.pos) > 64) {
      // A long jump (the scrubber): each node's state at pos at once,
      // from its events' places, writing only what changes.
      for (const n of t.nodes.values()) setState(n, n.enterAt >= pos ? "rp-future" : n.leaveAt < pos ? "rp-done" : "rp-open");
      t.pos = pos;
      return;
    }
    while (t.pos < pos) apply(t, t.events[t.pos++], true);
    while (t.pos > pos) apply(t, t.events[--t.pos], false);
  }
  // mark draws the current event: the node, its path from the root, the
  // cutoff happening now and the moves it leaves unsearched.
  function mark(t) {
    for (const g of t.marked || []) g.classList.remove("rp-current", "rp-path", "rp-cut-now", "rp-pruned-now");
    t.marked = [];
    const ev = t.pos > 0 ? t.events[t.pos - 1] : null;
    if (!ev) return;
    const add = (g, c) => { if (g) { g.classList.add(c); t.marked.push(g); } };
    add(ev.n.g, "rp-current");
    for (let n = ev.n; n; n = n.up) {
      if (n !== ev.n) add(n.g, "rp-path");
      add(n.edge, "rp-path");
    }
    if (!ev.enter && ev.n.cause) {
      add(ev.n.g, "rp-cut-now");
      add(ev.n.pruned, "rp-pruned-now");
      add(ev.n.prunedEdge, "rp-pruned-now");
    }
  }

  // ------------------------------------------------------------------
  // The panel: what the search is doing at the current event.
  // names is the moves from the root to n; a fold (several moves drawn
  // as one box, one step in and one out) is named in brackets.
  function names(n) {
    const out = [];
    for (; n && n.up; n = n.up) out.unshift(n.fold ? "[" + n.move + "]" : n.move);
    return out.join(" ");
  }
  function bestSoFar(n, seq) {
    const p = n.up;
    if (!p) return "";
    let best = null;
    for (const c of p.children) if (c.raised && c.leave.seq <= seq && (!best || c.leave.seq > best.leave.seq)) best = c;
    if (best) return best.move + " (" + best.value + ")";
    if (p.standpat) return "stand pat (" + p.standpat + ")";
    return "none yet";
  }
  function cutoffText(n) {
    const cause = n.cause ? n.children.find((c) => c.id === n.cause) : null;
    let s = n.end;
    if (cause) s += ": " + cause.move + " (" + cause.value + ") reached the bound";
    if (n.pruned) {
      const moves = (n.pruned.dataset.moves || "").split(" ").filter(Boolean);
      s += "; never searched: " + moves.join(", ");
    }
    return s;
  }
  function panel(t, lockstep) {
    const p = el("div", "rp-panel");
    p.dataset.tree = t.index;
    if (lockstep) p.appendChild(el("p", "rp-algo", t.algo));
    t.ui = {
      now: p.appendChild(el("p", "rp-now")),
      count: null, dl: el("dl"), fields: {}, board: el("div", "rp-board-box"),
    };
    for (const [k, label] of [["path", "moves from the root"], ["window", "window on entry"], ["value", "value returned"],
      ["best", "best so far at its parent"], ["cut", "cutoff"]]) {
      const dt = el("dt", "rp-" + k + "-label", label), dd = el("dd", "rp-" + k);
      t.ui.dl.appendChild(dt);
      t.ui.dl.appendChild(dd);
      t.ui.fields[k] = { dt: dt, dd: dd };
    }
    p.appendChild(t.ui.dl);
    t.ui.count = p.appendChild(el("p", "rp-count"));
    p.appendChild(t.ui.board);
    return p;
  }
  function show(t, lockstep) {
    const ui = t.ui, f = ui.fields;
    const ev = t.pos > 0 ? t.events[t.pos - 1] : null;
    const panelEl = ui.now.parentNode;
    panelEl.dataset.node = ev ? ev.n.id : "";
    panelEl.dataset.event = ev ? (ev.enter ? "enter" : "leave") : "";
    const at = ev ? ev.at : { nodes: 0, leaves: 0, cutoffs: 0, seq: -1 };
    const done = t.pos === t.events.length;
    ui.count.textContent = "nodes visited " + thousands(at.nodes) + " · leaves " + thousands(at.leaves) + " · cutoffs " + thousands(at.cutoffs) +
      (done ? " · finished" : "");
    if (!ev) {
      ui.now.textContent = lockstep ? "waiting to start" : "before the search: press ▶ or →";
      for (const k of Object.keys(f)) { f[k].dd.textContent = ""; f[k].dt.hidden = f[k].dd.hidden = true; }
      ui.board.textContent = "";
      return;
    }
    const n = ev.n;
    const who = n.player === "MAX" ? "MAX" : "MIN";
    const name = n.up ? names(n) : "the root";
    ui.now.textContent = (done && lockstep ? "finished · " : "") +
      (ev.enter ? "enters " + name + " (" + who + " to move)" : "leaves " + name + " with " + n.value);
    const set = (k, v) => { f[k].dd.textContent = v; f[k].dt.hidden = f[k].dd.hidden = v === ""; };
    set("path", names(n) || "(the root)");
    set("window", n.window);
    set("value", ev.enter ? "searching…" : n.value);
    set("best", bestSoFar(n, at.seq));
    set("cut", !ev.enter && n.cause ? cutoffText(n) : !ev.enter && /cutoff|pruned|stand pat/.test(n.end) ? n.end : "");
    if (n.fen !== ui.fen) {
      ui.fen = n.fen;
      ui.board.textContent = "";
      if (n.fen) {
        const uci = n.path.split(" ").pop();
        ui.board.appendChild(board(n.fen, uci, n.up ? "after " + n.move : "the searched position"));
        ui.board.appendChild(el("p", "rp-board-caption", n.up ? "after " + names(n) : "the searched position"));
      }
    }
  }

  // ------------------------------------------------------------------
  // attach adds the replay to a drawing. host, when given (the notebook's
  // tree viewer), holds the figure's toolbar bar, its scrolling stage
  // and its node panel info; the replay's controls go after the toolbar
  // and its panel after the stage.
  function attach(svg, host) {
    if (svg.dataset.replay) return null;
    const trees = [];
    for (let i = 1; ; i++) {
      if (!svg.querySelector('g.node[data-tree="' + i + '"]')) break;
      const t = readTree(svg, i);
      if (t && t.events.length) trees.push(t);
    }
    if (!trees.length) return null;
    svg.dataset.replay = "on";
    const lockstep = trees.length > 1;
    // In lockstep a position is a number of nodes; alone, an event.
    const last = lockstep ? Math.max(...trees.map((t) => t.total)) : trees[0].events.length;
    const box = el("div", "replay");
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", lockstep ? "replay of the searches, side by side" : "replay of the search");
    const bar = el("div", "rp-bar");
    const button = (cls, label, title, f) => {
      const b = el("button", cls, label);
      b.type = "button";
      b.title = title;
      b.setAttribute("aria-label", title);
      b.addEventListener("click", f);
      bar.appendChild(b);
      return b;
    };
    let pos = last, active = false, timer = 0, playing = false;
    const go = (p) => { stop(); to(p); };
    button("rp-start", "◀◀", "to the start (Home)", () => go(0));
    button("rp-back", "◀ back", "step back (←)", () => go((active ? pos : last) - 1));
    const play = button("rp-play", "▶ play", "play (space)", () => toggle());
    button("rp-next", "next ▶", "step forward (→)", () => go(active ? pos + 1 : 1));
    button("rp-end", "▶▶", "to the end (End)", () => go(last));
    const speedLabel = el("label", "rp-speed", "speed ");
    const speed = el("select");
    const unit = lockstep ? "nodes" : "steps";
    for (const v of [1, 2, 5, 10, 25, 100]) {
      const o = el("option", "", v + " " + unit + "/s");
      o.value = v;
      speed.appendChild(o);
    }
    speed.value = last <= 60 ? "2" : "25";
    speedLabel.appendChild(speed);
    bar.appendChild(speedLabel);
    const scrub = el("input", "rp-scrub");
    scrub.type = "range";
    scrub.min = 0;
    scrub.max = last;
    scrub.step = 1;
    scrub.value = last;
    scrub.setAttribute("aria-label", lockstep ? "nodes searched" : "step of the search");
    bar.appendChild(scrub);
    const where = el("span", "rp-pos");
    where.setAttribute("aria-hidden", "true");
    bar.appendChild(where);
    const panels = el("div", "rp-panels" + (lockstep ? " lockstep" : ""));
    for (const t of trees) panels.appendChild(panel(t, lockstep));
    const status = el("p", "rp-status");
    status.setAttribute("role", "status");
    box.appendChild(bar);

    // to shows position p: every tree brought to it, the drawing marked.
    function to(p) {
      p = Math.max(0, Math.min(last, p));
      if (!active) {
        active = true;
        svg.classList.add("rp-on");
        box.classList.add("active");
        if (stage) stage.classList.add("rp-active");
        for (const t of trees) {
          // The drawing showed the whole search: every event applied.
          t.pos = t.events.length;
          for (const n of t.nodes.values()) setState(n, "rp-done");
        }
      }
      pos = p;
      let moved = null;
      for (const t of trees) {
        const target = lockstep ? upTo(t, p) : p;
        if (target !== t.pos && !moved) moved = t;
        seek(t, target);
        mark(t);
        show(t, lockstep);
      }
      scrub.value = p;
      const text = (lockstep ? "nodes " + thousands(p) + " of " + thousands(last) : "step " + thousands(p) + " of " + thousands(last));
      where.textContent = text;
      scrub.setAttribute("aria-valuetext", text);
      box.dataset.pos = p;
      if (!playing) status.textContent = text + ": " + trees.map((t) => t.ui.now.textContent).join("; ");
      if (moved) follow(moved);
    }
    // upTo is how many of t's events had happened when the search had
    // entered p nodes: every event counted at p nodes or fewer.
    function upTo(t, p) {
      let lo = 0, hi = t.events.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (t.events[mid].at.nodes <= p) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    }
    // follow scrolls the stage so that t's current node is in view.
    function follow(t) {
      const stage = host && host.stage ? host.stage : svg.parentNode;
      const ev = t.pos > 0 ? t.events[t.pos - 1] : null;
      if (!ev || !stage || stage.scrollWidth <= stage.clientWidth && stage.scrollHeight <= stage.clientHeight) return;
      // The part of the stage in the window: a tall stage may go on
      // below the screen.
      const r = ev.n.g.getBoundingClientRect(), b = stage.getBoundingClientRect();
      const s = { left: Math.max(b.left, 0), right: Math.min(b.right, innerWidth), top: Math.max(b.top, 0), bottom: Math.min(b.bottom, innerHeight) };
      if (s.right <= s.left || s.bottom <= s.top) return;
      if (r.left < s.left || r.right > s.right) stage.scrollLeft += r.left + r.width / 2 - (s.left + s.right) / 2;
      if (r.top < s.top || r.bottom > s.bottom) stage.scrollTop += r.top + r.height / 2 - (s.top + s.bottom) / 2;
    }
    function stop() {
      if (!playing) return;
      playing = false;
      cancelAnimationFrame(timer);
      play.textContent = "▶ play";
      play.title = "play (space)";
      play.setAttribute("aria-label", play.title);
      status.setAttribute("aria-live", "polite");
      to(pos);
    }
    function toggle() {
      if (playing) { stop(); return; }
      if (!active || pos >= last) to(0);
      playing = true;
      play.textContent = "❚❚ pause";
      play.title = "pause (space)";
      play.setAttribute("aria-label", play.title);
      status.setAttribute("aria-live", "off");
      let t0 = performance.now(), done = 0;
      const tick = (now) => {
        if (!playing) return;
        const due = Math.floor((now - t0) / 1000 * +speed.value);
        if (due > done) {
          to(pos + (due - done));
          done = due;
        }
        if (pos >= last) { stop(); return; }
        timer = requestAnimationFrame(tick);
      };
      timer = requestAnimationFrame(tick);
    }
    speed.addEventListener("change", () => { if (playing) { stop(); toggle(); } });
    // Dragging the scrubber fires faster than frames: one jump a frame.
    let pending = -1;
    scrub.addEventListener("input", () => {
      stop();
      if (pending < 0) requestAnimationFrame(() => { const p = pending; pending = -1; to(p); });
      pending = +scrub.value;
    });
    box.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.target === speed) return;
      const onScrub = e.target === scrub;
      switch (e.key) {
        case "ArrowRight": if (onScrub) return; go(active ? pos + 1 : 1); break;
        case "ArrowLeft": if (onScrub) return; go((active ? pos : last) - 1); break;
        case "Home": if (onScrub) return; go(0); break;
        case "End": if (onScrub) return; go(last); break;
        case " ": toggle(); break;
        default: return;
      }
      e.preventDefault();
    });
    // Place the controls after the viewer's toolbar and the panels after
    // its stage; without a viewer, around the drawing.
    const stage = host && host.stage ? host.stage : null;
    if (host && host.bar && stage) {
      host.bar.after(box);
      stage.classList.add("rp-stage");
    } else {
      svg.before(box);
    }
    box.after(panels);
    panels.after(status);
    where.textContent = (lockstep ? "nodes " : "step ") + thousands(last) + " of " + thousands(last);
    for (const t of trees) { t.pos = t.events.length; show(t, lockstep); }
    const api = {
      to: (p) => { stop(); to(p); }, position: () => pos, last: last, lockstep: lockstep, toggle: toggle,
      playing: () => playing, trees: trees.map((t) => t.algo),
    };
    box.replay = api;
    svg.replay = api;
    return api;
  }

  // ------------------------------------------------------------------
  // A viewer for a page of its own (tree --format html): the drawing in
  // a scrolling stage with zoom buttons, drag to move, Ctrl+wheel to
  // zoom. (The notebook's pages have theirs in tree-viewer.js.)
  function viewer(svg) {
    const fig = svg.closest("figure") || svg.parentNode;
    const vb = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
    const w = vb[2] || 800, h = vb[3] || 600;
    const bar = el("div", "tree-bar");
    const stage = el("div", "tree-stage");
    stage.tabIndex = 0;
    stage.setAttribute("role", "region");
    stage.setAttribute("aria-label", "search tree (scrolls; drag to move)");
    let scale = 1;
    const zoomLabel = el("span", "tree-zoom", "100%");
    const apply = (s, cx, cy) => {
      const r = stage.getBoundingClientRect();
      cx = cx === undefined ? r.width / 2 : cx;
      cy = cy === undefined ? r.height / 2 : cy;
      const ux = (stage.scrollLeft + cx) / scale, uy = (stage.scrollTop + cy) / scale;
      scale = Math.min(8, Math.max(0.05, s));
      svg.setAttribute("width", (w * scale).toFixed(1));
      svg.setAttribute("height", (h * scale).toFixed(1));
      stage.scrollLeft = ux * scale - cx;
      stage.scrollTop = uy * scale - cy;
      zoomLabel.textContent = Math.round(scale * 100) + "%";
    };
    for (const [cls, label, title, f] of [
      ["zoom-out", "−", "zoom out", () => apply(scale / 1.25)],
      ["zoom-in", "+", "zoom in", () => apply(scale * 1.25)],
      ["zoom-fit", "fit", "fit the whole tree", () => apply(Math.min(1, (stage.clientWidth - 8) / w, (stage.clientHeight - 8) / h))],
      ["zoom-one", "100%", "actual size", () => apply(1)],
    ]) {
      const b = el("button", cls, label);
      b.type = "button";
      b.title = title;
      b.setAttribute("aria-label", title);
      b.addEventListener("click", f);
      bar.appendChild(b);
    }
    bar.appendChild(zoomLabel);
    svg.before(bar);
    bar.after(stage);
    stage.appendChild(svg);
    // Start at a size whose text can be read, the root in view.
    apply(Math.max(1, Math.min(1.6, (stage.clientWidth - 8) / w)));
    const root = svg.querySelector('g.node[data-node="0"]');
    if (root) {
      const rb = root.getBoundingClientRect(), sb = stage.getBoundingClientRect();
      stage.scrollLeft += rb.left + rb.width / 2 - (sb.left + sb.width / 2);
    }
    stage.addEventListener("wheel", (e) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const r = stage.getBoundingClientRect();
      apply(scale * (e.deltaY < 0 ? 1.15 : 1 / 1.15), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    let drag = null;
    stage.addEventListener("pointerdown", (e) => { drag = { x: e.clientX, y: e.clientY, l: stage.scrollLeft, t: stage.scrollTop }; });
    stage.addEventListener("pointermove", (e) => {
      if (!drag) return;
      stage.scrollLeft = drag.l - (e.clientX - drag.x);
      stage.scrollTop = drag.t - (e.clientY - drag.y);
    });
    const end = () => { drag = null; };
    stage.addEventListener("pointerup", end);
    stage.addEventListener("pointerleave", end);
    if (fig && fig.classList) fig.classList.add("tree");
    return { bar: bar, stage: stage };
  }

  function attachAll(root) {
    (root || document).querySelectorAll("svg").forEach((svg) => {
      if (svg.querySelector("g.node[data-enter]")) attach(svg, viewer(svg));
    });
  }

  window.plylabReplay = { attach: attach, attachAll: attachAll };
  const auto = document.querySelector('meta[name="plylab-replay"]');
  if (auto && auto.content === "auto") {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => attachAll(document));
    else attachAll(document);
  }
})();
