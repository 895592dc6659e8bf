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
    let res = null;
    const resp = await fetch("/api/stream", {
      method: "POST", headers: headers(), credentials: "same-origin",
      body: JSON.stringify({ command: command, session: await ensureSession(), id: id }),
    });
    if (!resp.ok) {
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
        } else if (ev.type === "progress") {
          setStatus(cell, "running… " + (ev.elapsed_ms / 1000).toFixed(1) + " s", "running");
        } else if (ev.type === "result") {
          res = ev.result;
        }
      }
    }
    if (!res) res = { error: { code: "stopped", message: "the connection closed before the result came" } };
    pre.textContent = (res.output || pre.textContent || "").replace(/\n$/, "");
    if (!pre.textContent) pre.remove();
    for (const p of res.svgs || []) {
      const fig = el("figure");
      const img = el("img");
      img.alt = p.name;
      img.src = p.url ? p.url : "data:image/svg+xml;charset=utf-8," + encodeURIComponent(p.svg);
      fig.appendChild(img);
      fig.appendChild(el("figcaption", "", p.caption || p.name));
      box.appendChild(fig);
    }
    const other = (res.files || []).filter((f) => !/\.svg$/i.test(f.name));
    if (other.length) {
      const p = el("p", "files", "files: ");
      for (const f of other) {
        const a = el("a", "", f.name);
        a.href = f.url;
        a.download = f.name;
        p.appendChild(a);
        p.appendChild(document.createTextNode(" "));
      }
      box.appendChild(p);
    }
    return res;
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
      setStatus(cell, "", "");
      fit(ta);
    });
    ta.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey || e.shiftKey)) { e.preventDefault(); runCell(cell); }
    });
    ta.addEventListener("input", () => fit(ta));
    fit(ta);
  }
  function fit(ta) {
    ta.style.height = "auto";
    ta.style.height = ta.scrollHeight + 2 + "px";
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
  window.plylabNotebook = { commandsOf: commandsOf };
})();
