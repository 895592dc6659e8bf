package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/cliflags"
	"github.com/plylab/plylab/engine/app/book"
)

// testdata/book_gs20.bin is PolyGlot's own book of the first 20 games of
// the Grand Swiss 2019 (see engine/app/book/testdata/SOURCES.md).
const (
	bookTestFile = "testdata/book_gs20.bin"
	bookTestPGN  = "../../engine/app/book/testdata/grandswiss2019_20.pgn"
)

func TestBookShow(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "book", "show", "--book", bookTestFile)
	wantOK(t, r)
	golden(t, "book_show", r.stdout)

	r = runCLI(t, "book", "show", "--book", bookTestFile, "--moves", "e4", "--format", "csv")
	wantOK(t, r)
	want := "move,uci,weight,percent\ne5,e7e5,5,83.33\ne6,e7e6,1,16.67\n"
	if r.stdout != want {
		t.Errorf("after 1.e4:\n%s\nwant\n%s", r.stdout, want)
	}

	r = runCLI(t, "book", "show", "--book", bookTestFile, "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	wantOK(t, r)
	if !strings.Contains(r.stdout, "not in the book") {
		t.Errorf("a position not in the book:\n%s", r.stdout)
	}
}

// JSON output carries the numbers.
func TestBookShowJSON(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "book", "show", "--book", bookTestFile, "--format", "json")
	wantOK(t, r)
	var out struct {
		Rows []map[string]any `json:"rows"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if len(out.Rows) != 4 || out.Rows[0]["uci"] != "d2d4" || out.Rows[0]["weight"] != 9.0 || out.Rows[0]["percent"] != 37.5 {
		t.Errorf("rows = %v", out.Rows)
	}
}

func TestBookShowErrors(t *testing.T) {
	t.Parallel()
	bad := filepath.Join(t.TempDir(), "bad.bin")
	if err := os.WriteFile(bad, make([]byte, 40), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, "book", "show", "--book", bad)
	if r.code != cliapp.ExitFailure || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 ||
		!strings.Contains(r.stderr, "not a Polyglot opening book: its size, 40 bytes, is not a multiple of 16") {
		t.Errorf("malformed book: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"book", "show", "--book", "testdata/no-such-book.bin"}, `book file "testdata/no-such-book.bin" does not exist`},
		{[]string{"book", "show", "--book", bookTestFile, "--moves", "e4 e4"}, "--moves: move 2"},
		{[]string{"book", "show", "--book", bookTestFile, "extra"}, `unexpected argument "extra"`},
		{[]string{"book", "show", "--book", bookTestFile, "--format", "xml"}, `unknown format "xml"`},
		{[]string{"book", "build", "-o", "x.bin"}, "missing required flag --pgn"},
		{[]string{"book", "build", "--pgn", "nosuch.pgn", "-o", "x.bin"}, `PGN file "nosuch.pgn" does not exist`},
		{[]string{"book", "build", "--pgn", bookTestPGN, "-o", "x.bin", "--max-ply", "0"}, "--max-ply must be between 1 and 1000"},
		{[]string{"book", "nosuch"}, `unknown command "book nosuch"`},
	} {
		line := wantUsageError(t, runCLI(t, tc.args...))
		if !strings.Contains(line, tc.want) {
			t.Errorf("plylab %v: %q does not contain %q", tc.args, line, tc.want)
		}
	}
}

// Without --book and without Debian's book, the error says how to get one.
func TestBookShowNoDefaultBook(t *testing.T) {
	t.Parallel()
	_, _, err := cliflags.OpenBook("", filepath.Join(t.TempDir(), "book.bin"))
	if err == nil || cliapp.IsUsageError(err) {
		t.Fatalf("err = %v, want a plain error", err)
	}
	for _, want := range []string{"apt-get install gnuchess-book", "plylab book build", "--book FILE"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not mention %q", err, want)
		}
	}
	if _, err := os.Stat(book.DefaultPath); err == nil {
		r := runCLI(t, "book", "show", "--format", "csv")
		wantOK(t, r)
		if !strings.Contains(r.stdout, "e4,e2e4,") {
			t.Errorf("Debian's book has no 1.e4?\n%s", r.stdout)
		}
	}
}

func TestBookBuild(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "gs20.bin")
	r := runCLI(t, "book", "build", "--pgn", bookTestPGN, "-o", out, "--format", "csv")
	wantOK(t, r)
	want := "file,games,plies,positions,entries,bytes\n" + out + ",20,400,260,274,4384\n"
	if r.stdout != want {
		t.Errorf("build output:\n%s\nwant\n%s", r.stdout, want)
	}
	// Same records as PolyGlot's book of the same games.
	ours, err := book.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := book.Open(bookTestFile)
	if err != nil {
		t.Fatal(err)
	}
	count := map[book.Record]int{}
	for _, rec := range ref.Records() {
		count[rec]++
	}
	for _, rec := range ours.Records() {
		count[rec]--
	}
	for rec, n := range count {
		if n != 0 {
			t.Errorf("record %+v: PolyGlot has %d more", rec, n)
		}
	}
	if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("book file mode: %v, %v", fi, err)
	}

	// Table output, options, and the book shown back.
	r = runCLI(t, "book", "build", "--pgn", bookTestPGN, "-o", out, "--max-ply", "2", "--min-games", "2", "--by-count")
	wantOK(t, r)
	for _, s := range []string{"first 2 plies", "at least 2 games", "weight = number of games", "read back and verified: 8 records"} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("build table lacks %q:\n%s", s, r.stdout)
		}
	}
	r = runCLI(t, "book", "show", "--book", out, "--format", "csv")
	wantOK(t, r)
	if !strings.HasPrefix(r.stdout, "move,uci,weight,percent\nd4,d2d4,7,") {
		t.Errorf("show after build:\n%s", r.stdout)
	}

	// A PGN file without games is an error (exit 1), not an empty book.
	empty := filepath.Join(dir, "empty.pgn")
	os.WriteFile(empty, []byte("\n"), 0o644)
	r = runCLI(t, "book", "build", "--pgn", empty, "-o", filepath.Join(dir, "e.bin"))
	if r.code != cliapp.ExitFailure || !strings.Contains(r.stderr, "no games found") {
		t.Errorf("empty PGN: exit %d, stderr %q", r.code, r.stderr)
	}
	// A directory that does not exist.
	r = runCLI(t, "book", "build", "--pgn", bookTestPGN, "-o", filepath.Join(dir, "no", "such", "dir.bin"))
	if r.code != cliapp.ExitFailure || !strings.Contains(r.stderr, "cannot write") {
		t.Errorf("unwritable output: exit %d, stderr %q", r.code, r.stderr)
	}
}

// Keys shown by book show are Polyglot keys.
func TestBookShowKey(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "book", "show", "--book", bookTestFile, "--moves", "e2e4 d7d5 e4e5 f7f5")
	wantOK(t, r)
	if !strings.Contains(r.stdout, "key 22a48b5a8e47ff78") {
		t.Errorf("title lacks the spec's key:\n%s", r.stdout)
	}
}

func TestBookOptions(t *testing.T) {
	t.Parallel()
	newShow := func(env *appEnv, runF func(context.Context, *BookShowOptions) error) *cli.Command {
		return newBookCommand(env, runF, nil)
	}
	newBuild := func(env *appEnv, runF func(context.Context, *BookBuildOptions) error) *cli.Command {
		return newBookCommand(env, nil, runF)
	}
	for _, tt := range []struct {
		args                []string
		label, path, format string
		fen                 string
	}{
		{[]string{"book", "show"}, "start", "", "table", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{[]string{"book", "show", "--moves", " e4   c5 ", "-b", "my.bin", "-f", "csv"}, "start + e4 c5", "my.bin", "csv", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"},
		{[]string{"book", "show", "-p", "kiwipete", "--moves", "e2a6"}, "kiwipete + e2a6", "", "table", "r3k2r/p1ppqpb1/Bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPB1PPP/R3K2R b KQkq - 0 1"},
	} {
		o, msg := parseOptions(t, newShow, tt.args...)
		if o == nil {
			t.Errorf("%v: %s", tt.args, msg)
			continue
		}
		if o.Label != tt.label || o.BookPath != tt.path || o.DefaultPath != book.DefaultPath || o.Format != tt.format || o.Board.FEN() != tt.fen {
			t.Errorf("%v: got label %q, book %q, default %q, format %s, FEN %s", tt.args, o.Label, o.BookPath, o.DefaultPath, o.Format, o.Board.FEN())
		}
	}
	o, msg := parseOptions(t, newBuild, "book", "build", "--pgn", "g.pgn", "-o", "b.bin", "--max-ply", "16", "--min-games", "2", "--by-count", "-f", "json")
	if want := (BookBuildOptions{PGN: "g.pgn", Output: "b.bin", Build: book.BuildOptions{MaxPly: 16, MinGames: 2, ByCount: true}, Format: "json"}); o == nil || !reflect.DeepEqual(*o, want) {
		t.Errorf("book build: got %+v (%s), want %+v", o, msg, want)
	}
	o, msg = parseOptions(t, newBuild, "book", "build", "--pgn", "g.pgn", "-o", "b.bin")
	if want := (BookBuildOptions{PGN: "g.pgn", Output: "b.bin", Build: book.BuildOptions{MaxPly: book.DefaultMaxPly, MinGames: 1}, Format: "table"}); o == nil || !reflect.DeepEqual(*o, want) {
		t.Errorf("book build defaults: got %+v (%s), want %+v", o, msg, want)
	}
	wantParseError(t, newShow, "--moves: move 2", "book", "show", "--moves", "e4 e4")
	wantParseError(t, newShow, `unexpected argument "e4"`, "book", "show", "e4")
	wantParseError(t, newBuild, "--max-ply must be between 1 and 1000, got 0", "book", "build", "--pgn", "g.pgn", "-o", "b.bin", "--max-ply", "0")
	wantParseError(t, newBuild, "--min-games must be at least 1, got 0", "book", "build", "--pgn", "g.pgn", "-o", "b.bin", "--min-games", "0")
	wantParseError(t, newBuild, "missing required flag --output", "book", "build", "--pgn", "g.pgn")
}
