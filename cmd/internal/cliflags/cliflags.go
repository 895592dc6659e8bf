// Package cliflags reads the flags several plylab commands share (the
// engine and its switches, threads, search limits, durations, a network
// file, an opening book) from a cli.Context, and words the domain
// packages' typed errors for the command line: the flag that was wrong,
// what it expects, what to do. The domain packages never name a flag;
// this is where their errors meet one.
package cliflags

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/flagval"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/book"
	"github.com/plylab/plylab/engine/app/match"
	"github.com/plylab/plylab/engine/nnue"
	"github.com/urfave/cli/v2"
)

// Algos reads the algorithm list of flag name (e.g. --algo or --engine)
// with --with, --without, --eval and --hash into engine options.
func Algos(c *cli.Context, name string) ([]engine.Options, error) {
	out, err := flagval.Algo{Flag: name, Algos: c.String(name), With: c.String("with"), Without: c.String("without"),
		Eval: c.String("eval"), EvalSet: c.IsSet("eval"), Hash: c.Int("hash")}.Options()
	if err != nil {
		return nil, cliapp.Usagef("%v", err)
	}
	return out, nil
}

// Duration reads the duration flag name (flagval.Duration: 100ms, 5s, a
// bare number is milliseconds).
func Duration(c *cli.Context, name string) (time.Duration, error) {
	d, err := flagval.Duration(name, c.String(name))
	if err != nil {
		return 0, cliapp.Usagef("%v", err)
	}
	return d, nil
}

// ThreadsFlag is --threads of a command whose engine searches with Lazy
// SMP.
func ThreadsFlag() cli.Flag {
	return &cli.IntFlag{Name: "threads", Value: 1, Usage: fmt.Sprintf("search with `N` threads (Lazy SMP, 1-%d; node counts are exact only with 1)", engine.MaxThreads)}
}

// Threads reads --threads and checks its range.
func Threads(c *cli.Context) (int, error) {
	n := c.Int("threads")
	if n < 1 || n > engine.MaxThreads {
		return 0, cliapp.Usagef("--threads must be between 1 and %d, got %d; try --threads 2", engine.MaxThreads, n)
	}
	return n, nil
}

// Limit reads one player's search limit from --PREFIXdepth,
// --PREFIXnodes, --PREFIXmovetime and --PREFIXtc (prefix "" or
// "opponent-"; a command without a --tc or --nodes flag simply has
// none): play reads its engine's limit here and match both players'.
// Zero fields are unset; flagval.Limit checks the values.
func Limit(c *cli.Context, prefix string) (match.Limit, error) {
	l, err := flagval.Limit{Prefix: prefix, Depth: c.Int(prefix + "depth"), DepthSet: c.IsSet(prefix + "depth"),
		Nodes: c.Int64(prefix + "nodes"), NodesSet: c.IsSet(prefix + "nodes"),
		MoveTime: c.String(prefix + "movetime"), MoveTimeSet: c.IsSet(prefix + "movetime"),
		TC: c.String(prefix + "tc"), TCSet: c.IsSet(prefix+"tc") || c.String(prefix+"tc") != ""}.Parse()
	if err != nil {
		return l, cliapp.Usagef("%v", err)
	}
	return l, nil
}

// Net reads the network file at path, which flag names (nnue.ReadFile,
// the one reader of network files), and its size in bytes.
func Net(flag, path string) (*nnue.Network, int, error) {
	n, size, err := nnue.ReadFile(path)
	var fe *nnue.FileError
	switch {
	case !errors.As(err, &fe):
		return n, size, err
	case fe.Read:
		return nil, 0, cliapp.ReadError(strings.TrimPrefix(flag, "--"), path, fe.Err, "")
	}
	return nil, 0, cliapp.Usagef("%s %s: %v; give a file written by plylab nnue train", flag, path, fe.Err)
}

// OpenBook opens the book named by --book, or def when --book is not
// given (book.Locate), its errors worded by BookError.
func OpenBook(path, def string) (*book.Book, string, error) {
	bk, path, err := book.Locate(path, def)
	return bk, path, BookError(err)
}

// BookOpenError words book.Open's error for the book at path
// (book.OpenError).
func BookOpenError(path string, err error) error { return BookError(book.OpenError(path, err)) }

// BookError words the book package's errors with plylab's commands: a
// file the user named that does not exist (*book.MissingError) is a usage
// error, a missing default book (*book.NotInstalledError) says how to
// make or name one; a file that is not a book is a plain error (exit
// status 1).
func BookError(err error) error {
	var me *book.MissingError
	var ni *book.NotInstalledError
	switch {
	case errors.As(err, &me) && me.Book:
		return cliapp.Usagef("%v, or build a book with 'plylab book build --pgn GAMES.pgn -o %s'", me, me.Path)
	case errors.As(err, &me):
		return cliapp.Usagef("%v", me)
	case errors.As(err, &ni):
		return fmt.Errorf("%v, build one with 'plylab book build --pgn GAMES.pgn -o book.bin', or give --book FILE", ni)
	}
	return err
}
