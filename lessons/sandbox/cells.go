package sandbox

import (
	"strconv"
	"strings"
)

// Cells is plylab's allow-list for lesson cells: what the ten lessons and
// a class exploring on its own need, and nothing that reads the server's
// files, writes outside the cell's folder, starts a program, runs for
// hours (the server's time limit and node budget stop long runs) or takes
// the server's memory (a table of at most 64 MB, a drawing of at most
// 20,000 nodes). cmd/plylab's TestCellPolicyCoversEveryFlag fails when a command
// gains a flag that is neither here nor in Refused.
var Cells = &Policy{
	Global: flags("color=name", "columns=name", "help,h", "version"),
	Groups: map[string][]string{
		"positions": {"list", "show", "reference"},
		"nnue":      {"datagen", "train", "label", "show"},
		"book":      {"show", "build"},
		"lesson":    {"list", "run", "export", "check", "serve"},
		"docs":      {"check"},
	},
	Commands: []Command{
		{Path: "positions list", Flags: flags(format)},
		{Path: "positions show", Args: 1, Flags: flags(position, fen, suite, id, "flip", format)},
		{Path: "positions reference", Args: 4, Flags: flags(format)},
		{Path: "perft", Flags: flags(position, fen, suite, id, depth, "divide", "reference", "force", format)},
		{Path: "bench", Flags: flags(depth, hash, "eval=name", with, without, format)},
		{Path: "compare", Flags: flags(position, fen, suite, id, algo, with, without, evalKind, hash, depth,
			"plot=output", "no-minimal", "force", format)},
		{Path: "scores", Flags: flags(position, fen, algo, with, without, evalKind, hash, depth, "force", format)},
		{Path: "search", Flags: flags(position, fen, suite, id, algo, with, without, evalKind, hash, depth,
			"movetime,t=value", "nodes=value", "multipv=value", "stats", "force", format)},
		{Path: "techniques", Flags: flags(format, "elo")},
		{Path: "eval", Flags: flags(position, fen, suite, id, evalKind, without, format)},
		{Path: "tune", Flags: flags("skip=value", "every=value", "epochs=value", "rate=value", "k=value",
			"from=name", "squares", "terms=name", "holdout=value", "l2=value", "report=value", "no-weights", format)},
		{Path: "nnue show", Flags: flags(format)},
		{Path: "tree", Flags: flags(position, fen, suite, id, "toy=value", "list-toys", algo, with, without, evalKind, hash, depth,
			"side-by-side=name", "output,o=output", "format,f=name", "max-nodes=value<=20000", "window", "max-depth=value",
			"focus=value", "pv-only", "collapse=value", "fit=value", "slide", "no-legend")},
		{Path: "play", Flags: flags("levels"), Require: []string{"levels"}},
		{Path: "reproduce", Flags: flags("source=name", format)},
		{Path: "version", Flags: flags(format)},
	},
	Refused: []Refusal{
		{Path: "perft", Flag: "stockfish", Why: "it starts another program", Terminal: "plylab perft --stockfish /usr/games/stockfish ..."},
		{Path: "positions reference", Flag: "stockfish", Why: "it starts another program", Terminal: "plylab positions reference --stockfish /usr/games/stockfish ..."},
		{Path: "bench", Flag: "net", Why: "it reads a network file on disk", Terminal: "plylab bench --net FILE"},
		{Path: "bench", Flag: "threads", Why: "it searches on several cores at once, which one cell must not take from a classroom server", Terminal: "plylab bench --threads 2"},
		{Path: "search", Flag: "threads", Why: "it searches on several cores at once, which one cell must not take from a classroom server", Terminal: "plylab search --threads 2 ..."},
		{Path: "tree", Flag: "toy-file", Why: "it reads a file on disk; give the tree inline with --toy", Terminal: "plylab tree --toy-file FILE"},
		{Path: "tree", Flag: "format,f", Value: "html", Why: "it writes a web page of its own; a cell's drawing replays the search already: draw it with -o tree.svg",
			Terminal: "plylab tree ... --format html -o tree.html"},
		{Path: "tune", Flag: "pgn", Why: "it reads game files on disk; cells tune on the built-in master games", Terminal: "plylab tune --pgn FILE"},
		{Path: "tune", Flag: "label-engine", Why: "it starts another program", Terminal: "plylab tune --label-engine /usr/games/stockfish"},
		{Path: "tune", Flag: "label-depth", Why: "it sets up --label-engine, which starts another program", Terminal: "plylab tune --label-engine PATH --label-depth N"},
		{Path: "tune", Flag: "label-weight", Why: "it sets up --label-engine, which starts another program", Terminal: "plylab tune --label-engine PATH --label-weight SHARE"},
		{Path: "tune", Flag: "label-cache", Why: "it reads and writes a file on disk", Terminal: "plylab tune --label-engine PATH --label-cache FILE"},
		{Path: "tune", Flag: "output,o", Why: "it writes Go source to a file on disk", Terminal: "plylab tune -o FILE"},
		{Path: "reproduce", Flag: "run-slow", Why: "it reruns matches that take hours and start other programs", Terminal: "plylab reproduce --run-slow"},
		{Path: "nnue datagen", Why: "it plays thousands of games and writes files on disk"},
		{Path: "nnue label", Why: "it starts a teacher engine and reads and writes files on disk"},
		{Path: "nnue train", Why: "it reads training data and writes a network on disk"},
		{Path: "book", Why: "it reads and writes opening book files on disk"},
		{Path: "match", Why: "it plays long matches, possibly against other programs"},
		{Path: "gauntlet", Why: "it plays long matches against other programs and reads and writes game files on the server"},
		{Path: "uci", Why: "it talks to a chess GUI over standard input; run it from the GUI"},
		{Path: "play", Why: "it is an interactive game for a terminal (cells list its levels with 'play --levels')"},
		{Path: "lesson", Why: "a lesson cell cannot run lessons (it would run, export, check or serve them)"},
		{Path: "docs", Why: "it reads the repository's pages on disk and runs their cells", Terminal: "plylab docs check"},
		{Path: "help", Why: "write COMMAND --help in a cell instead", Terminal: "plylab help COMMAND"},
	},
}

