package sandbox

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPolicyCheck(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line string
		want string // "" when allowed, else a part of the message
	}{
		// Allowed: every kind of flag, aliases, =values, globals.
		{"compare --position paper-mate2 --depth 1-5 --algo minimax,alphabeta", ""},
		{"compare -p kiwipete -d 3 -a engine-without-null --no-minimal -f csv", ""},
		{"compare --position=start --depth=3 --plot chart.svg", ""},
		{"compare --fen 8/k7/3p4/p2P1p2/P2P1P2/8/8/K7_w_-_-_0_1 --depth 3", ""},
		{"search --position kiwipete --nodes 500000 --stats=false", ""},
		{"tree --toy ((3,12,8),(2,4,6)) -o tree.svg", ""},
		{"tree --toy best-order --algo alphabeta --max-depth 1", ""},
		{"positions show paper-mate2 --flip", ""},
		{"positions show wac --id WAC.004", ""},
		{"positions list --color never --columns name,kind", ""},
		{"positions --help", ""},
		{"play --levels", ""},
		{"reproduce --source game-trees", ""},
		{"tune --epochs 20 --report 5 --no-weights", ""},
		{"nnue show", ""},
		{"compare --help", ""},
		// Refused commands, with their reason.
		{"match --games 2", "plays long matches"},
		{"uci", "chess GUI"},
		{"play", "interactive game"},
		{"play --level club", "interactive game"},
		{"lesson serve", "cannot run lessons"},
		{"lesson", "cannot run lessons"},
		{"help compare", "--help in a cell"},
		{"book show", "opening book"},
		{"nnue datagen -o x.bin", "writes files"},
		{"nnue label --teacher /bin/sh", "teacher engine"},
		{"nnue train --data d.bin", "writes a network"},
		{"nnue", "needs a subcommand"},
		{"positions", "needs a subcommand"},
		{"positions --format json show", "needs a subcommand right after it"},
		// Refused flags, with their reason and the terminal way.
		{"perft --stockfish /usr/games/stockfish", "starts another program"},
		{"tune --label-engine /bin/true", "starts another program"},
		{"tune --label-engine=/bin/true", "starts another program"},
		{"tune -o weights.go", "writes Go source"},
		{"tune --output=weights.go", "writes Go source"},
		{"tune --pgn /etc/passwd", "reads game files"},
		{"tune --label-cache c.txt", "reads and writes a file"},
		{"bench --net /etc/passwd", "reads a network file"},
		{"tree --toy-file /etc/passwd", "reads a file on disk"},
		{"tree --toy russell-norvig --format html", "--format html is not available in lesson cells (it writes a web page of its own; a cell's drawing replays the search already: draw it with -o tree.svg); run 'plylab tree ... --format html -o tree.html' in a terminal instead"},
		{"tree --toy russell-norvig -f HTML", "a web page of its own"},
		{"tree --toy russell-norvig --format=html", "a web page of its own"},
		{"tree --toy russell-norvig --format svg", ""},
		{"tree --toy russell-norvig -o tree.html", "no allowed extension"},
		{"reproduce --run-slow", "take hours"},
		{"nnue show /etc/passwd", "takes no arguments"},
		{"compare --frobnicate", "not available in lesson cells for 'plylab compare'"},
		{"compare --dept 3", "did you mean --depth?"},
		// Unknown commands.
		{"rm -rf /", `"rm" is not a plylab command`},
		{"comparr --depth 3", `did you mean "compare"?`},
		{"positions frob", "is not a command a lesson cell can run"},
		{"--color never compare", "not the flag --color"},
		{"", "empty command"},
		// Values by kind: names never look like paths.
		{"compare --position ../../etc/passwd", "not allowed"},
		{"compare --suite /etc/passwd", "not allowed"},
		{"compare --algo .hidden", "cannot start with '.'"},
		{"positions show ../../x", "not allowed"},
		{"positions show a b", "at most 1 argument"},
		{"compare --depth", "needs a value"},
		{"compare --fen \x00", "control characters"},
		{"compare --fen " + strings.Repeat("x", 2000), "longer than"},
		{"compare --no-minimal=maybe", "a switch takes no value"},
		{"compare -- --depth 3", "'--' is not needed"},
		{"play --levels --level club", "not available in lesson cells"},
		// What one cell may take of a shared server is bounded on the value
		// the command parsed (cmd/plylab TestCellBoundsParsed), not here.
		{"search --position start --hash 64", ""},
		{"tree --position start --max-nodes 20000", ""},
		// Output files: the one name rule.
		{"tree --toy binary-3 -o ../x.svg", "names a folder"},
		{"tree --toy binary-3 -o /tmp/x.svg", "names a folder"},
		{"tree --toy binary-3 -o x.exe", "no allowed extension"},
		{"tree --toy binary-3 -o .x.svg", `starts with "."`},
		{"compare --plot 'a b.svg'", "has a space"},
		{"compare --plot é.svg", `has "é"`},
		{"compare --plot #.svg", `has "#"`},
		{"compare --plot ?.svg", `has "?"`},
		{"compare --plot '\".svg'", `has "\""`},
		{"compare --plot a..svg", "has '..'"},
	}
	for _, tt := range tests {
		args := splitTestLine(tt.line)
		err := Cells.Check(args)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%q refused: %v", tt.line, err)
		case tt.want != "" && err == nil:
			t.Errorf("%q allowed, want a refusal with %q", tt.line, tt.want)
		case tt.want != "" && !strings.Contains(err.Error(), tt.want):
			t.Errorf("%q: %v\n want a message with %q", tt.line, err, tt.want)
		case err != nil && strings.Contains(err.Error(), "\n"):
			t.Errorf("%q: the message has more than one line: %q", tt.line, err)
		}
		var se *Error
		if err != nil && !errors.As(err, &se) {
			t.Errorf("%q: error %T, want *Error", tt.line, err)
		}
	}
}

