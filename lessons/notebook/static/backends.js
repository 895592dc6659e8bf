// plylab notebook: the two back ends that run a page's cells, with the
// same events and results. The server's (pages of `plylab lesson serve`,
// which carry <meta name="plylab-token">) calls its JSON API
// (docs/notebook-api.md); the browser's (pages of a class site, which
// carry <meta name="plylab-backend" content="wasm">) runs plylab compiled
// to WebAssembly in a Web Worker (static/plylab-worker.js). notebook.js
// picks one (plylabBackends.server or .wasm). No external code, no inline
// scripts.
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
        bar = document.createElement("p");
        bar.className = "status running engine-load";
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

  window.plylabBackends = { server: serverBackend, wasm: wasmBackend };
})();
