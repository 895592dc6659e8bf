package match

import (
	"errors"
	"fmt"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/nnue"
)

// OpponentSpec is a match's opponent as a user names it: "random" (a
// random mover), a plylab algorithm such as "engine-without-null", or a
// UCI engine's path or name (FindUCIEngine).
type OpponentSpec struct {
	Spec  string // the name as typed (surrounding spaces are ignored)
	Limit Limit  // the opponent's search limit
	// Ours is our engine's options: a plylab opponent shares its hash size
	// (OpponentEngine).
	Ours engine.Options
	// Eval is a plylab opponent's evaluation, or nil for its own
	// (OpponentEngine).
	Eval *eval.Kind
	// Net, if not nil, is a plylab opponent's network (its evaluation is
	// then nnue), called NetName in its name.
	Net     *nnue.Network
	NetName string
	// UCIOptions are a UCI opponent's options; any other opponent takes
	// none.
	UCIOptions []UCIOption
}

// Why an OpponentSpec does not make an opponent (OpponentError.Err).
var (
	// ErrNoOpponent: the spec is empty.
	ErrNoOpponent = errors.New("no opponent named")
	// ErrNotUCI: UCI options were given for an opponent that is not a UCI
	// engine; OpponentError.What says what it is ("a random mover",
	// "plylab's engine").
	ErrNotUCI = errors.New("UCI options for an opponent that is not a UCI engine")
	// ErrNeedsDepth: a plain plylab algorithm (fixed depth only) without
	// a depth limit; OpponentError.What is its name.
	ErrNeedsDepth = errors.New("the opponent searches to a fixed depth only")
	// ErrNoEngine: the spec is neither random, a plylab algorithm nor an
	// executable; OpponentError.Cause is why the lookup failed.
	ErrNoEngine = errors.New("no such opponent")
)

// OpponentError is why an OpponentSpec made no opponent: Err is one of
// ErrNoOpponent, ErrNotUCI, ErrNeedsDepth and ErrNoEngine, with What and
// Cause as they describe.
type OpponentError struct {
	Spec  string // the spec, trimmed
	Err   error
	What  string
	Cause error
}

// Error says what was wrong in one line.
func (e *OpponentError) Error() string {
	switch {
	case e.What != "":
		return fmt.Sprintf("opponent %s: %v (%s)", e.Spec, e.Err, e.What)
	case e.Cause != nil:
		return fmt.Sprintf("opponent %s: %v (%v)", e.Spec, e.Err, e.Cause)
	}
	return fmt.Sprintf("opponent %q: %v", e.Spec, e.Err)
}

// Unwrap returns Err, so errors.Is matches the reason.
func (e *OpponentError) Unwrap() error { return e.Err }

// Hint says what to do when the spec found no engine (ErrNoEngine): a
// spec that names Stockfish is to install it (Debian puts it in
// /usr/games, where FindUCIEngine looks), any other to give a UCI
// engine's full path.
func (e *OpponentError) Hint() string {
	if strings.Contains(strings.ToLower(e.Spec), "stockfish") {
		return "install Stockfish with 'apt-get install stockfish' (Debian puts it in /usr/games/stockfish) or give its full path"
	}
	return "give the full path of a UCI engine, e.g. /usr/games/stockfish"
}

// Entrant makes the opponent s names and describes it for reports:
// "random", "plylab engine-without-null (depth 4)" or "stockfish
// UCI_Elo=1500 (depth 4)". A spec that is a plylab algorithm and contains
// no path separator is one; anything else but "random" (any case) is
// looked up as a UCI engine. The error is an *OpponentError.
func (s OpponentSpec) Entrant() (Entrant, string, error) {
	spec := strings.TrimSpace(s.Spec)
	fail := func(err error, what string, cause error) (Entrant, string, error) {
		return Entrant{}, "", &OpponentError{Spec: spec, Err: err, What: what, Cause: cause}
	}
	if spec == "" {
		return fail(ErrNoOpponent, "", nil)
	}
	if strings.EqualFold(spec, "random") {
		if len(s.UCIOptions) > 0 {
			return fail(ErrNotUCI, "a random mover", nil)
		}
		return RandomEntrant(s.Limit), "random", nil
	}
	if opts, err := engine.ParseAlgo(spec); err == nil && !strings.ContainsAny(spec, `/\`) {
		if len(s.UCIOptions) > 0 {
			return fail(ErrNotUCI, "plylab's engine", nil)
		}
		evalKind := s.Eval
		if s.Net != nil {
			k := eval.NNUE
			evalKind = &k
		}
		opts, name := OpponentEngine(opts, s.Ours, evalKind)
		if s.Net != nil {
			opts.Net = s.Net
			name = "plylab " + opts.Name + " (net " + s.NetName + ")"
		}
		if opts.IsPlain() && s.Limit.Depth == 0 {
			return fail(ErrNeedsDepth, opts.Name, nil)
		}
		return EngineEntrant(name, opts, s.Limit), fmt.Sprintf("%s (%s)", name, s.Limit), nil
	}
	path, err := FindUCIEngine(spec)
	if err != nil {
		return fail(ErrNoEngine, "", errors.Unwrap(err))
	}
	cfg := UCIConfig{Path: path, Options: append([]UCIOption(nil), s.UCIOptions...)}
	return UCIEntrant(cfg, s.Limit), fmt.Sprintf("%s (%s)", cfg.Describe(), s.Limit), nil
}

// IsPlylab reports whether spec names a plylab algorithm (as Entrant
// reads it), not random or a UCI engine.
func IsPlylab(spec string) bool {
	spec = strings.TrimSpace(spec)
	_, err := engine.ParseAlgo(spec)
	return err == nil && !strings.ContainsAny(spec, `/\`) && !strings.EqualFold(spec, "random")
}
