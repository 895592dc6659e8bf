package output

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// recorder keeps the text written and the results its sink receives.
type recorder struct {
	bytes.Buffer
	results []string
}

func (r *recorder) result(kind string, fields []Field) {
	var kv []string
	for _, f := range fields {
		kv = append(kv, fmt.Sprintf("%s=%v", f.Key, f.Value))
	}
	r.results = append(r.results, kind+":"+strings.Join(kv, ","))
}

func TestWriteReport(t *testing.T) {
	tab := &Table{Columns: []Column{{Header: "n", Key: "n"}}, Rows: [][]Cell{{IntCell(1200)}}}
	rep := textfmt.Report{
		textfmt.TablePart(tab),
		textfmt.GapPart("table"),
		{Text: "careful", Style: StyleWarn},
		textfmt.TextPart("\n"),
		textfmt.ResultPart("bench", []Field{{Key: "nps", Value: 7}}),
		{Table: tab, Format: "csv"},
		{},
	}
	tests := []struct {
		format string
		color  bool
		want   string
	}{
		{"table", false, "n\n─────\n1,200\n\ncareful\nn\n1200\n"},
		{"table", true, "\x1b[1mn\x1b[22m\n\x1b[2m─────\x1b[22m\n1,200\n\n\x1b[33mcareful\x1b[0m\nn\n1200\n"},
		{"json", false, "{\n  \"title\": \"\",\n  \"rows\": [\n    {\n      \"n\": 1200\n    }\n  ],\n  \"notes\": []\n}\n\ncareful\nn\n1200\n"},
	}
	for _, tt := range tests {
		var w recorder
		if err := WriteReport(&w, tt.format, rep, Painter{On: tt.color, Results: w.result}); err != nil {
			t.Fatal(err)
		}
		if got := w.String(); got != tt.want {
			t.Errorf("%s color=%v:\n got %q\nwant %q", tt.format, tt.color, got, tt.want)
		}
		if got, want := strings.Join(w.results, " "), "table:n=1200 bench:nps=7 table:n=1200"; got != want {
			t.Errorf("%s: results %q, want %q", tt.format, got, want)
		}
	}
}

func TestWriteReportStopsAtError(t *testing.T) {
	rep := textfmt.Report{{Table: &Table{}, Format: "xml"}, textfmt.TextPart("never")}
	var w bytes.Buffer
	err := WriteReport(&w, "table", rep, Painter{})
	if !errors.Is(err, ErrUsage) || w.Len() != 0 {
		t.Errorf("error %v, output %q; want a usage error and nothing written", err, w.String())
	}
	var parts []string
	emit := PartWriter(&w, "table", Painter{})
	for _, p := range []textfmt.Part{textfmt.TextPart("a"), textfmt.TextPart("b\n")} {
		if err := emit(p); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, w.String())
	}
	if strings.Join(parts, "|") != "a|ab\n" {
		t.Errorf("PartWriter wrote %q", parts)
	}
}