// splitTestLine splits a test's command line at spaces, keeping '...'
// together and turning _ into spaces inside a FEN.
func splitTestLine(s string) []string {
	var out []string
	for len(s) > 0 {
		s = strings.TrimLeft(s, " ")
		if s == "" {
			break
		}
		if s[0] == '\'' {
			end := strings.IndexByte(s[1:], '\'')
			out = append(out, s[1:end+1])
			s = s[end+2:]
			continue
		}
		w, rest, _ := strings.Cut(s, " ")
		if strings.Count(w, "/") == 7 {
			w = strings.ReplaceAll(w, "_", " ")
		}
		out = append(out, w)
		s = rest
	}
	return out
}

func TestCheckName(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"tree.svg", "T-1_a.b.PNG", "x.dot", "rows.csv", "n.json", "a.txt", "notes.md", strings.Repeat("a", 96) + ".svg",
		"console.svg", "com0.svg", "com10.svg", "lpt.txt", "nul1.svg", "aux-1.png"} {
		if err := CheckName(ok); err != nil {
			t.Errorf("CheckName(%q) = %v, want nil", ok, err)
		}
	}
	for bad, why := range map[string]string{
		"": "is empty", "a/b.svg": "names a folder", `a\b.svg`: "names a folder", "/etc/x.svg": "names a folder",
		"..": `starts with "."`, "../x.svg": "names a folder", "x..svg": "has '..'", ".x.svg": `starts with "."`,
		"-x.svg": `starts with "-"`, "_x.svg": `starts with "_"`, "a b.svg": "has a space", "é.svg": `has "é"`,
		"a#b.svg": `has "#"`, "a?.svg": `has "?"`, `a".svg`: `has "\""`, "a'.svg": `has "'"`, "x.exe": "has no allowed extension",
		"x": "has no allowed extension", "x.svg\x00": `has "\x00"`, strings.Repeat("a", 97) + ".svg": "longer than 100",
		"CON.svg": `is "CON", a device's name`, "NUL.svg": `is "NUL"`, "nul.txt": `is "nul"`, "Aux.png": `is "Aux"`, "prn.tree.svg": `is "prn"`,
		"COM1.svg": `is "COM1"`, "lpt9.csv": `is "lpt9"`,
	} {
		err := CheckName(bad)
		var ne *NameError
		if !errors.As(err, &ne) || !strings.Contains(err.Error(), why) || !strings.HasSuffix(err.Error(), NameRule) {
			t.Errorf("CheckName(%q) = %v; want a NameError saying %q and the rule", bad, err, why)
		}
	}
}

