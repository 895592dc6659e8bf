// plylab notebook: runs cells through one of two back ends, chosen by a
// marker the page carries. Pages served by `plylab lesson serve` carry
// <meta name="plylab-token">: cells run on that server through its JSON
// API (docs/notebook-api.md). Pages of a static lesson site (`plylab lesson
// export --format site`) carry <meta name="plylab-backend" content="wasm">:
// cells run in this browser, in a Web Worker running plylab compiled to
// WebAssembly (static/plylab-worker.js). Both give the same events and
// results, so the rest of this file does not know which one runs.
// No external code, no inline scripts.
"use strict";
(function () {
  function meta(name) {
    const m = document.querySelector('meta[name="' + name + '"]');
    return m ? m.content : "";
  }

  // ------------------------------------------------------------------
  // Back end 1: the notebook server's HTTP API.
  function serverBackend() {
    const token = meta("plylab-token");
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
    // run streams one command: on(event) for output, live and progress
    // events; resolves with the result.
    async function run(id, command, bind, on) {
      const body = { command: command, session: await ensureSession(), id: id };
      if (bind) body.bind = bind;
      const resp = await fetch("/api/stream", { method: "POST", headers: headers(), credentials: "same-origin", body: JSON.stringify(body) });
      if (!resp.ok) {
        let d;
        try { d = await resp.json(); } catch (e) { d = { error: { code: "http", message: "the server answered " + resp.status } }; }
        return { error: d.error, output: "" };
      }
      const reader = resp.body.getReader();
      const dec = new TextDecoder();
      let buf = "", res = null;
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
          if (ev.type === "result") res = ev.result;
          else on(ev);
        }
      }
      return res || { error: { code: "stopped", message: "the connection closed before the result came" } };
    }
    return {
      kind: "server",
      ready: Promise.resolve(),
      run: run,
      stop: (id) => post("/api/stop", { id: id }),
      // A plan looks first at the lessons this session loaded.
      plan: (req) => post("/api/lesson/plan", Object.assign({ session: session }, req)),
      parse: (req) => post("/api/notebook/parse", req),
      exportNotebook: (nb) => post("/api/notebook/export", nb),
      // load draws a lesson file as its page; the session keeps it, so its
      // cells' runs bind to it.
      load: async (req) => {
        const d = await post("/api/notebook/load", Object.assign({ session: await ensureSession() }, req));
        if (d.session) session = d.session;
        return d;
      },
    };
  }

  // ------------------------------------------------------------------
  // Back end 2: plylab compiled to WebAssembly, in a Web Worker. The page
  // compiles the module once; a worker instantiates it. Stop asks the
  // engine to stop the run, which it takes at its next yield (a quarter of
  // a second at most) and answers with what it computed, as the server
  // does; a worker that does not answer within 0.8 s is ended and a fresh
  // one started (the module is compiled already, so that is quick). Runs
  // wait in a queue and go one at a time. Files a cell writes come back with its
  // result and stay in this page's memory (blob: addresses).
  function wasmBackend() {
    const base = meta("plylab-static") || "static/";
    let module = null, worker = null, ready = null, active = null;
    const queue = [];
    let seq = 0;
    // A lesson file (not built into the engine) with parameters comes with
    // its source; every worker is given it before anything else.
    const files = [];
    // The engine's download, in bytes, is shown on the page (loading()).
    function compile() {
      if (!module) {
        module = (async () => {
          const r = await fetch(base + "plylab.wasm.gz");
          if (!r.ok) throw new Error("cannot load " + base + "plylab.wasm.gz: the server answered " + r.status);
          // The file is gzipped; a host that sends it with
          // Content-Encoding: gzip has unpacked it already. Peek at the
          // first bytes, then compile while the rest arrives.
          const total = Number(r.headers.get("Content-Length")) || 0;
          let got = 0;
          const reader = r.body.getReader();
          const first = await reader.read();
          const head = first.value || new Uint8Array(0);
          got += head.length;
          loading(got, total);
          const body = new ReadableStream({
            start(c) { if (head.length) c.enqueue(head); },
            async pull(c) {
              const { value, done } = await reader.read();
              if (done) { performance.mark("plylab-downloaded"); loading(-1, total); c.close(); return; }
              got += value.length;
              loading(got, total);
              c.enqueue(value);
            },
          });
          const gz = head[0] === 0x1f && head[1] === 0x8b;
          const wasm = gz ? body.pipeThrough(new DecompressionStream("gzip")) : body;
          const mod = await WebAssembly.compileStreaming(new Response(wasm, { headers: { "Content-Type": "application/wasm" } }));
          performance.mark("plylab-compiled");
          return mod;
        })();
      }
      return module;
    }
    // loading shows how much of the engine has come (got of total bytes;
    // got -1 once all has come): in a line of the page's own, gone when
    // the engine is ready, and in the status of a cell waiting for it.
    let bar = null;
    function loading(got, total) {
      const mb = (n) => (n / 1e6).toFixed(2) + " MB";
      const text = got < 0 ? "starting plylab's engine…" :
        "loading plylab's engine: " + mb(got) + (total >= got ? " of " + mb(total) : "");
      if (!bar && document.body) {
        bar = el("p", "status running engine-load", "");
        bar.setAttribute("role", "status");
        document.body.appendChild(bar);
        ready.then(() => { bar.remove(); }, (e) => { bar.textContent = "plylab's engine failed: " + String(e.message || e); bar.className = "status error engine-load"; });
      }
      if (bar) bar.textContent = text;
      document.querySelectorAll("section.cell.running .status.waiting").forEach((s) => { s.textContent = text; });
    }
    function spawn() {
      let w;
      try {
        w = new Worker(base + "plylab-worker.js");
      } catch (e) {
        // A page opened from the disk (file:) may start no worker.
        ready = Promise.reject(new Error("this page cannot start plylab's engine (" + e.message + "): open the site through a web server, e.g. python3 -m http.server in its folder"));
        ready.catch(() => {});
        return;
      }
      worker = w;
      ready = new Promise((resolve, reject) => {
        w.onmessage = (e) => {
          const m = e.data;
          if (m.type === "ready") { resolve(); return; }
          if (m.type === "started") { performance.mark("plylab-started"); return; }
          if (m.type === "failed") { reject(new Error(m.message)); return; }
          if (!active || m.id !== active.id) return;
          if (m.type === "event") {
            const ev = JSON.parse(m.event);
            if (ev.type === "result") finish(ev.result);
            else if (active.on) active.on(ev);
          } else if (m.type === "answer") {
            finish(JSON.parse(m.answer));
          }
        };
        w.onerror = (e) => reject(new Error("the WebAssembly worker failed: " + (e.message || "unknown error")));
      });
      for (const f of files) queue.unshift({ kind: "call", id: "c" + ++seq, method: "lesson", request: f, resolve: () => {} });
      compile().then((mod) => w.postMessage({ type: "start", module: mod }), (err) => w.onerror({
        message: "cannot load plylab's engine: " + String(err.message || err) +
          (location.protocol === "file:" ? "; open the site through a web server, e.g. python3 -m http.server in its folder" : ""),
      }));
      ready.catch(() => {});
    }
    function finish(value) {
      const a = active;
      active = null;
      if (a.timer) clearInterval(a.timer);
      if (a.kill) clearTimeout(a.kill);
      a.resolve(value);
      next();
    }
    async function next() {
      if (active || !queue.length) return;
      active = queue.shift();
      const a = active;
      try {
        await ready;
      } catch (e) {
        if (active === a) finish({ error: { code: "no_engine", message: String(e.message || e) } });
        return;
      }
      if (active !== a) return;
      if (a.kind === "run") {
        const t0 = performance.now();
        a.timer = setInterval(() => a.on && a.on({ type: "progress", elapsed_ms: performance.now() - t0 }), 500);
        a.posted = true;
        worker.postMessage({ type: "run", id: a.id, request: JSON.stringify(a.request) });
      } else {
        worker.postMessage({ type: "call", id: a.id, method: a.method, request: JSON.stringify(a.request) });
      }
    }
    function enqueue(job) {
      return new Promise((resolve) => {
        job.resolve = resolve;
        queue.push(job);
        next();
      });
    }
    function withFiles(res) {
      // Files come with their bytes: keep them in memory, for the page's life.
      for (const f of res.files || []) {
        if (f.data !== undefined) {
          const bin = atob(f.data), bytes = new Uint8Array(bin.length);
          for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
          f.url = URL.createObjectURL(new Blob([bytes], { type: fileType(f.name) }));
          delete f.data;
        }
      }
      for (const p of res.svgs || []) {
        const f = (res.files || []).find((x) => x.name === p.name);
        if (f && !p.url && !p.svg) p.url = f.url;
      }
      return res;
    }
    function call(method, request) {
      return enqueue({ kind: "call", id: "c" + ++seq, method: method, request: request });
    }
    spawn();
    let lessonFile = Promise.resolve();
    const file = meta("plylab-lesson-file");
    if (file) {
      lessonFile = fetch(file).then((r) => r.text()).then((md) => {
        const f = { name: file.slice(file.lastIndexOf("/") + 1), markdown: md };
        files.push(f);
        return call("lesson", f);
      }).catch(() => {});
    }
    return {
      kind: "wasm",
      get ready() { return ready; },
      run: async (id, command, bind, on) => {
        const req = { command: command, id: id };
        if (bind) req.bind = bind;
        return withFiles(await enqueue({ kind: "run", id: id, request: req, on: on }));
      },
      stop: async (id) => {
        const i = queue.findIndex((j) => j.id === id);
        if (i >= 0) {
          const [j] = queue.splice(i, 1);
          j.resolve({ error: stoppedError() });
          return;
        }
        if (active && active.id === id) {
          const a = active;
          if (!a.posted) { finish({ error: stoppedError() }); return; }
          if (a.kill) return;
          worker.postMessage({ type: "stop", id: id });
          a.kill = setTimeout(() => {
            if (active !== a) return;
            worker.terminate();
            spawn();
            finish({ error: stoppedError() });
          }, 800);
        }
      },
      plan: async (req) => { await lessonFile; return call("plan", req); },
      parse: (req) => call("parse", req),
      exportNotebook: (nb) => call("export", nb),
      // load draws a lesson file as its page; every worker, the next ones
      // too, is given the file, so its cells' runs bind to it.
      load: async (req) => {
        const d = await call("load", req);
        if (!d.error) {
          const i = files.findIndex((f) => f.name === req.name);
          if (i >= 0) files[i] = req; else files.push(req);
        }
        return d;
      },
    };
  }
  function stoppedError() {
    return { code: "stopped", message: "stopped: you pressed Stop; the output above is what the command printed until then" };
  }
  function fileType(name) {
    const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
    return { svg: "image/svg+xml", png: "image/png", json: "application/json", csv: "text/csv", md: "text/markdown" }[ext] || "text/plain";
  }

  const backend = meta("plylab-backend") === "wasm" ? wasmBackend() : serverBackend();
  // The page is interactive once its back end is: a performance mark and
  // a data-plylab attribute on <html> say when (ready or failed).
  Promise.resolve(backend.ready).then(() => {
    performance.mark("plylab-ready");
    document.documentElement.dataset.plylab = "ready";
  }, (e) => {
    document.documentElement.dataset.plylab = "failed";
    document.documentElement.dataset.plylabError = String(e.message || e);
  });

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

  // runOne runs one command into box; returns the result object.
  async function runOne(cell, command, box, bind) {
    const id = randomID();
    cell.runID = id;
    const pre = el("pre", "out");
    pre.tabIndex = 0;
    box.appendChild(pre);
    let live = null;
    const res = await backend.run(id, command, bind, (ev) => {
      if (ev.type === "output") {
        pre.textContent += ev.text;
      } else if (ev.type === "live") {
        // The rows finished so far, as the final table will show them.
        if (!live) { live = el("pre", "out live"); live.tabIndex = 0; box.appendChild(live); }
        live.textContent = ev.text.replace(/\n$/, "");
      } else if (ev.type === "progress") {
        setStatus(cell, "running… " + (ev.elapsed_ms / 1000).toFixed(1) + " s", "running");
      }
    });
    const rows = live ? live.textContent : "";
    if (live) live.remove();
    pre.remove();
    if (res.error && res.command === undefined && !res.html && !res.output) {
      // It did not run (refused, or stopped with no result): what it
      // printed so far and the rows it finished stay.
      if (pre.textContent) { const kept = el("pre", "out", pre.textContent.replace(/\n$/, "")); kept.tabIndex = 0; box.appendChild(kept); }
      if (rows) { const kept = el("pre", "out", rows); kept.tabIndex = 0; box.appendChild(kept); }
      return res;
    }
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
      if (text) { const out = el("pre", "out", text); out.tabIndex = 0; part.appendChild(out); }
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
    // The result as drawn, before the viewers are attached: what Reset
    // puts back after a parameter's run (and attaches them to again).
    if (box.rawParts) box.rawParts.push(part.outerHTML);
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

  // runCell runs a cell's commands in order, stopping at the first that
  // fails; resolves true when all ran. bind, when set, ties the run to
  // the lesson's cell under values of its parameters: the results then
  // carry the values of the prose that reads the cell, put in place here.
  async function runCell(cell, bind) {
    const ta = cell.querySelector("textarea.cmd-edit");
    const box = cell.querySelector(".outputs");
    const run = cell.querySelector("button.run"), stop = cell.querySelector("button.stop");
    const cmds = commandsOf(ta.value);
    box.textContent = "";
    box.rawParts = [];
    const details = cell.querySelector("details.reveal");
    if (details) details.open = true;
    if (!cmds.length) { setStatus(cell, "write a plylab command first", "error"); return false; }
    run.disabled = true; stop.disabled = false;
    cell.classList.add("running");
    const started = document.documentElement.dataset.plylab === "ready";
    // A cell waiting for the engine shows its download (loading()).
    setStatus(cell, started ? "running…" : "starting plylab…", started ? "running" : "running waiting");
    const t0 = performance.now();
    let failed = null;
    const bound = {};
    let answer = "";
    try {
      for (const c of cmds) {
        if (cmds.length > 1) box.appendChild(el("div", "out-label", "$ " + c));
        const res = await runOne(cell, c, box, bind);
        for (const r of res.refs || []) {
          // The first command whose output has the value gives it.
          if (!bound[r.ref] || (bound[r.ref].error && !r.error)) bound[r.ref] = r;
        }
        if (res.answer && !answer) answer = res.answer;
        if (res.error) {
          failed = res.error;
          box.appendChild(el("p", "error", res.error.message));
          break;
        }
      }
    } catch (e) {
      failed = { code: "network", message: String(e) };
      box.appendChild(el("p", "error", (backend.kind === "server" ? "could not reach the server: " : "the engine failed: ") + e));
    }
    if (answer) {
      const p = el("p", "answer");
      p.appendChild(el("strong", "", "Answer:"));
      p.appendChild(document.createTextNode(" " + answer));
      box.appendChild(p);
    }
    if (bind) showBound(cell, bound, failed);
    cell.runID = "";
    run.disabled = false; stop.disabled = true;
    cell.classList.remove("running");
    const secs = ((performance.now() - t0) / 1000).toFixed(2);
    if (failed) setStatus(cell, failed.code === "stopped" ? "stopped" : "error: " + failed.code, "error");
    else setStatus(cell, "done in " + secs + " s", "ok");
    performance.mark("plylab-cell-done");
    return !failed;
  }

  // showBound puts the values of the prose that reads cell in place; a
  // value the new output lacks (an edited command, a changed parameter, a
  // failed run) is marked as not shown by the current output, with why,
  // and gets its value back when an output has it again.
  function showBound(cell, bound, failed) {
    const n = cell.dataset.cell;
    document.querySelectorAll('span.ref[data-cell="' + n + '"]').forEach((s) => {
      const r = bound[s.dataset.ref];
      s.classList.remove("stale", "pending");
      if (r && !r.error) {
        s.textContent = r.value;
        s.classList.remove("unbound");
        s.classList.add("updated");
        s.removeAttribute("title");
      } else {
        s.classList.remove("updated");
        s.classList.add("unbound");
        s.title = r ? r.error : failed ? "not shown by the current output: cell " + n + " did not run to the end: " + failed.message : "not shown by the current output of cell " + n;
      }
    });
  }
  // resetBound gives the prose that reads cell the values it had when
  // the page (or the last run of its parameters) drew them.
  function resetBound(cell) {
    document.querySelectorAll('span.ref[data-cell="' + cell.dataset.cell + '"]').forEach((s) => {
      if (s.dataset.shown === undefined) return;
      s.textContent = s.dataset.shown;
      s.classList.remove("unbound", "updated", "stale");
      if (s.dataset.title) s.title = s.dataset.title; else s.removeAttribute("title");
      if (s.dataset.pending) s.classList.add("pending");
    });
  }
  // keepBound records the values the prose that reads cell shows now as
  // the ones Reset gives back.
  function keepBound(root, cell) {
    const sel = cell ? 'span.ref[data-cell="' + cell.dataset.cell + '"]' : "span.ref";
    root.querySelectorAll(sel).forEach((s) => {
      s.dataset.shown = s.textContent;
      if (s.title) s.dataset.title = s.title; else delete s.dataset.title;
      if (s.classList.contains("pending")) s.dataset.pending = "1"; else delete s.dataset.pending;
    });
  }
  // lessonBind ties a run of cell to its lesson, under the values of the
  // lesson's parameters on the page; null for a cell of no lesson.
  function lessonBind(cell) {
    const host = cell.closest("[data-lesson]");
    const n = Number(cell.dataset.cell);
    if (!host || !n) return null;
    const params = {};
    const form = host.querySelector("form.params") || document.querySelector('form.params[data-lesson="' + host.dataset.lesson + '"]');
    if (form) for (const f of form.querySelectorAll("select[name], input[name]")) params[f.name] = String(f.value).trim();
    return { lesson: host.dataset.lesson, cell: n, params: params };
  }

  // ------------------------------------------------------------------
  // Parameters: a change re-runs, in order, the cells that use it, and the
  // prose that reads them follows.
  function setupParams(form) {
    const slug = form.dataset.lesson;
    const status = form.querySelector(".params-status");
    const fields = () => [...form.querySelectorAll("select[name], input[name]")];
    let running = null;
    form.addEventListener("submit", (e) => e.preventDefault());
    form.addEventListener("change", async (e) => {
      const name = e.target.name;
      if (!name) return;
      const params = {};
      for (const f of fields()) params[f.name] = String(f.value).trim();
      const me = {};
      running = me;
      status.textContent = "";
      status.className = "status params-status";
      const plan = await backend.plan({ lesson: slug, params: params, changed: [name] });
      if (running !== me) return;
      if (plan.error) {
        status.textContent = plan.error.message;
        status.className = "status params-status error";
        return;
      }
      document.querySelectorAll('span.param-value[data-param="' + name + '"]').forEach((s) => { s.textContent = plan.params[name]; s.classList.add("updated"); });
      const cells = plan.cells.map((pc) => ({ pc: pc, sec: document.getElementById("cell-" + pc.cell) })).filter((x) => x.sec);
      for (const { sec } of cells) {
        setStatus(sec, "waiting: " + name + " changed…", "running");
        document.querySelectorAll('span.ref[data-cell="' + sec.dataset.cell + '"]').forEach((s) => s.classList.add("stale"));
      }
      status.textContent = cells.length ? "running " + cells.length + (cells.length === 1 ? " cell" : " cells") + "…" : "";
      for (const { pc, sec } of cells) {
        if (running !== me) return;
        const ta = sec.querySelector("textarea.cmd-edit");
        ta.value = pc.source;
        ta.defaultValue = pc.source;
        edited(sec, ta);
        fit(ta);
        const ok = await runCell(sec, { lesson: slug, cell: pc.cell, params: params });
        if (ok) {
          sec.original = (sec.querySelector(".outputs").rawParts || []).join("");
          keepBound(document, sec);
        }
        if (!ok) {
          status.textContent = "cell " + pc.cell + " did not finish; the cells after it keep their outputs";
          status.className = "status params-status error";
          for (const x of cells) if (/^waiting/.test(x.sec.querySelector(".status").textContent)) setStatus(x.sec, "not run again", "error");
          return;
        }
      }
      status.textContent = cells.length ? "updated " + cells.length + (cells.length === 1 ? " cell" : " cells") : "";
      status.className = "status params-status ok";
    });
  }

  function wire(cell) {
    const ta = cell.querySelector("textarea.cmd-edit");
    const box = cell.querySelector(".outputs");
    cell.original = box ? box.innerHTML : "";
    cell.querySelector("button.run").addEventListener("click", () => runCell(cell, lessonBind(cell)));
    cell.querySelector("button.stop").addEventListener("click", async () => {
      if (cell.runID) {
        setStatus(cell, "stopping…", "running");
        await backend.stop(cell.runID);
      }
    });
    cell.querySelector("button.reset").addEventListener("click", () => {
      ta.value = ta.defaultValue;
      box.innerHTML = cell.original;
      enhance(box);
      setStatus(cell, "", "");
      edited(cell, ta);
      fit(ta);
      resetBound(cell);
    });
    ta.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey || e.shiftKey)) { e.preventDefault(); runCell(cell, lessonBind(cell)); }
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
    note.setAttribute("aria-label", "note before the commands (Markdown)");
    note.value = prose || "";
    note.spellcheck = true;
    sec.appendChild(note);
    const ta = el("textarea", "cmd-edit");
    ta.setAttribute("aria-label", "plylab commands, one a line");
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
      const d = loaded ? { markdown: loaded.markdown, filename: loaded.name } : await backend.exportNotebook(notebook());
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
      e.target.value = "";
      message("loading " + f.name + "…", "running");
      const d = await backend.load({ name: f.name, markdown: text });
      if (d.error) { message("cannot load " + f.name + ": " + d.error.message, "error"); return; }
      showLesson(d, f.name, text);
      const n = document.querySelectorAll("#nb-cells section.cell[data-cell]").length;
      message("loaded " + f.name + " (" + n + (n === 1 ? " cell" : " cells") + "): run its cells, and its prose reads their outputs", "ok");
    });
    document.getElementById("nb-new").addEventListener("click", () => {
      loaded = null;
      document.getElementById("nb-title").readOnly = false;
      document.getElementById("nb-add").disabled = false;
      document.getElementById("nb-new").hidden = true;
      loadNotebook({ title: "My notebook", cells: [] });
      message("", "");
    });
  }

  // showLesson puts a loaded lesson file on the scratch page as its lesson
  // page draws it (d.html, from plylab's own renderer): its summary, its
  // parameters, its prose and cells, each cell runnable and bound to the
  // lesson. Download gives the file back as it was loaded.
  let loaded = null;
  function showLesson(d, name, markdown) {
    const doc = new DOMParser().parseFromString(d.html, "text/html");
    const host = el("div", "loaded-lesson");
    host.dataset.lesson = d.slug;
    for (const sel of ["header .summary", "header form.params"]) {
      const x = doc.querySelector(sel);
      if (x) host.appendChild(document.importNode(x, true));
    }
    const main = doc.querySelector("main");
    if (main) for (const c of [...main.childNodes]) host.appendChild(document.importNode(c, true));
    const cells = document.getElementById("nb-cells");
    cells.textContent = "";
    cells.appendChild(host);
    loaded = { name: name, markdown: markdown };
    const title = document.getElementById("nb-title");
    title.value = d.title;
    title.readOnly = true;
    document.getElementById("nb-add").disabled = true;
    document.getElementById("nb-new").hidden = false;
    host.querySelectorAll("section.cell[data-cell]").forEach(wire);
    host.querySelectorAll("form.params[data-lesson]").forEach(setupParams);
    keepBound(host);
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("section.cell[data-cell]").forEach(wire);
    keepBound(document);
    document.querySelectorAll("form.params[data-lesson]").forEach(setupParams);
    if (document.getElementById("nb-cells")) setupScratch();
  });
  window.plylabNotebook = { commandsOf: commandsOf, enhance: enhance, showResult: showResult, backend: backend };
})();
