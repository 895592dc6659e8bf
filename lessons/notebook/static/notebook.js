// plylab notebook: runs cells through the server's JSON API
// (docs/notebook-api.md). No external code, no inline scripts.
"use strict";
(function () {
  const token = document.querySelector('meta[name="plylab-token"]').content;
  let session = "";

  function headers() {
    return { "Content-Type": "application/json", "X-Plylab-Token": token };
  }
  async function post(path, body) {
    const r = await fetch(path, { method: "POST", headers: headers(), body: JSON.stringify(body), credentials: "same-origin" });
    let data = null;
    try { data = await r.json(); } catch (e) { data = { error: { code: "bad_response", message: "the server answered " + r.status } }; }
    return data;
  }
  async function ensureSession() {
    if (!session) {
      const d = await post("/api/session", {});
      if (d.error) throw new Error(d.error.message);
      session = d.session;
    }
    return session;
  }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function randomID() {
    const a = new Uint8Array(12);
    crypto.getRandomValues(a);
    return Array.from(a, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  // commandsOf lists the command lines of a cell's text: no blank lines,
  // no "# comments"; a trailing backslash continues a line.
  function commandsOf(text) {
    const out = [];
    let cur = "";
    for (const raw of text.split("\n")) {
      const t = raw.trim();
      if (!cur && (t === "" || t.startsWith("#"))) continue;
      if (t.endsWith("\\")) { cur += t.slice(0, -1) + " "; continue; }
      out.push((cur + t).trim());
      cur = "";
    }
    if (cur.trim()) out.push(cur.trim());
    return out;
  }

  // runOne streams one command into box; returns the result object.
  async function runOne(cell, command, box) {
    const id = randomID();
    cell.runID = id;
    const pre = el("pre", "out");
    box.appendChild(pre);
    let live = null;
    let res = null;
    const resp = await fetch("/api/stream", {
      method: "POST", headers: headers(), credentials: "same-origin",
      body: JSON.stringify({ command: command, session: await ensureSession(), id: id }),
    });
    if (!resp.ok) {
      pre.remove();
      let d;
      try { d = await resp.json(); } catch (e) { d = { error: { code: "http", message: "the server answered " + resp.status } }; }
      return { error: d.error, output: "" };
    }
    const reader = resp.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (!line) continue;
        const ev = JSON.parse(line);
        if (ev.type === "output") {
          pre.textContent += ev.text;
        } else if (ev.type === "live") {
          // The rows finished so far, as the final table will show them.
          if (!live) { live = el("pre", "out live"); box.appendChild(live); }
          live.textContent = ev.text.replace(/\n$/, "");
        } else if (ev.type === "progress") {
          setStatus(cell, "running… " + (ev.elapsed_ms / 1000).toFixed(1) + " s", "running");
        } else if (ev.type === "result") {
          res = ev.result;
        }
      }
    }
    if (live) live.remove();
    if (!res) res = { error: { code: "stopped", message: "the connection closed before the result came" } };
    pre.remove();
    showResult(box, res, pre.textContent);
    return res;
  }

  // showResult draws a command's result: the server's rendering of it
  // (tables, pictures), or its text and pictures when there is none.
  function showResult(box, res, streamed) {
    const part = el("div", "result");
    if (res.html) {
      // Drawn by plylab's own renderer (lessons.OutputHTML): escaped text,
      // tables and plylab's own pictures; the page's CSP runs no script.
      part.innerHTML = res.html;
    } else {
      const text = (res.output || streamed || "").replace(/\n$/, "");
      if (text) part.appendChild(el("pre", "out", text));
      for (const p of res.svgs || []) {
        const fig = el("figure");
        const img = el("img");
        img.alt = p.name;
        img.src = p.url ? p.url : "data:image/svg+xml;charset=utf-8," + encodeURIComponent(p.svg);
        fig.appendChild(img);
        fig.appendChild(el("figcaption", "", p.caption || p.name));
        part.appendChild(fig);
      }
    }
    const files = res.files || [];
    if (files.length) {
      const p = el("p", "files", "files: ");
      for (const f of files) {
        const a = el("a", "", f.name);
        a.href = f.url;
        a.download = f.name;
        p.appendChild(a);
        p.appendChild(document.createTextNode(" "));
      }
      part.appendChild(p);
    }
    box.appendChild(part);
    enhance(part);
  }

  // ------------------------------------------------------------------
  // Search trees: pan, zoom, and a click on a node explains it.
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
    svg.addEventListener("click", (e) => {
      if (drag && drag.moved) return;
      const g = e.target.closest("g.node, g.pruned");
      if (!g) return;
      svg.querySelectorAll("g.selected").forEach((x) => x.classList.remove("selected"));
      g.classList.add("selected");
      nodeInfo(info, g);
    });
  }
  function enhance(root) {
    root.querySelectorAll("figure svg").forEach((svg) => {
      if (svg.querySelector("g.node")) treeViewer(svg);
    });
  }

  function setStatus(cell, text, kind) {
    const s = cell.querySelector(".status");
    s.textContent = text;
    s.className = "status" + (kind ? " " + kind : "");
  }

  async function runCell(cell) {
    const ta = cell.querySelector("textarea.cmd-edit");
    const box = cell.querySelector(".outputs");
    const run = cell.querySelector("button.run"), stop = cell.querySelector("button.stop");
    const cmds = commandsOf(ta.value);
    box.textContent = "";
    const details = cell.querySelector("details.reveal");
    if (details) details.open = true;
    if (!cmds.length) { setStatus(cell, "write a plylab command first", "error"); return; }
    run.disabled = true; stop.disabled = false;
    cell.classList.add("running");
    setStatus(cell, "running…", "running");
    const t0 = performance.now();
    let failed = null;
    try {
      for (const c of cmds) {
        if (cmds.length > 1) box.appendChild(el("div", "out-label", "$ " + c));
        const res = await runOne(cell, c, box);
        if (res.error) {
          failed = res.error;
          box.appendChild(el("p", "error", res.error.message));
          break;
        }
      }
    } catch (e) {
      failed = { code: "network", message: String(e) };
      box.appendChild(el("p", "error", "could not reach the server: " + e));
    }
    cell.runID = "";
    run.disabled = false; stop.disabled = true;
    cell.classList.remove("running");
    const secs = ((performance.now() - t0) / 1000).toFixed(2);
    if (failed) setStatus(cell, failed.code === "stopped" ? "stopped" : "error: " + failed.code, "error");
    else setStatus(cell, "done in " + secs + " s", "ok");
  }

  function wire(cell) {
    const ta = cell.querySelector("textarea.cmd-edit");
    const box = cell.querySelector(".outputs");
    const original = box ? box.innerHTML : "";
    cell.querySelector("button.run").addEventListener("click", () => runCell(cell));
    cell.querySelector("button.stop").addEventListener("click", async () => {
      if (cell.runID) {
        setStatus(cell, "stopping…", "running");
        await post("/api/stop", { id: cell.runID });
      }
    });
    cell.querySelector("button.reset").addEventListener("click", () => {
      ta.value = ta.defaultValue;
      box.innerHTML = original;
      enhance(box);
      setStatus(cell, "", "");
      edited(cell, ta);
      fit(ta);
    });
    ta.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey || e.shiftKey)) { e.preventDefault(); runCell(cell); }
    });
    ta.addEventListener("input", () => { fit(ta); edited(cell, ta); });
    ta.setAttribute("wrap", "off");
    fit(ta);
    if (box) enhance(box);
  }
  // edited marks a cell whose commands differ from the lesson's: its
  // prediction (a quiz) was asked about the original command.
  function edited(cell, ta) {
    const on = ta.value !== ta.defaultValue;
    cell.classList.toggle("edited", on);
    const q = cell.querySelector(".predict");
    if (!q) return;
    let note = q.querySelector(".edited-note");
    if (on && !note) {
      note = el("span", "edited-note", " (this question is about the original command: " + ta.defaultValue.split("\n").filter((l) => l && !l.startsWith("#")).join("; ") + ")");
      q.appendChild(note);
    } else if (!on && note) {
      note.remove();
    }
  }
  function fit(ta) {
    ta.style.height = "auto";
    // A long line scrolls sideways (wrap="off"): room for its scrollbar.
    const bar = ta.scrollWidth > ta.clientWidth ? 14 : 0;
    ta.style.height = ta.scrollHeight + 2 + bar + "px";
  }

  // ------------------------------------------------------------------
  // Scratch notebook
  function scratchCell(prose, source) {
    const sec = el("section", "cell");
    sec.dataset.cell = "";
    sec.appendChild(el("div", "cell-label", "cell"));
    const note = el("textarea", "prose-edit");
    note.placeholder = "A note in Markdown (optional): what do you expect?";
    note.value = prose || "";
    note.spellcheck = true;
    sec.appendChild(note);
    const ta = el("textarea", "cmd-edit");
    ta.spellcheck = false;
    ta.value = source || "plylab compare --position paper-mate2 --depth 3 --algo minimax,alphabeta";
    ta.defaultValue = ta.value;
    sec.appendChild(ta);
    const actions = el("div", "cell-actions");
    for (const [cls, label] of [["run", "Run"], ["stop", "Stop"], ["reset", "Reset"], ["remove", "Remove"]]) {
      const b = el("button", cls, label);
      b.type = "button";
      if (cls === "stop") b.disabled = true;
      actions.appendChild(b);
      actions.appendChild(document.createTextNode(" "));
    }
    actions.appendChild(el("span", "status"));
    sec.appendChild(actions);
    sec.appendChild(el("div", "outputs"));
    actions.querySelector(".remove").addEventListener("click", () => { sec.remove(); renumber(); });
    return sec;
  }
  function renumber() {
    document.querySelectorAll("#nb-cells section.cell").forEach((s, i) => {
      s.querySelector(".cell-label").textContent = "cell " + (i + 1);
      s.id = "cell-" + (i + 1);
    });
  }
  function addCell(prose, source) {
    const sec = scratchCell(prose, source);
    document.getElementById("nb-cells").appendChild(sec);
    wire(sec);
    renumber();
    return sec;
  }
  function message(text, kind) {
    const m = document.getElementById("nb-message");
    m.textContent = text;
    m.className = "status" + (kind ? " " + kind : "");
  }
  function notebook() {
    const cells = [];
    document.querySelectorAll("#nb-cells section.cell").forEach((s) => {
      cells.push({ prose: s.querySelector(".prose-edit").value, source: s.querySelector(".cmd-edit").value });
    });
    return { title: document.getElementById("nb-title").value, cells: cells };
  }
  function loadNotebook(nb) {
    document.getElementById("nb-cells").textContent = "";
    document.getElementById("nb-title").value = nb.title || "My notebook";
    for (const c of nb.cells) addCell(c.prose, c.source);
    if (!nb.cells.length) addCell("", "");
  }
  function setupScratch() {
    addCell("", "");
    document.getElementById("nb-add").addEventListener("click", () => addCell("", "plylab positions list"));
    document.getElementById("nb-download").addEventListener("click", async () => {
      const d = await post("/api/notebook/export", notebook());
      if (d.error) { message(d.error.message, "error"); return; }
      const a = el("a");
      a.href = URL.createObjectURL(new Blob([d.markdown], { type: "text/markdown" }));
      a.download = d.filename;
      document.body.appendChild(a);
      a.click();
      a.remove();
      message("downloaded " + d.filename, "ok");
    });
    document.getElementById("nb-load").addEventListener("change", async (e) => {
      const f = e.target.files[0];
      if (!f) return;
      const text = await f.text();
      const d = await post("/api/notebook/parse", { name: f.name, markdown: text });
      e.target.value = "";
      if (d.error) { message("cannot load " + f.name + ": " + d.error.message, "error"); return; }
      loadNotebook(d);
      message("loaded " + f.name + " (" + d.cells.length + " cells)", "ok");
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("section.cell[data-cell]").forEach(wire);
    if (document.getElementById("nb-cells")) setupScratch();
  });
  window.plylabNotebook = { commandsOf: commandsOf, enhance: enhance, showResult: showResult };
})();
