package match

import (
	"io"
	"strconv"

	"github.com/plylab/plylab/engine/app/game"
	"github.com/plylab/plylab/engine/board"
)

// WritePGN writes g as a PGN game: the Seven Tag Roster, then FEN and
// SetUp for a game that does not start from the initial position,
// TimeControl, Termination, PlyCount and Opening, the moves in SAN with a
// comment after each (the opening's "book", then score/depth and time as
// cutechess-cli writes them), and a last comment saying how the game
// ended. Lines are at most 80 characters.
func WritePGN(w io.Writer, g *Game) error {
	event := g.Event
	if event == "" {
		event = "plylab match"
	}
	var extra []game.Tag
	tc := g.Limits[board.White].PGN()
	if btc := g.Limits[board.Black].PGN(); btc != tc {
		extra = append(extra, game.Tag{Name: "WhiteTimeControl", Value: tc}, game.Tag{Name: "BlackTimeControl", Value: btc})
		tc = "?"
	}
	extra = append(extra,
		game.Tag{Name: "TimeControl", Value: tc},
		game.Tag{Name: "Termination", Value: g.Termination.pgnTermination()},
		game.Tag{Name: "PlyCount", Value: strconv.Itoa(len(g.Moves))})
	if g.Opening.Name != "" {
		extra = append(extra, game.Tag{Name: "Opening", Value: g.Opening.Name})
	}
	h := game.Header{Event: event, Site: "?", Date: game.Date(g.Started), Round: strconv.Itoa(g.Round), White: g.White, Black: g.Black, Extra: extra}
	err := game.WritePGN(w, game.PGN{Header: h, StartFEN: g.StartFEN, SAN: g.SAN, Comments: g.Comments, Final: g.Summary(), Result: g.Result()})
	if err == nil {
		_, err = io.WriteString(w, "\n") // the blank line between games
	}
	return err
}
