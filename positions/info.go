package positions

import (
	"fmt"
	"strings"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// Info is a position as `plylab positions show` reports it: its name and
// where it comes from, its board.Facts, and what a test suite says about it (the
// best and avoid moves of an EPD record, its perft counts). Its JSON keys
// are those of `positions show --format json`.
type Info struct {
	Name        string `json:"name"`
	Suite       string `json:"suite,omitempty"`
	Description string `json:"description"`
	board.Facts
	BestMoves  []string `json:"best_moves"`
	AvoidMoves []string `json:"avoid_moves"`
	Perft      []uint64 `json:"perft"`
	Source     string   `json:"source,omitempty"`
}

// Line is one labelled fact of an Info as a person reads it: Key is the
// stable name (the csv/markdown field column), Label the text view's
// caption ("" for a continuation such as the list of legal moves).
type Line struct {
	Key, Label, Value string
}

// Title names the position for a heading: "kiwipete: description",
// "wac WAC.004: ...", or "Position from a FEN" for a FEN of the user's
// (UserFEN).
func (in *Info) Title() string {
	name := in.Name
	if in.UserFEN() {
		name = "Position from a FEN"
	}
	if in.Suite != "" {
		name = in.Suite + " " + in.Name
	}
	if in.Description != "" {
		return name + ": " + in.Description
	}
	return name
}

// UserFEN reports whether the position is a FEN the user gave (Name
// "fen", no suite: FromFEN).
func (in *Info) UserFEN() bool { return in.Name == "fen" && in.Suite == "" }

// Lines lists the reported facts in the order a person reads them: FEN,
// side to move, castling, en passant, material, the status when it is not
// normal, the suite and its best/avoid moves when there are any, then the
// number of legal moves and the moves themselves (key "legal_moves", no
// label).
func (in *Info) Lines() []Line {
	var out []Line
	add := func(key, label, value string) { out = append(out, Line{key, label, value}) }
	side := textfmt.Capitalize(in.SideToMove)
	add("fen", "FEN", in.FEN)
	add("side_to_move", "Side to move", side)
	castling := in.Castling
	if castling == "-" {
		castling = "none (-)"
	}
	add("castling", "Castling", castling)
	ep := "none (-)"
	if in.EnPassant != nil {
		ep = *in.EnPassant
	}
	add("en_passant", "En passant", ep)
	balance := "equal"
	switch {
	case in.Material.Balance > 0:
		balance = fmt.Sprintf("White +%d", in.Material.Balance)
	case in.Material.Balance < 0:
		balance = fmt.Sprintf("Black +%d", -in.Material.Balance)
	}
	add("material", "Material", fmt.Sprintf("White %d, Black %d (%s)", in.Material.White, in.Material.Black, balance))
	switch in.Status {
	case "check":
		add("status", "Status", side+" is in check")
	case "checkmate":
		add("status", "Status", side+" is checkmated")
	case "stalemate":
		add("status", "Status", "stalemate")
	}
	if in.Suite != "" {
		add("suite", "Suite", in.Suite+", id "+in.Name)
	}
	if len(in.BestMoves) > 0 {
		add("best_moves", "Best move", strings.Join(in.BestMoves, " "))
	}
	if len(in.AvoidMoves) > 0 {
		add("avoid_moves", "Avoid move", strings.Join(in.AvoidMoves, " "))
	}
	add("legal_move_count", "Legal moves", fmt.Sprint(in.LegalMoveCount))
	add("legal_moves", "", strings.Join(in.LegalMoves, " "))
	return out
}

// InfoOf is what `plylab positions show` reports about p, with p's
// FEN parsed and validated (a built-in FEN gets the same checks as one a
// user typed) for drawing the board. A bad FEN of a built-in position
// says which position has it.
func InfoOf(p Position) (*Info, *chess.Position, error) {
	pos, err := board.ChessPosition(p.FEN)
	if err != nil {
		err = &board.FENError{FEN: p.FEN, Err: err}
		if p.Name != "fen" {
			return nil, nil, fmt.Errorf("built-in position %q has a bad FEN: %v", p.Name, err)
		}
		return nil, nil, err
	}
	info := &Info{
		Name:        p.Name,
		Suite:       p.Suite,
		Description: p.Description,
		Facts:       board.Describe(pos),
		BestMoves:   nonNil(p.BestMoves),
		AvoidMoves:  nonNil(p.AvoidMoves),
		Perft:       p.Perft,
		Source:      p.Source,
	}
	if info.Perft == nil {
		info.Perft = []uint64{}
	}
	return info, pos, nil
}

// nonNil is s, or an empty list for nil (so JSON says [] rather than null).
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Table is the csv and markdown view of a position (`plylab positions
// show`): one row per fact of Lines, its key and value.
func (in *Info) Table() *textfmt.Table {
	t := &textfmt.Table{
		Title:   in.Title(),
		Columns: []textfmt.Column{{Key: "field", Header: "Field"}, {Key: "value", Header: "Value"}},
	}
	for _, f := range in.Lines() {
		t.Rows = append(t.Rows, []textfmt.Cell{textfmt.TextCell(f.Key), textfmt.TextCell(f.Value)})
	}
	return t
}
