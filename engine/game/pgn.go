package game

import (
	"fmt"
	"io"
	"strings"

	"github.com/plylab/plylab/engine/board"
)

// Tag is one PGN tag pair, e.g. {"Event", "plylab match"}.
type Tag struct{ Name, Value string }

// PGN is a game to write: its tags in order, then the movetext.
type PGN struct {
	Tags     []Tag
	StartFEN string   // numbers the moves (the initial position when empty)
	SAN      []string // the moves
	Comments []string // optional, one after each move ("" for none)
	Final    string   // optional comment before the result
	Result   string   // "1-0", "0-1", "1/2-1/2" or "*"
}

// PGN returns the game's moves and result under tags, ready to write.
func (g *Game) PGN(tags []Tag) PGN {
	return PGN{Tags: tags, StartFEN: g.startFEN, SAN: g.SAN(), Result: g.Result()}
}

// StartTags are the FEN and SetUp tags of a game that does not start
// from the initial position (none for one that does).
func StartTags(fen string) []Tag {
	if fen == "" || fen == board.StartFEN {
		return nil
	}
	return []Tag{{"FEN", fen}, {"SetUp", "1"}}
}

// lineWidth is the longest movetext line PGN allows.
const lineWidth = 80

// WritePGN writes p: a tag line each (quotes and backslashes escaped), a
// blank line, and the movetext wrapped at 80 columns, each move number
// kept with its move ("12. e4", "12... e5"), each comment in braces
// (a "}" inside becomes ")"), then the result and a newline. Games in
// one file are separated by a blank line, which the caller writes.
func WritePGN(w io.Writer, p PGN) error {
	var b strings.Builder
	for _, t := range p.Tags {
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
