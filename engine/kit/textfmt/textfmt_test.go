package textfmt

import (
	"math"
	"strings"
	"testing"
)

func TestThousands(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		got, want string
	}{
		{Thousands(0), "0"},
		{Thousands(7), "7"},
		{Thousands(999), "999"},
		{Thousands(1000), "1,000"},
		{Thousands(-1000), "-1,000"},
		{Thousands(-999), "-999"},
		{Thousands(8902), "8,902"},
		{Thousands(197281), "197,281"},
		{Thousands(4865609), "4,865,609"},
		{Thousands(119060324), "119,060,324"},
		{Thousands(int64(-1234567)), "-1,234,567"},
		{Thousands(int64(math.MaxInt64)), "9,223,372,036,854,775,807"},
		{Thousands(int64(math.MinInt64)), "-9,223,372,036,854,775,808"},
		{Thousands(uint64(math.MaxUint64)), "18,446,744,073,709,551,615"},
		{Thousands(int8(-128)), "-128"},
		{Thousands(uint16(65535)), "65,535"},
		{Thousands(int32(-100000)), "-100,000"},
	} {
		if tt.got != tt.want {
			t.Errorf("Thousands = %q, want %q", tt.got, tt.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	t.Parallel()
	names := []string{"start", "kiwipete", "paper-mate2", "wac", "bk", "minimax", "alphabeta"}
	for _, tt := range []struct {
		q, want string
	}{
		{"kiwipet", "kiwipete"},   // prefix of at least 3 letters
		{"KIWI", "kiwipete"},      // prefix, case ignored
		{"wak", "wac"},            // distance 1
		{"strat", "start"},        // distance 2
		{"alfabeta", "alphabeta"}, // distance 2
		{"minmax", "minimax"},
		{"bx", "bk"},   // distance 1 < len 2
		{"xy", ""},     // distance 2 is not less than len 2
		{"zzzzzz", ""}, // nothing close
		{"", ""},       // empty query
		{"  start ", "start"},
	} {
		if got := Suggest(tt.q, names); got != tt.want {
			t.Errorf("Suggest(%q) = %q, want %q", tt.q, got, tt.want)
		}
	}
	// Ties go to the earlier name.
	if got := Suggest("cat", []string{"bat", "hat"}); got != "bat" {
		t.Errorf("Suggest tie = %q, want %q", got, "bat")
	}
}

func TestEditDistance(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "ab", 2}, {"kitten", "sitting", 3},
		{"kiwipet", "kiwipete", 1}, {"wak", "wac", 1}, {"flaw", "lawn", 2},
	} {
		if got := EditDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestJSON(t *testing.T) {
	t.Parallel()
	v := map[string]any{"move": "e4&e5", "n": []int{1, 2}, "title": "<b>"}
	b, err := MarshalJSON(v)
	if err != nil || string(b) != `{"move":"e4&e5","n":[1,2],"title":"<b>"}` {
		t.Errorf("MarshalJSON = %s, %v", b, err)
	}
	var w strings.Builder
	if err := WriteJSON(&w, v); err != nil {
		t.Fatal(err)
	}
	const want = "{\n  \"move\": \"e4&e5\",\n  \"n\": [\n    1,\n    2\n  ],\n  \"title\": \"<b>\"\n}\n"
	if w.String() != want {
		t.Errorf("WriteJSON wrote %q, want %q", w.String(), want)
	}
}
