package match

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/plylab/plylab/engine/board"
)

// WritePGN writes g as a PGN game: the Seven Tag Roster, then FEN and
// SetUp for a game that does not start from the initial position,
// TimeControl, Termination, PlyCount and Opening, the moves in SAN with a
// comment after each (the opening's "book", then score/depth and time as
// cutechess-cli writes them), and a last comment saying how the game
// ended. Lines are at most 80 characters.
func WritePGN(w io.Writer, g *Game) error {
	var b strings.Builder
	tag := func(k, v string) {
		v = strings.ReplaceAll(v, `\`, `\\`)
		v = strings.ReplaceAll(v, `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", k, v)
	}
	event := g.Event
	if event == "" {
		event = "plylab match"
	}
	tag("Event", event)
	tag("Site", "?")
	tag("Date", g.Started.Format("2006.01.02"))
	tag("Round", strconv.Itoa(g.Round))
	tag("White", g.White)
	tag("Black", g.Black)
	tag("Result", g.Result())
	if g.StartFEN != "" && g.StartFEN != board.StartFEN {
		tag("FEN", g.StartFEN)
		tag("SetUp", "1")
	}
	tc := g.Limits[board.White].PGN()
	if btc := g.Limits[board.Black].PGN(); btc != tc {
		tag("WhiteTimeControl", tc)
		tag("BlackTimeControl", btc)
		tc = "?"
	}
	tag("TimeControl", tc)
	tag("Termination", g.Termination.pgnTermination())
	tag("PlyCount", strconv.Itoa(len(g.Moves)))
	if g.Opening.Name != "" {
		tag("Opening", g.Opening.Name)
	}
	b.WriteByte('\n')

	// Movetext, wrapped at 80 columns.
	var line strings.Builder
	word := func(s string) {
		if line.Len() > 0 && line.Len()+1+len(s) > 80 {
			b.WriteString(line.String())
			b.WriteByte('\n')
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(s)
	}
	comment := func(c string) {
		// Comments may be broken across lines at spaces, like any text.
		c = strings.ReplaceAll(c, "}", ")")
		fields := strings.Fields(c)
		if len(fields) == 0 {
			return
		}
		fields[0] = "{" + fields[0]
		fields[len(fields)-1] += "}"
		for _, f := range fields {
			word(f)
		}
	}
	num, black := 1, false
	if fb, err := board.FromFEN(g.StartFEN); err == nil {
		num, black = fb.FullmoveNumber(), fb.Side() == board.Black
	}
	for i, san := range g.SAN {
		switch {
		case !black:
			word(fmt.Sprintf("%d. %s", num, san))
		case i == 0:
			word(fmt.Sprintf("%d... %s", num, san))
		default:
			word(san)
		}
		if i < len(g.Comments) {
			comment(g.Comments[i])
		}
		if black {
			num++
		}
		black = !black
	}
	comment(g.Summary())
	word(g.Result())
	b.WriteString(line.String())
	b.WriteString("\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}
