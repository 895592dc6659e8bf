package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine/kit/golden"
)

func sampleTable() *Table {
	return &Table{
		Title: "Perft from start",
		Columns: []Column{
			{Key: "depth", Header: "Depth", Right: true},
			{Key: "nodes", Header: "Nodes", Right: true},
			{Key: "time_s", Header: "Time", Right: true},
			{Key: "rate", Header: "Speed", Right: true},
			{Key: "ok", Header: "OK"},
			{Key: "note", Header: "Note"},
		},
		Rows: [][]Cell{
			{IntCell(1), IntCell(20), DurationCell(812 * time.Microsecond), RateCell(24630), BoolCell(true).Styled(StyleGood), TextCell("all ♘ and ♙ moves")},
			{IntCell(5), IntCell(4865609), DurationCell(1234 * time.Millisecond), RateCell(3.943e6), BoolCell(false).Styled(StyleBad), TextCell(`has "quotes", commas | pipes`)},
			{IntCell(6), NullCell("-"), NullCell("-"), FloatCell(math.NaN(), "%.1f"), NullCell("?").Styled(StyleWarn), TextCell("")},
		},
		Notes: []string{"Nodes are leaf counts.", "Times <1 s are noisy & vary."},
	}
}

func TestWriteTableGolden(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, format string
		color        bool
	}{
		{"table", "table", false},
		{"table_color", "table", true},
		{"csv", "csv", false},
		{"json", "json", false},
		{"markdown", "markdown", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			if err := WriteTable(&b, tt.format, sampleTable(), Painter{On: tt.color}); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, "output_"+tt.name, b.String())
			if !tt.color && strings.Contains(b.String(), "\x1b") {
				t.Errorf("escape codes with color off")
			}
		})
	}
}

func TestWriteTableJSONIsValid(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := WriteTable(&b, "json", sampleTable(), Painter{}); err != nil {
		t.Fatal(err)
	}
	var v struct {
		Title string           `json:"title"`
		Rows  []map[string]any `json:"rows"`
		Notes []string         `json:"notes"`
	}
	if err := json.Unmarshal(b.Bytes(), &v); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, b.String())
	}
	if len(v.Rows) != 3 || v.Rows[1]["nodes"] != 4865609.0 || v.Rows[2]["nodes"] != nil || v.Rows[0]["ok"] != true {
		t.Errorf("unexpected rows: %v", v.Rows)
	}
	// Empty tables still have rows and notes arrays.
	b.Reset()
	if err := WriteTable(&b, "json", &Table{Columns: []Column{{Key: "a"}}}, Painter{}); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != "{\n  \"title\": \"\",\n  \"rows\": [],\n  \"notes\": []\n}\n" {
		t.Errorf("empty table JSON = %q", got)
	}
}

func TestWriteTableUnknownFormat(t *testing.T) {
	t.Parallel()
	err := WriteTable(&bytes.Buffer{}, "xml", sampleTable(), Painter{})
	if !errors.Is(err, ErrUsage) || !strings.Contains(err.Error(), "table, csv, json, markdown") {
		t.Errorf("err = %v, want a usage error listing the formats", err)
	}
}

func TestFormatInt(t *testing.T) {
	t.Parallel()
	for n, want := range map[int64]string{
		0: "0", 7: "7", 999: "999", 1000: "1,000", 4865609: "4,865,609", 119060324: "119,060,324",
		-1234567: "-1,234,567", math.MaxInt64: "9,223,372,036,854,775,807", math.MinInt64: "-9,223,372,036,854,775,808",
	} {
		if got := FormatInt(n); got != want {
			t.Errorf("FormatInt(%d) = %q, want %q", n, got, want)
		}
	}
	if got := FormatUint(math.MaxUint64); got != "18,446,744,073,709,551,615" {
		t.Errorf("FormatUint(max) = %q", got)
	}
}

func TestDisplayWidth(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]int{"abc": 3, "♘♙": 2, "µs": 2, "日本": 4, "\x1b[1mbold\x1b[0m": 4, "e\u0301": 1} {
		if got := DisplayWidth(s); got != want {
			t.Errorf("DisplayWidth(%q) = %d, want %d", s, got, want)
		}
	}
}
