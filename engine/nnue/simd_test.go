package nnue

import (
	"encoding/binary"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// simdHarness runs the kernels' module in Node: it gives the module a
// memory holding the test's vectors, calls each kernel and prints the
// results as JSON.
const simdHarness = `
const fs = require("fs");
const [modPath, dataPath] = process.argv.slice(2);
const data = fs.readFileSync(dataPath);
const cases = JSON.parse(fs.readFileSync(dataPath + ".json", "utf8"));
const memory = new WebAssembly.Memory({ initial: Math.ceil((data.length + 65536) / 65536) });
new Uint8Array(memory.buffer).set(data);
WebAssembly.instantiate(fs.readFileSync(modPath), { env: { memory } }).then(({ instance }) => {
  const k = instance.exports, out = [];
  for (const c of cases) {
    const r = k[c.kernel](...c.args);
    out.push(c.kernel === "screlu_dot" ? String(r) : Array.from(new Int16Array(memory.buffer, c.args[0], c.n)));
  }
  console.log(JSON.stringify(out));
});
`

// TestSIMDModule runs the class site's vector kernels (SIMDModule) in
// Node on random vectors of several lengths, values across the whole
// int16 range (so every lane wraps) and the output kernel at its largest
// sums, and checks each result against the portable kernels. Node is
// Chromium's engine; without it the test is skipped.
func TestSIMDModule(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node to run WebAssembly in")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	var mem []byte
	alloc := func(v []int16) int {
		for len(mem)%16 != 8 { // misaligned on purpose
			mem = append(mem, 0)
		}
		at := len(mem)
		for _, x := range v {
			mem = binary.LittleEndian.AppendUint16(mem, uint16(x))
		}
		return at
	}
	vec := func(n, lo, hi int) []int16 {
		v := make([]int16, n)
		for i := range v {
			v[i] = int16(lo + rng.IntN(hi-lo+1))
		}
		return v
	}
	type kcase struct {
		Kernel string `json:"kernel"`
		Args   []int  `json:"args"`
		N      int    `json:"n"`
	}
	var cases []kcase
	var want []any
	for _, n := range []int{8, 16, 48, 512, 1024} {
		for range 5 {
			src, a1, a2, s1, s2 := vec(n, -32768, 32767), vec(n, -32768, 32767), vec(n, -500, 500), vec(n, -500, 500), vec(n, -32768, 32767)
			srcAt, a1At, a2At, s1At, s2At := alloc(src), alloc(a1), alloc(a2), alloc(s1), alloc(s2)
			for _, k := range []struct {
				name string
				args []int
				lane func(dst []int16)
			}{
				{"add_row", []int{alloc(src), a1At}, func(d []int16) { copy(d, src); addRowGo(d, a1) }},
				{"add_sub", []int{alloc(make([]int16, n)), srcAt, a1At, s1At}, func(d []int16) { addSubGo(d, src, a1, s1) }},
				{"add_sub_sub", []int{alloc(make([]int16, n)), srcAt, a1At, s1At, s2At}, func(d []int16) { addSubSubGo(d, src, a1, s1, s2) }},
				{"add_add_sub_sub", []int{alloc(make([]int16, n)), srcAt, a1At, a2At, s1At, s2At}, func(d []int16) { addAddSubSubGo(d, src, a1, a2, s1, s2) }},
			} {
				w := make([]int16, n)
				k.lane(w)
				cases = append(cases, kcase{k.name, append(k.args, n), n})
				want = append(want, w)
			}
			acc, w := vec(n, -32768, 32767), vec(n, -127, 127)
			cases = append(cases, kcase{"screlu_dot", []int{alloc(acc), alloc(w), n}, n})
			want = append(want, screluDotGo(acc, w))
		}
		full, top, bottom := vec(n, 255, 32767), vec(n, 127, 127), vec(n, -127, -127)
		cases = append(cases, kcase{"screlu_dot", []int{alloc(full), alloc(top), n}, n}, kcase{"screlu_dot", []int{alloc(full), alloc(bottom), n}, n})
		want = append(want, int64(n)*255*255*127, -int64(n)*255*255*127)
	}
	dir := t.TempDir()
	files := map[string][]byte{"kernels.wasm": SIMDModule(), "data": mem, "harness.js": []byte(simdHarness)}
	cj, _ := json.Marshal(cases)
	files["data.json"] = cj
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command(node, filepath.Join(dir, "harness.js"), filepath.Join(dir, "kernels.wasm"), filepath.Join(dir, "data")).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var got []json.RawMessage
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(cases) {
		t.Fatalf("node printed %d results (%v):\n%.500s", len(got), err, out)
	}
	for i, c := range cases {
		switch w := want[i].(type) {
		case int64:
			var s string
			if json.Unmarshal(got[i], &s) != nil || s != jsonInt(w) {
				t.Errorf("screlu_dot, n = %d: vector %s, Go %d", c.N, got[i], w)
			}
		case []int16:
			var g []int16
			if err := json.Unmarshal(got[i], &g); err != nil || !equal(g, w) {
				t.Errorf("%s, n = %d: the vector kernel and Go differ", c.Kernel, c.N)
			}
		}
	}
	t.Logf("%d kernel runs in Node agree with the portable kernels (module of %d bytes)", len(cases), len(SIMDModule()))
}

func jsonInt(v int64) string { b, _ := json.Marshal(v); return string(b) }
