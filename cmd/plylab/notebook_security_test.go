//go:build !js

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/lessons/notebook"
	"github.com/plylab/plylab/lessons/sandbox"
	"github.com/urfave/cli/v2"
)

// The notebook's security suite: a classroom server, attacked as a student
// (or the author of a shared lesson file) would attack it, through the
// real runner. Every attack must be refused or harmless; after them all,
// nothing outside the session folders changed (a canary tree, which is
// also the server's working folder, so relative names land in it) and no
// program ran (a canary executable that leaves a mark when started).

// canary is a folder of files an attack might read, write or run.
type canary struct {
	dir    string // the canary tree, also the working folder
	engine string // an executable that writes mark when run
	mark   string // the file the engine writes, outside dir
	before map[string]string
}

func newCanary(t testing.TB) *canary {
	t.Helper()
	top := t.TempDir()
	c := &canary{dir: filepath.Join(top, "canary"), mark: filepath.Join(top, "ran.txt")}
	os.Mkdir(c.dir, 0o755)
	os.Mkdir(filepath.Join(c.dir, "sub"), 0o755)
	for name, data := range map[string]string{
		"secret.txt": "CANARY-SECRET", "weights.go": "package weights // CANARY", "net.nnue": "CANARY-NET",
		"data.bin": "CANARY-DATA", "book.bin": "CANARY-BOOK", "games.pgn": "[Event \"CANARY\"]\n\n1. e4 *\n",
		"tree.svg": "<svg>CANARY</svg>", "sub/x.svg": "<svg>CANARY</svg>", "toy.txt": "((1,2),(3,4))",
	} {
		if err := os.WriteFile(filepath.Join(c.dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c.engine = filepath.Join(c.dir, "engine.sh")
	script := "#!/bin/sh\necho ran >> " + c.mark + "\nexit 0\n"
	if err := os.WriteFile(c.engine, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	c.before = c.snapshot(t)
	return c
}

// snapshot maps every file and folder of the tree to its kind, mode, size
// and content hash.
func (c *canary) snapshot(t testing.TB) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(c.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, _ := os.Lstat(p)
		desc := fi.Mode().String()
		if fi.Mode().IsRegular() {
			data, _ := os.ReadFile(p)
			desc += fmt.Sprintf(" %d %x", len(data), sha256.Sum256(data))
		}
		out[p] = desc
		return nil
	})
	return out
}

// check fails the test when the tree changed or the engine ran.
func (c *canary) check(t testing.TB, after string) {
	t.Helper()
	now := c.snapshot(t)
	for p, d := range now {
		if c.before[p] != d {
			t.Fatalf("after %s: %s changed or appeared (%s)", after, p, d)
		}
	}
	for p := range c.before {
		if _, ok := now[p]; !ok {
			t.Fatalf("after %s: %s disappeared", after, p)
		}
	}
	if _, err := os.Stat(c.mark); err == nil {
		t.Fatalf("after %s: the canary executable ran", after)
	}
}

type secResult struct {
	status int
	body   string
	res    notebookResult
}

// secPost posts body to path with the token, as the notebook's page does.
func secPost(t testing.TB, ts *httptest.Server, token, path string, body any) secResult {
	t.Helper()
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", ts.URL+path, bytes.NewReader(data))
	req.Header.Set("X-Plylab-Token", token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	r := secResult{status: resp.StatusCode, body: string(raw)}
	json.Unmarshal(raw, &r.res)
	if r.res.Error == nil {
		var e struct {
			Error *struct{ Code, Message string } `json:"error"`
		}
		json.Unmarshal(raw, &e)
		r.res.Error = e.Error
	}
	return r
}

// attackValues are what an attacker gives a flag or argument that might
// read, write or run something: absolute paths and relative ones (which
// would land in the working folder, the canary tree), the canary
// executable, a path out of the session folder.
func (c *canary) attackValues() []string {
	return []string{
		filepath.Join(c.dir, "secret.txt"), filepath.Join(c.dir, "weights.go"), filepath.Join(c.dir, "new.bin"),
		"weights.go", "new.bin", "../../canary/new.svg", c.engine, "/etc/passwd",
	}
}

// commandFlags maps every plylab command path to its flags.
func commandFlags() map[string][]cli.Flag {
	out := map[string][]cli.Flag{}
	var walk func(path string, cmds []*cli.Command)
	walk = func(path string, cmds []*cli.Command) {
		for _, c := range cmds {
			p := strings.TrimSpace(path + " " + c.Name)
			if len(c.Subcommands) > 0 {
				walk(p, c.Subcommands)
				continue
			}
			out[p] = c.Flags
		}
	}
	walk("", newApp(testEnv()).Commands)
	return out
}

func TestNotebookSecurity(t *testing.T) {
	c := newCanary(t)
	t.Chdir(c.dir)
	srv, ts, token := newNotebook(t, func(cfg *notebook.Config) {
		cfg.TimeLimit, cfg.NodeBudget = 10*time.Second, 2_000_000
	})
	sess := secPost(t, ts, token, "/api/session", map[string]string{})
	var s struct{ Session string }
	json.Unmarshal([]byte(sess.body), &s)
	if s.Session == "" {
		t.Fatalf("no session: %s", sess.body)
	}
	run := func(line string) secResult {
		return secPost(t, ts, token, "/api/run", map[string]string{"command": line, "session": s.Session})
	}

	// 1. Every command x every flag that takes a value x every attack
	// value, and every command with an attack argument: refused before it
	// runs (400), or run and failed on its own terms; never a file read,
	// written or run.
	attacks := 0
	for path, flags := range commandFlags() {
		for _, v := range c.attackValues() {
			lines := []string{"plylab " + path + " " + v}
			for _, f := range flags {
				if !takesValue(f) {
					continue
				}
				for _, name := range f.Names() {
					lines = append(lines, fmt.Sprintf("plylab %s %s %s", path, dashed(name), v), fmt.Sprintf("plylab %s %s=%s", path, dashed(name), v))
				}
			}
			for _, line := range lines {
				attacks++
				r := run(line)
				allowed := sandbox.Cells.Check(strings.Fields(line)[1:]) == nil
				switch {
				case r.status == 400 && r.res.Error != nil && (r.res.Error.Code == "disallowed" || r.res.Error.Code == "unknown_command"):
					if allowed {
						t.Errorf("%s: refused by the server, allowed by the policy", line)
					}
					if strings.Contains(r.body, "CANARY") {
						t.Fatalf("%s: the answer shows a canary file's contents", line)
					}
				case r.status == 200 && allowed:
					// Allowed values are names or values the command parses;
					// the invariants below prove it touched nothing.
					if strings.Contains(r.body, "CANARY") {
						t.Fatalf("%s: the answer shows a canary file's contents: %s", line, r.body)
					}
				default:
					t.Errorf("%s: status %d (%s)", line, r.status, r.body)
				}
			}
			c.check(t, path+" with "+v)
		}
	}
	if attacks < 1000 {
		t.Errorf("%d attacks, want every command, flag and value", attacks)
	}

	// 2. The attacks the notebook's review found, one by one: each
	// refused with a one-line message saying how to run it in a terminal.
	for _, tc := range []struct{ line, want string }{
		{"plylab nnue datagen --games 1 -o " + filepath.Join(c.dir, "x.bin"), "not available in lesson cells"},
		{"plylab nnue datagen --games 1 -o ../x.bin", "not available in lesson cells"},
		{"plylab nnue datagen --games 1 -o x.bin --append", "not available in lesson cells"},
		{"plylab tune --epochs 1 -o weights.go", "writes Go source"},
		{"plylab tune --epochs 1 --output " + filepath.Join(c.dir, "weights.go"), "writes Go source"},
		{"plylab nnue train --data data.bin -o net.nnue", "not available in lesson cells"},
		{"plylab nnue label --data data.bin -o out.bin", "not available in lesson cells"},
		{"plylab tune --epochs 1 --label-engine " + c.engine, "starts another program"},
		{"plylab nnue label --teacher " + c.engine + " --data data.bin -o x.bin", "not available in lesson cells"},
		{"plylab perft --stockfish " + c.engine, "starts another program"},
		{"plylab match --opponent " + c.engine + " --games 1", "not available in lesson cells"},
		{"plylab uci", "not available in lesson cells"},
		{"plylab book show --book " + filepath.Join(c.dir, "book.bin"), "not available in lesson cells"},
		{"plylab lesson run " + filepath.Join(c.dir, "secret.txt"), "not available in lesson cells"},
		{"plylab tree --toy-file toy.txt", "reads a file on disk"},
	} {
		r := run(tc.line)
		if r.status != 400 || r.res.Error == nil || !strings.Contains(r.res.Error.Message, tc.want) || !strings.Contains(r.res.Error.Message, "terminal") || strings.Contains(r.res.Error.Message, "\n") {
			t.Errorf("%s: status %d, %s; want 400 and one line with %q and the terminal way", tc.line, r.status, r.body, tc.want)
		}
	}
	c.check(t, "the known attacks")

	// 3. Probing: the answer for an existing file is the same as for a
	// missing one (nothing tells whether a path exists or how big it is).
	for _, probe := range []string{"plylab nnue show %s", "plylab bench --net %s", "plylab nnue label --data %s -o x.bin", "plylab tune --pgn %s"} {
		exists := run(fmt.Sprintf(probe, filepath.Join(c.dir, "secret.txt")))
		missing := run(fmt.Sprintf(probe, filepath.Join(c.dir, "missing.txt")))
		norm := func(r secResult) string {
			return strings.NewReplacer("secret.txt", "X", "missing.txt", "X").Replace(r.body)
		}
		if exists.status != 400 || norm(exists) != norm(missing) {
			t.Errorf("%q: the answer differs for an existing file (%d %s) and a missing one (%d %s)", probe, exists.status, exists.body, missing.status, missing.body)
		}
	}

	// 4. A symbolic link planted in the session's folder: not served, and
	// writing its name replaces the link instead of writing through it.
	folder := filepath.Join(srv.Root(), s.Session)
	os.Symlink(filepath.Join(c.dir, "tree.svg"), filepath.Join(folder, "evil.svg"))
	if resp, body := httpGet(t, ts, token, "/files/"+s.Session+"/evil.svg"); resp != 404 || strings.Contains(body, "CANARY") {
		t.Errorf("a planted link: status %d, %q", resp, body)
	}
	if r := run("plylab tree --toy binary-3 -o evil.svg"); r.status != 200 || r.res.ExitCode != 0 {
		t.Fatalf("tree -o evil.svg: %d %s", r.status, r.body)
	}
	c.check(t, "writing over a planted link")
	if fi, err := os.Lstat(filepath.Join(folder, "evil.svg")); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("evil.svg after the write: %v %v; want a regular file in the folder", fi, err)
	}

	// 5. One name rule for writing and serving: a name that is refused is
	// refused before the command runs, saying which characters are
	// allowed; a name that is written is served.
	for _, bad := range []string{"a b.svg", "it's.svg", "é.svg", "#.svg", "?.svg", `".svg`, "a..svg", ".x.svg"} {
		r := secPost(t, ts, token, "/api/run", map[string]string{"command": fmt.Sprintf("plylab tree --toy binary-3 -o '%s'", strings.ReplaceAll(bad, "'", `'"'"'`)), "session": s.Session})
		if bad == "it's.svg" {
			r = secPost(t, ts, token, "/api/run", map[string]string{"command": `plylab tree --toy binary-3 -o "it's.svg"`, "session": s.Session})
		}
		if r.status != 400 || r.res.Error == nil || !strings.Contains(r.res.Error.Message, sandbox.NameRule) {
			t.Errorf("-o %q: %d %s; want 400 with the name rule", bad, r.status, r.body)
		}
	}
	for _, good := range []string{"T-1_a.b.svg", "tree.png", "tree.dot", "tree.json", "tree.txt"} {
		r := run("plylab tree --toy binary-3 -o " + good)
		if r.status != 200 || r.res.ExitCode != 0 {
			t.Errorf("-o %s: %d %s", good, r.status, r.body)
			continue
		}
		if code, _ := httpGet(t, ts, token, "/files/"+s.Session+"/"+good); code != 200 {
			t.Errorf("%s was written but is served with status %d", good, code)
		}
	}

	// 6. A shared lesson file with such cells is refused when loaded.
	for _, cell := range []string{"tune --epochs 1 --label-engine " + c.engine, "nnue datagen -o x.bin", "tree --toy binary-3 -o ../x.svg", "bench --net net.nnue"} {
		md := "# Shared\n\n```plylab\n" + cell + "\n```\n"
		r := secPost(t, ts, token, "/api/notebook/parse", map[string]string{"name": "shared.md", "markdown": md})
		if r.status != 400 || r.res.Error == nil || r.res.Error.Code != "bad_lesson" || !strings.Contains(r.res.Error.Message, "shared.md:4:") {
			t.Errorf("lesson with %q: %d %s", cell, r.status, r.body)
		}
	}

	// 7. The server lives on.
	if r := run("plylab compare --position paper-mate2 --depth 2 --algo alphabeta"); r.status != 200 || !strings.Contains(r.res.Output, "40") {
		t.Errorf("after the attacks: %d %s", r.status, r.body)
	}
	c.check(t, "the whole suite")
}

func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func httpGet(t testing.TB, ts *httptest.Server, token, path string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", ts.URL+path, nil)
	req.Header.Set("X-Plylab-Token", token)
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// TestNotebookHost: requests that name another host are refused (DNS
// rebinding), IP addresses and localhost are served, and so is a name the
// teacher allowed.
func TestNotebookHost(t *testing.T) {
	_, ts, token := newNotebook(t, func(cfg *notebook.Config) { cfg.Hosts = []string{"class.example"} })
	for _, tc := range []struct {
		host string
		want int
	}{
		{"", 200}, // the test server's own address, 127.0.0.1:port
		{"localhost", 200}, {"LOCALHOST:8888", 200}, {"[::1]:8888", 200}, {"10.0.0.7:8888", 200},
		{"class.example:8888", 200}, {"Class.Example", 200},
		{"evil.example", 403}, {"evil.example:8888", 403}, {"localhost.evil.example", 403}, {"127.0.0.1.nip.io", 403},
	} {
		req, _ := http.NewRequest("GET", ts.URL+"/api/lessons", nil)
		req.Header.Set("X-Plylab-Token", token)
		if tc.host != "" {
			req.Host = tc.host
		}
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("Host %q: status %d, want %d (%s)", tc.host, resp.StatusCode, tc.want, body)
		}
		if tc.want == 403 && !strings.Contains(string(body), "--allow-host") {
			t.Errorf("Host %q: the refusal does not say how to allow the name: %s", tc.host, body)
		}
	}
}

// FuzzNotebookCell runs whole cell command lines through the notebook's
// real runner and checks the suite's two invariants after each: nothing
// outside the session's folder changed, and no program ran.
func FuzzNotebookCell(f *testing.F) {
	c := newCanary(f)
	f.Chdir(c.dir)
	_, ts, token := newNotebook(f, func(cfg *notebook.Config) {
		cfg.TimeLimit, cfg.NodeBudget, cfg.MaxConcurrent = time.Second, 100_000, 1
	})
	for _, seed := range []string{
		"plylab tree --toy binary-3 -o t.svg",
		"plylab compare --position paper-mate2 --depth 2 --plot p.svg",
		"plylab tune --epochs 1 -o weights.go",
		"plylab nnue datagen --games 1 -o x.bin",
		"plylab tune --label-engine " + c.engine,
		"plylab perft --stockfish " + c.engine + " --depth 1",
		"plylab tree --toy-file " + filepath.Join(c.dir, "toy.txt"),
		"plylab tree --toy binary-3 -o=../x.svg",
		"plylab positions show ../../secret",
		"plylab -o x.svg tree",
		"plylab tree -- -o /tmp/x.svg",
		"plylab compare --fen '" + c.dir + "'",
		"plylab search --position start --depth 2 --format json",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		r := secPost(t, ts, token, "/api/run", map[string]string{"command": line})
		if r.status >= 500 {
			t.Fatalf("%q: status %d: %s", line, r.status, r.body)
		}
		if strings.Contains(r.body, "CANARY") {
			t.Fatalf("%q: the answer shows a canary file's contents", line)
		}
		c.check(t, fmt.Sprintf("%q", line))
	})
}
