// plylab's Web Worker for a static lesson site: it runs plylab compiled
// to WebAssembly (cmd/plylab/main_js.go) off the page's thread, so the
// page never freezes while a search runs. The page sends the compiled
// module ({type: "start", module}), then runs ({type: "run", id, request}),
// stops ({type: "stop", id}: the run ends and sends what it computed) and
// calls ({type: "call", id, method, request}); the worker answers
// {type: "ready"}, then {type: "event", id, event} for each event of a run
// (the last one its result) and {type: "answer", id, answer} for a call.
// wasm_exec.js, Go's loader, is copied next to this file from the Go
// toolchain that built the module.
"use strict";
importScripts("wasm_exec.js");

// The network's vector kernels (engine/nnue/simd.go): a small module of
// WebAssembly vector instructions, which Go does not compile to. The
// engine imports them as plylab_simd and runs its own kernels when they
// are not available (a browser without WebAssembly's vector
// instructions cannot compile the module).
const kernelsModule = fetch("plylab-simd.wasm")
  .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(String(r.status)))))
  .then((b) => WebAssembly.compile(b))
  .catch(() => null);

self.onmessage = async (e) => {
  const m = e.data;
  switch (m.type) {
    case "start": {
      const go = new Go();
      self.plylabReady = () => self.postMessage({ type: "ready" });
      let k = null;
      go.importObject.plylab_simd = {
        available: () => (k ? 1 : 0),
        add_row: (d, r, n) => k.add_row(d, r, n),
        add_sub: (d, s, a, b, n) => k.add_sub(d, s, a, b, n),
        add_sub_sub: (d, s, a, b, c, n) => k.add_sub_sub(d, s, a, b, c, n),
        add_add_sub_sub: (d, s, a, b, c, f, n) => k.add_add_sub_sub(d, s, a, b, c, f, n),
        screlu_dot: (a, w, n) => k.screlu_dot(a, w, n),
      };
      try {
        const instance = await WebAssembly.instantiate(m.module, go.importObject);
        // The kernels work in the engine's memory.
        const km = await kernelsModule;
        if (km) {
          try { k = (await WebAssembly.instantiate(km, { env: { memory: instance.exports.mem } })).exports; } catch (err) { k = null; }
        }
        self.postMessage({ type: "started" });
        go.run(instance).then(() => self.postMessage({ type: "failed", message: "plylab's WebAssembly engine stopped" }));
      } catch (err) {
        self.postMessage({ type: "failed", message: "cannot start plylab's WebAssembly engine: " + err });
      }
      break;
    }
    case "run":
      self.plylab.run(m.request, (event) => self.postMessage({ type: "event", id: m.id, event: event }));
      break;
    case "stop":
      // The engine takes it when the run next yields (a quarter of a
      // second at most) and ends the run with its result.
      if (self.plylab) self.plylab.stop(m.id);
      break;
    case "call":
      self.postMessage({ type: "answer", id: m.id, answer: self.plylab.call(m.method, m.request) });
      break;
  }
};
