package lab

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/plylab/plylab/engine/app/extengine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/param"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// The reference analyses: what a strong engine says about the positions
// the lessons and the docs make claims about (the only move, a mate in
// two, a draw, who is better). Each is Stockfish's search at a stated
// depth, one thread, a 16 MB hash cleared before the search
// ("ucinewgame"), so the same on every run; they are stored in
// reference.json with the engine's name, and TestReferences analyses each
// again with the engine installed (the test command installs Stockfish).
// `plylab positions reference` prints them; a lesson cell reads them like
// any other result, so a sentence about a position's outcome is checked
// against them.

//go:embed reference.json
var referenceJSON []byte

// Reference is one stored analysis: a position (a named one, or a FEN),
// the moves played from it, the engine's settings and its lines.
type Reference struct {
	// Position names the position: a built-in name ("zugzwang"), a label
	// for a FEN ("fine70": Fine's Basic Chess Endings, #70), "" for the
	// FEN alone; "NAME (...)" labels a variant of NAME's position
	// ("zugzwang-kp (Black to move)"), selected with it.
	Position string `json:"position,omitempty"`
	FEN      string `json:"fen"`
	// Moves are played from FEN before the analysis (UCI notation).
	Moves   []string  `json:"moves,omitempty"`
	Depth   int       `json:"depth"`
	MultiPV int       `json:"multipv"`
	Engine  string    `json:"engine"` // the engine's "id name": "Stockfish 15.1"
	Lines   []RefLine `json:"lines"`
}

// RefLine is one line of a Reference, the best first.
type RefLine struct {
	Depth int      `json:"depth"`
	Score int      `json:"score_cp,omitempty"` // centipawns, the mover's view (0 with Mate)
	Mate  int      `json:"mate,omitempty"`     // mate in n moves; negative: mated
	Nodes uint64   `json:"nodes"`
	PV    []string `json:"pv"` // UCI notation
}

// ReferenceThreads and ReferenceHashMB are the engine settings of every
// reference analysis.
const (
	ReferenceThreads = 1
	ReferenceHashMB  = 16
)

// StoredReferences returns the stored analyses.
func StoredReferences() ([]Reference, error) {
	var rs []Reference
	if err := json.Unmarshal(referenceJSON, &rs); err != nil {
		return nil, fmt.Errorf("lab: reference.json: %w", err)
	}
	for i, r := range rs {
		if _, err := r.Board(); err != nil {
			return nil, fmt.Errorf("lab: reference.json: analysis %d (%s): %w", i+1, r.Label(), err)
		}
		if r.Depth < 1 || r.MultiPV < 1 || len(r.Lines) != r.MultiPV {
			return nil, fmt.Errorf("lab: reference.json: analysis %d (%s): a depth, a MultiPV of at least 1 and as many lines", i+1, r.Label())
		}
	}
	return rs, nil
}

// Board is the position analysed: FEN with Moves played.
func (r Reference) Board() (*board.Board, error) {
	b, err := board.FromFEN(r.FEN)
	if err != nil {
		return nil, err
	}
	for _, u := range r.Moves {
		m, err := b.ParseMove(u)
		if err != nil {
			return nil, fmt.Errorf("move %s: %w", u, err)
		}
		b.Make(m)
	}
	return b, nil
}

// Label names the analysis: its position and the moves played, in SAN
// ("zugzwang after Rf1 Rxf1+ Kxf1").
func (r Reference) Label() string {
	name := r.Position
	if name == "" {
		name = r.FEN
	}
	if len(r.Moves) == 0 {
		return name
	}
	return name + " after " + r.MovesSAN()
}

// MovesSAN are the moves played before the analysis, in SAN.
func (r Reference) MovesSAN() string {
	b, err := board.FromFEN(r.FEN)
	if err != nil {
		return strings.Join(r.Moves, " ")
	}
	return sanLine(b, r.Moves)
}

// sanLine plays the UCI moves on b and returns them in SAN (a move that
// does not parse ends the line).
func sanLine(b *board.Board, moves []string) string {
	var out []string
	n := 0
	for _, u := range moves {
		m, err := b.ParseMove(u)
		if err != nil {
			break
		}
		out = append(out, b.SAN(m))
		b.Make(m)
		n++
	}
	for ; n > 0; n-- {
		b.Unmake()
	}
	return strings.Join(out, " ")
}

// RefScore prints a line's score as plylab prints scores: "+97", "-436",
// "mate in 2", "mated in 1".
func RefScore(l RefLine) string {
	switch {
	case l.Mate > 0:
		return fmt.Sprintf("mate in %d", l.Mate)
	case l.Mate < 0:
		return fmt.Sprintf("mated in %d", -l.Mate)
	case l.Score > 0:
		return fmt.Sprintf("+%d", l.Score)
	}
	return fmt.Sprint(l.Score)
}