// Docs is the allow-list of a documentation page's hidden cells (plylab
// docs check): the cells' list, and `lesson list`, which the page that
// describes the lessons reads. The page is the repository's own, but its
// cells are held to what a lesson may run all the same.
var Docs = func() *Policy {
	p := *Cells
	p.Commands = append(append([]Command(nil), Cells.Commands...), Command{Path: "lesson list", Flags: flags(format)})
	p.Refused = nil
	for _, r := range Cells.Refused {
		if r.Path != "lesson" {
			p.Refused = append(p.Refused, r)
		}
	}
	return &p
}()

// The flags many commands share, as flags() specs.
const (
	position = "position,p=name"
	fen      = "fen=value"
	suite    = "suite=name"
	id       = "id=name"
	algo     = "algo,a=name"
	with     = "with=name"
	without  = "without=name"
	evalKind = "eval,e=name"
	hash     = "hash=value<=64"
	depth    = "depth,d=value"
	format   = "format,f=name"
)

// flags builds Flags from specs "name,alias=kind" (no "=" is a switch),
// with "<=N" after a value's kind for its Max.
func flags(specs ...string) []Flag {
	kinds := map[string]Kind{"value": Value, "name": Name, "output": Output}
	out := make([]Flag, len(specs))
	for i, s := range specs {
		names, kind, ok := strings.Cut(s, "=")
		kind, limit, bounded := strings.Cut(kind, "<=")
		k := Switch
		if ok {
			k = kinds[kind]
			if k == 0 {
				panic("sandbox: unknown kind in " + s)
			}
		}
		out[i] = Flag{Names: strings.Split(names, ","), Kind: k}
		if bounded {
			n, err := strconv.ParseInt(limit, 10, 64)
			if err != nil || k != Value {
				panic("sandbox: bad bound in " + s)
			}
			out[i].Max = n
		}
	}
	return out
}
