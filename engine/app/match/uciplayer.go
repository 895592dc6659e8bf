package match

import (
	"context"

	"github.com/plylab/plylab/engine/app/extengine"
	"github.com/plylab/plylab/engine/board"
)

// External UCI engines as players. The protocol client is
// engine/app/extengine's (the one package that starts engine processes);
// this file turns a match's positions and clocks into its terms.

// UCIConfig says how to start an external UCI engine.
type UCIConfig = extengine.UCIConfig

// UCIOption is one option to set with "setoption name NAME value VALUE".
// Names and values may contain spaces ("Skill Level", "Move Overhead").
type UCIOption = extengine.Option

// ErrOption marks a UCI option that is malformed, unknown to the engine or
// out of its range: the user's mistake, not the engine's.
var ErrOption = extengine.ErrOption

// OptionTextError is ParseUCIOption's error: Text, as typed, is not
// NAME=VALUE. It is an ErrOption (errors.Is).
type OptionTextError = extengine.OptionTextError

// ParseUCIOption reads "NAME=VALUE" (split at the first "=").
func ParseUCIOption(s string) (UCIOption, error) { return extengine.ParseOption(s) }

// ParseUCIOptions reads each "NAME=VALUE" of list in order
// (ParseUCIOption); the error is the first bad one's *OptionTextError.
func ParseUCIOptions(list []string) ([]UCIOption, error) { return extengine.ParseOptions(list) }

// UCIEngine is an external UCI engine as a Player.
type UCIEngine struct {
	e *extengine.UCI
}

// StartUCI starts the engine at cfg.Path, runs the handshake and sets the
// options. A missing executable, an engine that does not speak UCI and an
// option the engine does not offer (ErrOption) are errors.
func StartUCI(ctx context.Context, cfg UCIConfig) (*UCIEngine, error) {
	e, err := extengine.StartUCI(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return &UCIEngine{e: e}, nil
}

// startUCI is StartUCI with the engine started by dial.
func startUCI(ctx context.Context, cfg UCIConfig, dial extengine.Dialer) (*UCIEngine, error) {
	e, err := extengine.NewUCI(ctx, cfg, dial)
	if err != nil {
		return nil, err
	}
	return &UCIEngine{e: e}, nil
}

// Name implements Player.
func (u *UCIEngine) Name() string { return u.e.Name() }

// NewGame implements Player: "ucinewgame" and "isready", after restarting
// an engine that died in the last game.
func (u *UCIEngine) NewGame(ctx context.Context, _ GameStart) error { return u.e.NewGame(ctx) }

// Move implements Player: "position" and "go", then waits for "bestmove".
// When ctx ends first it sends "stop"; an engine that does not answer
// within extengine.StopGrace is killed (and restarted for the next game).
func (u *UCIEngine) Move(ctx context.Context, pos Position, t Turn) (Reply, error) {
	r, err := u.e.Search(ctx, extPosition(pos), extLimits(t))
	if err != nil {
		return Reply{}, err
	}
	return Reply(r), nil
}

// Close implements Player: "quit", then kill after a second.
func (u *UCIEngine) Close() error { return u.e.Close() }

// extPosition is pos as extengine takes it.
func extPosition(pos Position) extengine.Position {
	return extengine.Position{FEN: pos.StartFEN, Moves: pos.Moves}
}

// extLimits is a turn's limit and clocks as extengine takes them: under a
// clock the mover's is always sent, the opponent's when it has one.
func extLimits(t Turn) extengine.Limits {
	l := t.Limit
	out := extengine.Limits{Depth: l.Depth, Nodes: l.Nodes, MoveTime: l.MoveTime}
	if l.Clock != nil {
		for _, side := range []board.Color{board.White, board.Black} {
			rem := t.Remaining[side]
			out.Clock[side] = extengine.SideClock{On: side == t.Side || rem > 0, Left: rem, Inc: t.Increment[side]}
		}
		out.MovesToGo = t.MovesToGo
	}
	return out
}
