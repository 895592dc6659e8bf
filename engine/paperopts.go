package engine

import (
	"fmt"
	"strings"
)

// PaperOptions are the paper-faithful searches' settings.
type PaperOptions struct {
	// NonStrict cuts off on ties (value >= beta, value <= alpha), as
	// plylab's plain alpha-beta does, instead of the paper's > and <.
	NonStrict bool
	// PlylabOrder tries moves in plylab's generation order instead of
	// python-chess's.
	PlylabOrder bool
	// MateDistance scores a mate found at ply p as MateScore-p (the faster
	// mate is worth more) instead of the paper's undifferentiated infinity.
	MateDistance bool
}

// paperSwitches are the names of PaperOptions' switches after
// "paper-alphabeta-with-" or "paper-minimax-with-".
var paperSwitches = []struct {
	name  string
	field func(*PaperOptions) *bool
}{
	{"nonstrict", func(o *PaperOptions) *bool { return &o.NonStrict }},
	{"plyorder", func(o *PaperOptions) *bool { return &o.PlylabOrder }},
	{"matedistance", func(o *PaperOptions) *bool { return &o.MateDistance }},
}

// PaperValues are the piece values of the game-trees paper's
// simple_board_score, indexed by board piece type (none, pawn, knight,
// bishop, rook, queen, king).
var PaperValues = [7]int{0, 100, 300, 300, 500, 900, 1000}

// paperPreset parses "paper-minimax" and "paper-alphabeta", optionally
// followed by -with-NAME switches of PaperOptions.
func paperPreset(spec string) (Options, bool, error) {
	var o Options
	rest := ""
	switch {
	case strings.HasPrefix(spec, "paper-minimax"):
		rest = strings.TrimPrefix(spec, "paper-minimax")
	case strings.HasPrefix(spec, "paper-alphabeta"):
		rest = strings.TrimPrefix(spec, "paper-alphabeta")
		o.AlphaBeta = true
	default:
		return o, false, nil
	}
	o.Paper = true
	o.Name = spec
	o = o.withDefaults()
	for _, part := range strings.Split(rest, "-with-")[1:] {
		found := false
		for _, s := range paperSwitches {
			if s.name == part {
				*s.field(&o.PaperOpts) = true
				found = true
			}
		}
		if !found {
			return o, true, fmt.Errorf("unknown switch %q of %s (paper presets take -with-nonstrict, -with-plyorder, -with-matedistance)", part, spec)
		}
	}
	if rest != "" && !strings.HasPrefix(rest, "-with-") {
		return o, true, fmt.Errorf("bad algorithm %q: after paper-minimax or paper-alphabeta write -with-NAME", spec)
	}
	return o, true, nil
}
