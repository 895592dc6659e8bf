package main

import (
	"context"
	"errors"
	"io"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine/book"
	"github.com/plylab/plylab/engine/uci"
	"github.com/urfave/cli/v2"
)

// uci: run the full engine as a UCI engine on stdin/stdout, for chess
// GUIs, cutechess-cli/fastchess and matches against other engines.

// UCIOptions are the parsed flags of `plylab uci`: the engine's
// configuration and the stdin its commands come on.
type UCIOptions struct {
	Config uci.Config
	Stdin  io.Reader
}

func uciCommand(env *appEnv) *cli.Command { return newUCICommand(env, streams(env, uciRun)) }

// newUCICommand builds `plylab uci`; its action parses the arguments into
// UCIOptions and calls runF.
func newUCICommand(env *appEnv, runF func(context.Context, *UCIOptions) error) *cli.Command {
	return &cli.Command{
		Name:  "uci",
		Usage: "run the full engine under the Universal Chess Interface (for chess GUIs and engine matches)",
		Description: `uci makes plylab a UCI chess engine: it reads UCI commands on stdin and
answers on stdout until "quit" or the end of the input. Point a chess GUI
(Arena, Cute Chess, Banksia, En Croissant) or cutechess-cli/fastchess at
the command "plylab uci".

Options a GUI can set: Hash (MB, default 64), OwnBook and BookFile (a
Polyglot book, default /usr/share/games/gnuchess/book.bin), Eval
(material, pst, pesto, classical or nnue; EvalFile names a network file
for nnue), Move Overhead (ms lost per move outside the search, default
30), Threads (search threads, Lazy SMP: default 1, the deterministic
search, up to 64), MultiPV (the best lines shown at each depth, default
1, up to 256), Ponder (the GUI may send "go ponder"; default false), and
one "Tech <name>" switch per technique of the full engine (e.g. "Tech
null", also spelt "Tech_null" for runners that cannot send a space; see
'plylab techniques'), so a match can measure what each technique is
worth.

For analysis: "go searchmoves e2e4 d2d4 depth 12" searches only those
moves (moves that are not legal are named on an "info string" line and
left out; if none is legal, every move is searched). With MultiPV N each
depth prints N "info ... multipv K ..." lines, best first, each line found
by a search that leaves out the moves of the lines above it; bestmove is
the first line's move. For play: bestmove names the expected reply, the
second move of the principal variation, whenever there is one ("bestmove
g1f3 ponder b8c6"), Ponder on or off; "go ponder" searches the position
after that reply with no clock until "ponderhit" (from then on the clock
of that go command applies) or "stop" (bestmove at once).

Bad commands are answered with "info string ..." and never end the
session. Commands piped in from a file run to the end: a search with a
limit finishes before plylab exits.

Examples:
   plylab uci                                     then type: uci, isready, go depth 8, quit
   printf 'position startpos moves e2e4\ngo depth 8\n' | plylab uci
   printf 'setoption name Tech null value false\ngo movetime 1000\n' | plylab uci
   printf 'setoption name MultiPV value 3\ngo depth 10\n' | plylab uci
   printf 'go searchmoves a2a3 h2h3 depth 8\n' | plylab uci
   cutechess-cli -engine cmd=plylab arg=uci -engine cmd=stockfish \
       -each proto=uci tc=10+0.1 -games 2`,
		Action: parseAction(env, func(c *cli.Context) (*UCIOptions, error) { return parseUCI(c, env.Stdin, env.build().Short()) }, runF),
	}
}

// parseUCI checks that uci has no arguments; the commands come on stdin.
// version is what the engine's name carries (cliapp.Build.Short).
func parseUCI(c *cli.Context, stdin io.Reader, version string) (*UCIOptions, error) {
	if c.NArg() > 0 {
		return nil, cliapp.Usagef("uci takes no arguments, got %q; send UCI commands on stdin instead", c.Args().First())
	}
	// Name and Author are uci.Config's defaults: "plylab", "the plylab
	// authors".
	cfg := uci.Config{Version: version, OpenBook: uci.BookOpener(book.Open)}
	return &UCIOptions{Config: cfg, Stdin: stdin}, nil
}

// uciRun answers the UCI commands read from opts.Stdin on stdout.
func uciRun(ctx context.Context, opts *UCIOptions, stdout, _ io.Writer) error {
	err := uci.Run(ctx, opts.Stdin, stdout, opts.Config)
	if errors.Is(err, context.Canceled) {
		return nil // Ctrl-C ends a UCI session like "quit" does
	}
	return err
}
