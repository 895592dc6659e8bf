// plylab notebook: a page's cells, parameters, quizzes and the scratch
// notebook. Cells run through one of two back ends (static/backends.js):
// the server of `plylab lesson serve`, or plylab compiled to WebAssembly
// in this browser on a class site; both give the same events and results,
// so this file does not know which one runs. Search trees get their viewer
// from static/tree-viewer.js. No external code, no inline scripts.
"use strict";
(function () {
  function meta(name) {
    const m = document.querySelector('meta[name="' + name + '"]');
    return m ? m.content : "";
  }

  // The back end (static/backends.js): the page says which.
  const backend = meta("plylab-backend") === "wasm" ? window.plylabBackends.wasm() : window.plylabBackends.server();
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

  // Search trees get their viewer (static/tree-viewer.js).
  function enhance(root) {
    root.querySelectorAll("figure svg").forEach((svg) => {
      if (svg.querySelector("g.node") && window.plylabTreeViewer) window.plylabTreeViewer.attach(svg);
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
