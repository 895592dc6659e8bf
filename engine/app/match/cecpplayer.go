package match

import (
	"context"
	"strings"

	"github.com/plylab/plylab/engine/app/extengine"
	"github.com/plylab/plylab/engine/app/game"
)

// External CECP (xboard) engines as players, through engine/app/extengine's
// client. The engine's moves come back in its notation (coordinates, or
// SAN from an engine that insists on it) and are turned into UCI
// notation on the game's board; a move that is neither is passed on as
// it came, and the game ends with it as an illegal move.

// CECPConfig says how to start an external CECP engine.
type CECPConfig = extengine.CECPConfig

// CECPEngine is an external CECP engine as a Player.
type CECPEngine struct {
	e *extengine.CECP
}

// StartCECP starts the engine at cfg.Path and reads its features.
func StartCECP(ctx context.Context, cfg CECPConfig) (*CECPEngine, error) {
	e, err := extengine.StartCECP(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return &CECPEngine{e: e}, nil
}

// Name implements Player.
func (c *CECPEngine) Name() string { return c.e.Name() }

// NewGame implements Player (the game is set up at the first move).
func (c *CECPEngine) NewGame(ctx context.Context, _ GameStart) error { return c.e.NewGame(ctx) }

// Move implements Player: the moves the engine has not seen, its clocks
// and "go", then its "move".
func (c *CECPEngine) Move(ctx context.Context, pos Position, t Turn) (Reply, error) {
	var ctl extengine.Control
	if clk := t.Limit.Clock; clk != nil {
		ctl = extengine.Control{Base: clk.Base, Inc: clk.Inc, Moves: clk.Moves}
	}
	r, err := c.e.Search(ctx, extPosition(pos), ctl, extLimits(t))
	if err != nil {
		return Reply{}, err
	}
	r.Move = uciMove(pos, r.Move)
	return Reply(r), nil
}

// uciMove is text, a move as an engine wrote it, in UCI notation when it
// is a legal move of pos (coordinates such as "e7e8q" or "e7e8=Q", or
// SAN), else text unchanged.
func uciMove(pos Position, text string) string {
	if pos.Board == nil {
		return text
	}
	coord := strings.ToLower(strings.ReplaceAll(text, "=", ""))
	if m, ok := game.StrictUCI(pos.Board, coord); ok {
		return m.String()
	}
	if m, err := pos.Board.ParseMove(text); err == nil {
		return m.String()
	}
	return text
}

// Close implements Player: "quit", then kill after a second.
func (c *CECPEngine) Close() error { return c.e.Close() }
