package output

import (
	"io"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// WriteReport writes r's parts in order: each table with WriteTable in
// format (or the part's own format), each text painted by p, and each
// result handed to p's sink (see Painter.ResultFields).
func WriteReport(w io.Writer, format string, r textfmt.Report, p Painter) error {
	for _, part := range r {
		if err := WritePart(w, format, part, p); err != nil {
			return err
		}
	}
	return nil
}

// WritePart writes one part of a report (see WriteReport).
func WritePart(w io.Writer, format string, part textfmt.Part, p Painter) error {
	switch {
	case part.Table != nil:
		if part.Format != "" {
			format = part.Format
		}
		return WriteTable(w, format, part.Table, p)
	case part.Kind != "":
		p.ResultFields(part.Kind, part.Fields)
		return nil
	case part.Text != "":
		_, err := io.WriteString(w, p.Paint(part.Style, part.Text))
		return err
	}
	return nil
}

// PartWriter is WritePart on w in format as a function, for a run that
// emits its parts as it goes (lab.RunSearch).
func PartWriter(w io.Writer, format string, p Painter) func(textfmt.Part) error {
	return func(part textfmt.Part) error { return WritePart(w, format, part, p) }
}