// TestDir: writes stay inside the folder whatever the name, a planted
// symbolic link is replaced rather than written through, reads refuse
// links and folders, and the quota holds.
func TestDir(t *testing.T) {
	t.Parallel()
	top := t.TempDir()
	outside := filepath.Join(top, "outside.svg")
	os.WriteFile(outside, []byte("KEEP"), 0o644)
	dir := filepath.Join(top, "cell")
	os.Mkdir(dir, 0o755)
	d, err := OpenDir(dir, Quota{Files: 3, Bytes: 100})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if d.Path() != dir {
		t.Errorf("Path = %q", d.Path())
	}
	for _, bad := range []string{"../outside.svg", outside, "sub/x.svg", ".x.svg"} {
		if err := d.WriteFile(bad, []byte("X")); err == nil {
			t.Errorf("WriteFile(%q) succeeded", bad)
		}
	}
	// A link planted in the folder, to a file outside it.
	os.Symlink(outside, filepath.Join(dir, "link.svg"))
	if _, err := d.ReadFile("link.svg"); !errors.Is(err, ErrNotFound) {
		t.Errorf("ReadFile through a link: %v, want ErrNotFound", err)
	}
	if err := d.WriteFile("link.svg", []byte("NEW")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(outside); string(data) != "KEEP" {
		t.Errorf("the write went through the link: outside now %q", data)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "link.svg")); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("link.svg after the write: %v, %v; want a regular file", fi, err)
	}
	if data, err := d.ReadFile("link.svg"); err != nil || string(data) != "NEW" {
		t.Errorf("ReadFile = %q, %v", data, err)
	}
	os.Mkdir(filepath.Join(dir, "folder.svg"), 0o755)
	if _, err := d.ReadFile("folder.svg"); !errors.Is(err, ErrNotFound) {
		t.Errorf("ReadFile of a folder: %v", err)
	}
	if err := d.WriteFile("folder.svg", []byte("x")); err == nil {
		t.Error("WriteFile over a folder succeeded")
	}
	if _, err := d.ReadFile("missing.svg"); !errors.Is(err, ErrNotFound) {
		t.Errorf("ReadFile of a missing file: %v", err)
	}
	// Quota: 3 files, 100 bytes; replacing a file frees its old size.
	if err := d.WriteFile("a.svg", make([]byte, 60)); err != nil {
		t.Fatal(err)
	}
	if err := d.WriteFile("a.svg", make([]byte, 90)); err != nil {
		t.Errorf("replacing a file within the quota: %v", err)
	}
	var qe *QuotaError
	if err := d.WriteFile("b.svg", make([]byte, 20)); !errors.As(err, &qe) {
		t.Errorf("over the byte quota: %v", err)
	}
	d.WriteFile("b.svg", make([]byte, 1))
	if err := d.WriteFile("c.svg", nil); !errors.As(err, &qe) || !strings.Contains(err.Error(), "at most 3 files") {
		t.Errorf("over the file quota: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".tmp-") {
			t.Errorf("a temporary file was left: %s", e.Name())
		}
	}
}

// TestPool: folders sharing a pool cannot together take more than it
// holds; a removed folder gives its bytes back.
func TestPool(t *testing.T) {
	t.Parallel()
	pool := NewPool(100)
	var dirs []*Dir
	for i := 0; i < 2; i++ {
		dir := filepath.Join(t.TempDir(), "s")
		os.Mkdir(dir, 0o755)
		d, err := OpenDir(dir, Quota{Pool: pool})
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		dirs = append(dirs, d)
	}
	if err := dirs[0].WriteFile("a.svg", make([]byte, 70)); err != nil {
		t.Fatal(err)
	}
	var qe *QuotaError
	if err := dirs[1].WriteFile("b.svg", make([]byte, 40)); !errors.As(err, &qe) || !qe.Shared || !strings.Contains(err.Error(), "scratch space is full") {
		t.Errorf("over the pool: %v", err)
	}
	if err := dirs[1].WriteFile("b.svg", make([]byte, 30)); err != nil {
		t.Errorf("within the pool: %v", err)
	}
	// Rewriting a file smaller gives bytes back.
	if err := dirs[0].WriteFile("a.svg", make([]byte, 10)); err != nil {
		t.Fatal(err)
	}
	if err := dirs[1].WriteFile("c.svg", make([]byte, 55)); err != nil {
		t.Errorf("after a.svg shrank: %v", err)
	}
	pool.Release(dirs[1].Bytes())
	if err := dirs[0].WriteFile("d.svg", make([]byte, 80)); err != nil {
		t.Errorf("after the other folder was released: %v", err)
	}
}

func TestMemory(t *testing.T) {
	t.Parallel()
	m := NewMemory(Quota{Files: 2, Bytes: 10})
	if err := m.WriteFile("../x.svg", nil); err == nil {
		t.Error("a path was accepted")
	}
	data := []byte("abc")
	if err := m.WriteFile("a.svg", data); err != nil {
		t.Fatal(err)
	}
	data[0] = 'X' // the folder keeps its own copy
	if got, err := m.ReadFile("a.svg"); err != nil || string(got) != "abc" {
		t.Errorf("ReadFile = %q, %v", got, err)
	}
	if _, err := m.ReadFile("b.svg"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing: %v", err)
	}
	m.WriteFile("b.svg", []byte("1234567"))
	var qe *QuotaError
	if err := m.WriteFile("c.svg", nil); !errors.As(err, &qe) {
		t.Errorf("third file: %v", err)
	}
	if got := strings.Join(m.Names(), ","); got != "a.svg,b.svg" {
		t.Errorf("Names = %s", got)
	}
}
