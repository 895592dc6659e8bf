package game

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/plylab/plylab/engine/board"
)

// Tag is one PGN tag pair, e.g. {"Event", "plylab match"}.
type Tag struct{ Name, Value string }

// Header is a game's tags: the Seven Tag Roster but its Result (which is
// PGN.Result), then the tags after it. An empty roster value is written
// as "?", PGN's unknown.
type Header struct {
	Event, Site, Date, Round, White, Black string
	Extra                                  []Tag // written after the roster and FEN, SetUp
}

// PGN is a game to write: its header, then the movetext.
type PGN struct {
	Header
	StartFEN string   // FEN and SetUp tags, and the move numbers (the initial position when empty)
	SAN      []string // the moves
	Comments []string // optional, one after each move ("" for none)
	Final    string   // optional comment before the result
	Result   string   // "1-0", "0-1", "1/2-1/2" or "*"
}

// PGN returns the game's moves and result under h, ready to write.
func (g *Game) PGN(h Header) PGN {
	return PGN{Header: h, StartFEN: g.startFEN, SAN: g.SAN(), Result: g.Result()}
}

// Date is t as a PGN Date tag: "2026.11.26".
func Date(t time.Time) string { return t.Format("2006.01.02") }

// InRoster reports whether WritePGN writes the tag name from the header
// and the start position itself: a tag of the Seven Tag Roster, FEN or
// SetUp. A game read from a file keeps its other tags as Extra.
func InRoster(name string) bool {
	switch name {
	case "Event", "Site", "Date", "Round", "White", "Black", "Result", "FEN", "SetUp":
		return true
	}
	return false
}

// Tags are p's tags in the order WritePGN writes them: the Seven Tag
// Roster, FEN and SetUp for a game that does not start from the initial
// position, then Extra.
func (p PGN) Tags() []Tag {
	tags := []Tag{{"Event", p.Event}, {"Site", p.Site}, {"Date", p.Date}, {"Round", p.Round}, {"White", p.White}, {"Black", p.Black}, {"Result", p.Result}}
	for i := range tags {
		if tags[i].Value == "" {
			tags[i].Value = "?"
		}
	}
	if p.StartFEN != "" && p.StartFEN != board.StartFEN {
		tags = append(tags, Tag{"FEN", p.StartFEN}, Tag{"SetUp", "1"})
	}
	return append(tags, p.Extra...)
}

// lineWidth is the longest movetext line PGN allows.
const lineWidth = 80

// WritePGN writes p, the one PGN writer of plylab (saved games and
// match games): a tag line each (p.Tags, quotes and backslashes escaped), a
// blank line, and the movetext wrapped at 80 columns, each move number
// kept with its move ("12. e4", "12... e5"), each comment in braces
// (a "}" inside becomes ")"), then the result and a newline. Games in
// one file are separated by a blank line, which the caller writes.
func WritePGN(w io.Writer, p PGN) error {
	var b strings.Builder
	for _, t := range p.Tags() {
		v := strings.ReplaceAll(t.Value, `\`, `\\`)
		v = strings.ReplaceAll(v, `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t.Name, v)
	}
	b.WriteByte('\n')

	var line strings.Builder
	word := func(s string) {
		if line.Len() > 0 && line.Len()+1+len(s) > lineWidth {
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
		// A comment may break across lines at its spaces, like any text.
		fields := strings.Fields(strings.ReplaceAll(c, "}", ")"))
		if len(fields) == 0 {
			return
		}
		fields[0] = "{" + fields[0]
		fields[len(fields)-1] += "}"
		for _, f := range fields {
			word(f)
		}
	}
	for i, m := range Numbered(p.StartFEN, p.SAN, 0) {
		word(m)
		if i < len(p.Comments) {
			comment(p.Comments[i])
		}
	}
	comment(p.Final)
	word(p.Result)
	b.WriteString(line.String())
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

// Numbered returns the moves san, played from startFEN, from ply from on,
// each with its move number where PGN puts one: "12. e4", "e5", "13. d4";
// the first of them, if Black plays it, as "12... e5".
func Numbered(startFEN string, san []string, from int) []string {
	num, black := 1, false
	if fb, err := board.FromFEN(startFEN); err == nil {
		num, black = fb.FullmoveNumber(), fb.Side() == board.Black
	}
	var out []string
	for i, s := range san {
		if i >= from {
			switch {
			case !black:
				out = append(out, fmt.Sprintf("%d. %s", num, s))
			case i == from:
				out = append(out, fmt.Sprintf("%d... %s", num, s))
			default:
				out = append(out, s)
			}
		}
		if black {
			num++
		}
		black = !black
	}
	return out
}
