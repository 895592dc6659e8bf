package boardtext

import (
	"io"
	"strings"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/positions"
)

// Position is what `plylab positions show` prints for one position: its
// title, the board (Draw), then one labelled line per fact of info, the
// legal moves wrapped under their label, best moves, moves to avoid and
// the status in their colours.
func Position(info *positions.Info, pos *chess.Position, flip bool, color output.Painter) string {
	var b strings.Builder
	b.WriteString(color.Paint(output.StyleBold, title(info)) + "\n\n")
	b.WriteString(Draw(pos, flip, color))
	b.WriteByte('\n')
	const labelWidth = 13
	for _, f := range info.Lines() {
		key, label, value := f.Key, f.Label, f.Value
		if key == "legal_moves" {
			for _, l := range textfmt.WrapWords(info.LegalMoves, 64) {
				b.WriteString(strings.Repeat(" ", labelWidth+1) + color.Paint(output.StyleAccent, l) + "\n")
			}
			continue
		}
		switch key {
		case "best_moves":
			value = color.Paint(output.StyleGood, value)
		case "avoid_moves":
			value = color.Paint(output.StyleBad, value)
		case "status":
			value = color.Paint(output.StyleWarn, value)
		}
		b.WriteString(color.Paint(output.StyleDim, output.PadRight(label, labelWidth)) + " " + value + "\n")
	}
	return b.String()
}

// Write writes what `plylab positions show --format format` prints for
// one position: info as JSON, its Table as csv or markdown, else the text
// view (Position) with the board drawn from Black's side when flip.
func Write(w io.Writer, format string, info *positions.Info, pos *chess.Position, flip bool, color output.Painter) error {
	switch format {
	case "json":
		return textfmt.WriteJSON(w, info)
	case "csv", "markdown":
		t := info.Table()
		t.Title = title(info)
		return output.WriteTable(w, format, t, color)
	}
	_, err := io.WriteString(w, Position(info, pos, flip, color))
	return err
}

// title is info's Title, a FEN of the user's named by its flag: "Position
// from --fen".
func title(info *positions.Info) string {
	if info.UserFEN() {
		return "Position from --fen"
	}
	return info.Title()
}
