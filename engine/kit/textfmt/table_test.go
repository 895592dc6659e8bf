package textfmt

import (
	"math"
	"reflect"
	"testing"
	"time"
)

func TestCells(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name      string
		cell      Cell
		wantText  string
		wantValue any
		wantStyle Style
	}{
		{"text", TextCell("e2e4"), "e2e4", "e2e4", StyleNone},
		{"int", IntCell(4865609), "4,865,609", int64(4865609), StyleNone},
		{"negative int", IntCell(-1234), "-1,234", int64(-1234), StyleNone},
		{"uint", UintCell(119060324), "119,060,324", uint64(119060324), StyleNone},
		{"float", FloatCell(1.23456, "%.2f"), "1.23", 1.23456, StyleNone},
		{"yes", BoolCell(true), "yes", true, StyleNone},
		{"no", BoolCell(false), "no", false, StyleNone},
		{"null", NullCell("-"), "-", nil, StyleNone},
		{"duration", DurationCell(45600 * time.Microsecond), "45.6 ms", 0.0456, StyleNone},
		{"rate", RateCell(48.2e6), "48.2 M/s", 48.2e6, StyleNone},
		{"styled", BoolCell(true).Styled(StyleGood), "yes", true, StyleGood},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := tt.cell
			if c.Text != tt.wantText || !reflect.DeepEqual(c.Value, tt.wantValue) || c.Style != tt.wantStyle {
				t.Errorf("cell = %q %#v %d, want %q %#v %d", c.Text, c.Value, c.Style, tt.wantText, tt.wantValue, tt.wantStyle)
			}
		})
	}
}

func TestStyleSGR(t *testing.T) {
	t.Parallel()
	want := map[Style]string{StyleNone: "", StyleGood: "32", StyleBad: "31", StyleDim: "2", StyleBold: "1", StyleAccent: "36", StyleWarn: "33"}
	for s, code := range want {
		if got := s.SGR(); got != code {
			t.Errorf("Style(%d).SGR() = %q, want %q", s, got, code)
		}
	}
}

func TestRowCellsAndFields(t *testing.T) {
	t.Parallel()
	tab := &Table{
		Columns: []Column{{Key: "depth", Header: "Depth", Right: true}, {Key: "nodes", Header: "Nodes", Right: true}, {Key: "note", Header: "Note"}},
		Rows: [][]Cell{
			{IntCell(1), UintCell(20), TextCell("ok")},
			{IntCell(2)},
			{IntCell(3), FloatCell(math.NaN(), "%.1f"), TextCell("x"), TextCell("extra")},
		},
	}
	if got := tab.RowCells(1); len(got) != 3 || got[0].Text != "2" || got[1] != (Cell{}) || got[2] != (Cell{}) {
		t.Errorf("RowCells(1) = %#v, want the row padded with empty cells to 3", got)
	}
	if got := tab.RowCells(2); len(got) != 3 || got[2].Text != "x" {
		t.Errorf("RowCells(2) = %#v, want the row cut to 3 cells", got)
	}
	wantTexts := [][]string{{"1", "20", "ok"}, {"2", "", ""}, {"3", "NaN", "x"}}
	if got := tab.Texts(); !reflect.DeepEqual(got, wantTexts) {
		t.Errorf("Texts() = %q, want %q", got, wantTexts)
	}
	want := []Field{{Key: "depth", Value: int64(1), Text: "1"}, {Key: "nodes", Value: uint64(20), Text: "20"}, {Key: "note", Value: "ok", Text: "ok"}}
	if got := tab.RowFields(0); !reflect.DeepEqual(got, want) {
		t.Errorf("RowFields(0) = %#v, want %#v", got, want)
	}
	want = []Field{{Key: "depth", Value: int64(3), Text: "3"}, {Key: "nodes", Value: nil, Text: "NaN"}, {Key: "note", Value: "x", Text: "x"}}
	if got := tab.RowFields(2); !reflect.DeepEqual(got, want) {
		t.Errorf("RowFields(2) = %#v, want %#v", got, want)
	}
}

func TestJSONValue(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, want any
	}{
		{7, int64(7)}, {int32(-7), int64(-7)}, {int16(5), int64(5)}, {int8(-1), int64(-1)},
		{uint(7), uint64(7)}, {uint32(7), uint64(7)}, {uint16(7), uint64(7)}, {uint8(7), uint64(7)},
		{float32(0.5), 0.5}, {math.Inf(1), nil}, {math.NaN(), nil}, {1500 * time.Millisecond, 1.5},
		{"s", "s"}, {true, true}, {nil, nil}, {int64(9), int64(9)},
	} {
		if got := JSONValue(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("JSONValue(%#v) = %#v, want %#v", tt.in, got, tt.want)
		}
	}
}

func TestDuration(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{
		0:                         "0 ns",
		950:                       "950 ns",
		812 * time.Microsecond:    "812 µs",
		45600 * time.Microsecond:  "45.6 ms",
		1234 * time.Millisecond:   "1.23 s",
		12345 * time.Millisecond:  "12.3 s",
		999999 * time.Microsecond: "1.00 s",
		125 * time.Second:         "2 min 05 s",
		3725 * time.Second:        "1 h 02 min",
		-1500 * time.Microsecond:  "-1.50 ms",
	} {
		if got := Duration(d); got != want {
			t.Errorf("Duration(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestRate(t *testing.T) {
	t.Parallel()
	for r, want := range map[float64]string{
		48.2e6:      "48.2 M/s",
		950e3:       "950 k/s",
		999.7e3:     "1.00 M/s",
		12:          "12.0 /s",
		0:           "0 /s",
		1.5e9:       "1.50 G/s",
		-2500:       "-2.50 k/s",
		math.Inf(1): "-",
		math.NaN():  "-",
	} {
		if got := Rate(r); got != want {
			t.Errorf("Rate(%v) = %q, want %q", r, got, want)
		}
	}
}

func TestSig3(t *testing.T) {
	t.Parallel()
	for v, want := range map[float64]string{0: "0.00", 1.5: "1.50", 9.996: "10.0", 12.34: "12.3", 99.96: "100", 812: "812"} {
		if got := Sig3(v); got != want {
			t.Errorf("Sig3(%v) = %q, want %q", v, got, want)
		}
	}
}
