// plylab notebook: the viewer of a search tree drawn in a page. A tree's
// SVG gets a bar (zoom out, in, fit, actual size), a scrolling stage that
// pans by dragging and zooms with Ctrl+wheel, and a panel that explains a
// node when it is clicked or chosen by keyboard (path, side to move, the
// window on entry, value, why the search ended there, the position).
// Used by notebook.js (plylabTreeViewer.attach); hands the drawing to the
// replay of the search (replay.js) when the page has it. No external
// code, no inline scripts.
"use strict";
(function () {
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  const glyphs = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
  function miniBoard(fen) {
    const grid = el("div", "mini-board");
    const rows = fen.split(" ")[0].split("/");
    rows.forEach((row, r) => {
      let f = 0;
      for (const ch of row) {
        if (/[1-8]/.test(ch)) {
          for (let k = 0; k < +ch; k++) grid.appendChild(el("span", ((r + f++) % 2 ? "dark" : "light"), ""));
        } else {
          grid.appendChild(el("span", ((r + f++) % 2 ? "dark" : "light") + (ch === ch.toUpperCase() ? " white" : " black"), glyphs[ch] || "?"));
        }
      }
    });
    grid.setAttribute("role", "img");
    grid.setAttribute("aria-label", "position " + fen);
    return grid;
  }
  function nodeInfo(info, g) {
    const d = g.dataset;
    info.textContent = "";
    info.hidden = false;
    if (g.classList.contains("pruned")) {
      info.appendChild(el("p", "node-title", "pruned: " + (d.moves || "")));
      info.appendChild(el("p", "node-why", d.why));
      return;
    }
    info.appendChild(el("p", "node-title", (d.path === "root" ? "the root" : d.path) + " · " + d.player + " to move · ply " + d.ply + " · depth " + d.depth));
    const dl = el("dl");
    for (const [k, v] of [["window on entry", d.window], ["value", d.value], ["ended", d.end]]) {
      dl.appendChild(el("dt", "", k));
      dl.appendChild(el("dd", "", v));
    }
    info.appendChild(dl);
    info.appendChild(el("p", "node-why", d.why));
    if (d.fen) {
      info.appendChild(miniBoard(d.fen));
      info.appendChild(el("p", "node-fen", d.fen));
    }
  }
  function treeViewer(svg) {
    const fig = svg.closest("figure");
    if (!fig || fig.classList.contains("tree")) return;
    fig.classList.add("tree");
    const vb = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
    const w = vb[2] || svg.getBoundingClientRect().width, h = vb[3] || svg.getBoundingClientRect().height;
    const bar = el("div", "tree-bar");
    const stage = el("div", "tree-stage");
    // The scrolling area takes the focus, so the keyboard scrolls it.
    stage.tabIndex = 0;
    stage.setAttribute("role", "region");
    stage.setAttribute("aria-label", "search tree: scroll, drag, or Tab to its nodes");
    const info = el("div", "tree-info");
    info.hidden = true;
    info.setAttribute("aria-live", "polite");
    let scale = 1;
    const apply = (s, cx, cy) => {
      // Zoom about the point (cx, cy) of the stage, keeping it in place.
      const r = stage.getBoundingClientRect();
      cx = cx === undefined ? r.width / 2 : cx;
      cy = cy === undefined ? r.height / 2 : cy;
      const ux = (stage.scrollLeft + cx) / scale, uy = (stage.scrollTop + cy) / scale;
      scale = Math.min(8, Math.max(0.1, s));
      svg.setAttribute("width", (w * scale).toFixed(1));
      svg.setAttribute("height", (h * scale).toFixed(1));
      stage.scrollLeft = ux * scale - cx;
      stage.scrollTop = uy * scale - cy;
      zoomLabel.textContent = Math.round(scale * 100) + "%";
      fig.dataset.scale = scale.toFixed(3);
    };
    const button = (cls, label, title, f) => {
      const b = el("button", cls, label);
      b.type = "button";
      b.title = title;
      b.addEventListener("click", f);
      bar.appendChild(b);
    };
    const fit = () => apply(Math.min(1, (stage.clientWidth - 8) / w, (stage.clientHeight - 8) / h));
    button("zoom-out", "−", "zoom out", () => apply(scale / 1.25));
    button("zoom-in", "+", "zoom in", () => apply(scale * 1.25));
    button("zoom-fit", "fit", "fit the whole tree", fit);
    button("zoom-one", "100%", "actual size", () => apply(1));
    const zoomLabel = el("span", "tree-zoom", "100%");
    bar.appendChild(zoomLabel);
    bar.appendChild(el("span", "tree-hint", "drag to move · Ctrl+wheel to zoom · click a node"));
    svg.parentNode.insertBefore(bar, svg);
    bar.after(stage);
    stage.appendChild(svg);
    stage.after(info);
    svg.style.maxWidth = "none";
    svg.style.maxHeight = "none";
    // Start at a size whose text can be read: the natural size, or
    // larger for a small tree; the root in view.
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
    stage.addEventListener("pointerdown", (e) => {
      drag = { x: e.clientX, y: e.clientY, l: stage.scrollLeft, t: stage.scrollTop, moved: false };
    });
    stage.addEventListener("pointermove", (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) { drag.moved = true; stage.classList.add("dragging"); }
      stage.scrollLeft = drag.l - dx;
      stage.scrollTop = drag.t - dy;
    });
    const end = () => { stage.classList.remove("dragging"); setTimeout(() => { drag = null; }, 0); };
    stage.addEventListener("pointerup", end);
    stage.addEventListener("pointerleave", end);
    const choose = (g) => {
      svg.querySelectorAll("g.selected").forEach((x) => x.classList.remove("selected"));
      g.classList.add("selected");
      nodeInfo(info, g);
    };
    svg.addEventListener("click", (e) => {
      if (drag && drag.moved) return;
      const g = e.target.closest("g.node, g.pruned");
      if (!g) return;
      choose(g);
    });
    treeKeys(svg, choose);
    if (window.plylabReplay) window.plylabReplay.attach(svg, { bar: bar, stage: stage });
  }
  // treeKeys makes a drawing's nodes reachable by keyboard: one node of
  // each tree is in the tab order (the root, then the node last moved
  // to), the arrow keys move to the parent (up), the first child (down)
  // and the siblings (left, right), Enter or Space chooses the node.
  function treeKeys(svg, choose) {
    const gs = [...svg.querySelectorAll("g.node, g.pruned")];
    const key = (tree, id) => (tree || "") + ":" + id;
    const byID = new Map(), kids = new Map();
    for (const g of gs) {
      const d = g.dataset;
      if (g.classList.contains("node")) byID.set(key(d.tree, d.node), g);
      const up = g.classList.contains("pruned") ? d.of : d.parent;
      if (up === undefined) continue;
      const k = key(d.tree, up);
      if (!kids.has(k)) kids.set(k, []);
      kids.get(k).push(g);
    }
    const parentOf = (g) => byID.get(key(g.dataset.tree, g.classList.contains("pruned") ? g.dataset.of : g.dataset.parent));
    const childrenOf = (g) => (g.classList.contains("node") && kids.get(key(g.dataset.tree, g.dataset.node))) || [];
    gs.forEach((g) => {
      g.setAttribute("tabindex", "-1");
      g.setAttribute("role", "button");
      const title = g.querySelector("title");
      if (title) g.setAttribute("aria-label", title.textContent);
    });
    // The root of each tree is its tab stop (the drawing lists children
    // before their parent, so a root is the last node without a parent).
    for (const g of gs) if (g.classList.contains("node") && g.dataset.parent === undefined) g.setAttribute("tabindex", "0");
    svg.addEventListener("keydown", (e) => {
      const g = e.target.closest && e.target.closest("g.node, g.pruned");
      if (!g || e.ctrlKey || e.metaKey || e.altKey) return;
      let to = null;
      if (e.key === "Enter" || e.key === " ") { choose(g); e.preventDefault(); return; }
      const up = parentOf(g), sibs = up ? childrenOf(up) : [g];
      if (e.key === "ArrowUp") to = up;
      else if (e.key === "ArrowDown") to = childrenOf(g)[0];
      else if (e.key === "ArrowLeft") to = sibs[sibs.indexOf(g) - 1];
      else if (e.key === "ArrowRight") to = sibs[sibs.indexOf(g) + 1];
      else return;
      e.preventDefault();
      if (!to) return;
      g.setAttribute("tabindex", "-1");
      to.setAttribute("tabindex", "0");
      to.focus();
    });
  }

  window.plylabTreeViewer = { attach: treeViewer };
})();