// SelectReferences returns the analyses of rs whose position is one of
// names (all of them for no names): the position itself, or a variant of
// it labelled "NAME (...)" ("zugzwang-kp (Black to move)"). A name with no
// analysis is a param.Error naming the ones there are.
func SelectReferences(rs []Reference, names []string) ([]Reference, error) {
	if len(names) == 0 {
		return rs, nil
	}
	var out []Reference
	var known []string
	for _, n := range names {
		found := false
		for _, r := range rs {
			if r.Position == n || strings.HasPrefix(r.Position, n+" (") {
				out = append(out, r)
				found = true
			}
		}
		if !found {
			for _, r := range rs {
				name, _, _ := strings.Cut(r.Position, " (")
				if name != "" && !contains(known, name) {
					known = append(known, name)
				}
			}
			return nil, param.Errorf("{Positions}: %q has no reference analysis; the positions analysed are %s", n, strings.Join(known, ", "))
		}
	}
	return out, nil
}

func contains(list []string, s string) bool { return slices.Contains(list, s) }

// Analyse makes each analysis of rs again with the UCI engine at path:
// a fresh engine for each (Threads 1, Hash 16, the analysis's MultiPV),
// "ucinewgame", then the search to its depth. The lines it returns
// replace the stored ones; the engine's name is its "id name".
func Analyse(ctx context.Context, path string, rs []Reference) ([]Reference, error) {
	out := make([]Reference, len(rs))
	for i, r := range rs {
		e, err := extengine.StartUCI(ctx, extengine.UCIConfig{Path: path, Options: []extengine.Option{
			{Name: "Threads", Value: fmt.Sprint(ReferenceThreads)}, {Name: "Hash", Value: fmt.Sprint(ReferenceHashMB)},
			{Name: "MultiPV", Value: fmt.Sprint(r.MultiPV)}}})
		if err != nil {
			return nil, err
		}
		a, err := func() (extengine.Analysis, error) {
			defer e.Close()
			if err := e.NewGame(ctx); err != nil {
				return extengine.Analysis{}, err
			}
			return e.Analyse(ctx, extengine.Position{FEN: r.FEN, Moves: r.Moves}, extengine.Limits{Depth: r.Depth})
		}()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.Label(), err)
		}
		n := r
		n.Engine, n.Lines = e.ID(), nil
		for _, l := range a.Lines {
			n.Lines = append(n.Lines, RefLine{Depth: l.Depth, Score: l.Score, Mate: l.Mate, Nodes: l.Nodes, PV: l.PV})
		}
		out[i] = n
	}
	return out, nil
}

// ReferenceJSON lays out analyses as reference.json stores them.
func ReferenceJSON(rs []Reference) ([]byte, error) {
	data, err := json.MarshalIndent(rs, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// ReferenceTable is `plylab positions reference`: a row per line of each
// analysis (the position, the moves played before it, the engine's depth,
// the line's rank, its first move, its score and its moves).
func ReferenceTable(rs []Reference) *textfmt.Table {
	t := &textfmt.Table{Title: "positions reference: Stockfish's analyses", Columns: []textfmt.Column{
		{Key: "position", Header: "position"}, {Key: "after", Header: "after"}, {Key: "engine", Header: "engine"},
		{Key: "depth", Header: "depth", Right: true}, {Key: "rank", Header: "rank", Right: true},
		{Key: "move", Header: "move"}, {Key: "score", Header: "score", Right: true},
		{Key: "nodes", Header: "nodes", Right: true}, {Key: "pv", Header: "pv"}}}
	for _, r := range rs {
		b, err := r.Board()
		if err != nil {
			continue
		}
		name := r.Position
		if name == "" {
			name = r.FEN
		}
		for i, l := range r.Lines {
			pv := sanLine(b, l.PV)
			move := ""
			if f := strings.Fields(pv); len(f) > 0 {
				move = f[0]
			}
			t.Rows = append(t.Rows, []textfmt.Cell{textfmt.TextCell(name), textfmt.TextCell(r.MovesSAN()), textfmt.TextCell(r.Engine),
				textfmt.IntCell(int64(l.Depth)), textfmt.IntCell(int64(i + 1)), textfmt.TextCell(move), textfmt.TextCell(RefScore(l)),
				textfmt.UintCell(l.Nodes), textfmt.TextCell(pv)})
		}
	}
	t.Notes = append(t.Notes,
		fmt.Sprintf("each analysis: one thread, %d MB of hash cleared before it (ucinewgame), the stated depth; scores are the side to move's, in centipawns", ReferenceHashMB),
		"stored in engine/app/lab/reference.json; plylab positions reference --stockfish PATH analyses again (TestReferences does, and compares)")
	return t
}
