package textfmt

import "testing"

func TestReportParts(t *testing.T) {
	tab := &Table{Title: "t"}
	tests := []struct {
		name string
		got  Part
		want Part
	}{
		{"table", TablePart(tab), Part{Table: tab}},
		{"text", TextPart("x\n"), Part{Text: "x\n"}},
		{"result", ResultPart("bench", []Field{{Key: "nps", Value: 5}}), Part{Kind: "bench", Fields: []Field{{Key: "nps", Value: 5}}}},
		{"gap table", GapPart("table"), Part{Text: "\n"}},
		{"gap markdown", GapPart("markdown"), Part{Text: "\n"}},
		{"gap csv", GapPart("csv"), Part{}},
		{"gap json", GapPart("json"), Part{}},
	}
	for _, tt := range tests {
		g, w := tt.got, tt.want
		if g.Table != w.Table || g.Format != w.Format || g.Text != w.Text || g.Style != w.Style || g.Kind != w.Kind || len(g.Fields) != len(w.Fields) {
			t.Errorf("%s: got %+v, want %+v", tt.name, g, w)
		}
	}
}
