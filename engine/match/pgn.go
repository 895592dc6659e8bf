package match

import (
	"io"
	"strconv"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/game"
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
	tags := []game.Tag{
		{Name: "Event", Value: event},
		{Name: "Site", Value: "?"},
		{Name: "Date", Value: g.Started.Format("2006.01.02")},
		{Name: "Round", Value: strconv.Itoa(g.Round)},
		{Name: "White", Value: g.White},
		{Name: "Black", Value: g.Black},
		{Name: "Result", Value: g.Result()},
	}
	tags = append(tags, game.StartTags(g.StartFEN)...)
	tc := g.Limits[board.White].PGN()
	if btc := g.Limits[board.Black].PGN(); btc != tc {
		tags = append(tags, game.Tag{Name: "WhiteTimeControl", Value: tc}, game.Tag{Name: "BlackTimeControl", Value: btc})
		tc = "?"
	}
	tags = append(tags,
		game.Tag{Name: "TimeControl", Value: tc},
		game.Tag{Name: "Termination", Value: g.Termination.pgnTermination()},
		game.Tag{Name: "PlyCount", Value: strconv.Itoa(len(g.Moves))})
	if g.Opening.Name != "" {
		tags = append(tags, game.Tag{Name: "Opening", Value: g.Opening.Name})
	}
	err := game.WritePGN(w, game.PGN{Tags: tags, StartFEN: g.StartFEN, SAN: g.SAN, Comments: g.Comments, Final: g.Summary(), Result: g.Result()})
	if err == nil {
		_, err = io.WriteString(w, "\n") // the blank line between games
	}
	return err
}
