package trace

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/kit/textfmt/ansi"
)

// The formats Write produces.
const (
	FormatText = "text"
	FormatDOT  = "dot"
	FormatJSON = "json"
)

// Formats lists the formats Write produces, the text view first.
var Formats = []string{FormatText, FormatDOT, FormatSVG, FormatPNG, FormatJSON, FormatHTML}

// Drawing reports whether format is a drawing (DOT, SVG, PNG, the HTML
// page), where Filter.Fit folds small subtrees; the text view and JSON
// show the whole recorded tree.
func Drawing(format string) bool {
	return format == FormatDOT || format == FormatSVG || format == FormatPNG || format == FormatHTML
}

// Write writes the trees in format: the text view (coloured by paint, which
// may be nil), Graphviz DOT, an SVG or PNG drawing, JSON (one tree as an
// object, several as {"trees": [...]}) or a self-contained HTML page with
// the replay of the search.
func Write(ctx context.Context, w io.Writer, format string, opts DrawOptions, paint Painter, trees ...*Tree) error {
	switch format {
	case FormatText:
		return WriteText(w, opts, paint, trees...)
	case FormatDOT:
		return WriteDOT(w, opts, trees...)
	case FormatSVG, FormatPNG:
		return Render(ctx, w, opts, format, trees...)
	case FormatHTML:
		if err := ctx.Err(); err != nil {
			return err
		}
		return WriteHTML(w, opts, trees...)
	case FormatJSON:
		if len(trees) == 1 {
			return WriteJSON(w, trees[0])
		}
		return textfmt.WriteJSON(w, struct {
			Trees []*Tree `json:"trees"`
		}{trees})
	}
	return fmt.Errorf("trace: unknown format %q; the formats are text, dot, svg, png, json and html", format)
}

// ANSIPainter is the text view's colours in a terminal: bold headings,
// blue MAX and magenta MIN markers, a bold green principal variation, red
// cutoffs, cyan table events, yellow null moves, green game ends and dim
// explanations. With on false it leaves text unchanged.
func ANSIPainter(on bool) Painter {
	return func(r Role, s string) string {
		return ansi.Paint(on, roleSGR[r], s)
	}
}

// roleSGR is each role's SGR code for ANSIPainter ("" for none).
var roleSGR = map[Role]string{
	RoleTitle:  "1",
	RoleMax:    "1;34",
	RoleMin:    "1;35",
	RolePV:     "1;32",
	RoleCutoff: "31",
	RoleTT:     "36",
	RoleNull:   "33",
	RoleMate:   "32",
	RoleDim:    "2",
}

// LookupFormat returns the format of Formats called name, in any case;
// ok is false for a name that is not one.
func LookupFormat(name string) (format string, ok bool) {
	for _, f := range Formats {
		if strings.EqualFold(name, f) {
			return f, true
		}
	}
	return "", false
}

// FormatOfFile returns the format a file name's extension asks for: .dot
// or .gv, .svg, .png, .json, .txt or .text, .html or .htm (in any case);
// ok is false for any other extension or none.
func FormatOfFile(name string) (format string, ok bool) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".dot", ".gv":
		return FormatDOT, true
	case ".svg":
		return FormatSVG, true
	case ".png":
		return FormatPNG, true
	case ".json":
		return FormatJSON, true
	case ".txt", ".text":
		return FormatText, true
	case ".html", ".htm":
		return FormatHTML, true
	}
	return "", false
}
