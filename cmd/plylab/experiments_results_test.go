package main

import (
	"encoding/json"
	"testing"
)

// The summaries the experiment commands hand a lesson besides their table
// rows: perft's totals and a suite run's score.
func TestExperimentSummaries(t *testing.T) {
	for _, tt := range []struct {
		args []string
		kind string
		want map[string][2]any // key: value, printed text
	}{
		{[]string{"perft", "--suite", "perft", "--depth", "2"}, "perft", map[string][2]any{
			"positions": {json.Number("132"), "132"}, "total_nodes": {json.Number("25481"), "25,481"},
			"mismatches": {json.Number("0"), "0"}, "interrupted": {false, ""}}},
		{[]string{"perft", "-p", "kiwipete", "--depth", "2", "--divide"}, "perft", map[string][2]any{
			"positions": {json.Number("1"), "1"}, "total_nodes": {json.Number("2039"), "2,039"}}},
		{[]string{"search", "--suite", "bk", "--depth", "3", "--format", "json"}, "search", map[string][2]any{
			"solved": {json.Number("6"), "6"}, "checked": {json.Number("24"), "24"}, "total_nodes": {json.Number("11652"), "11,652"}}},
		{[]string{"bench", "--depth", "2"}, "bench", map[string][2]any{
			"signature_nodes": {json.Number("20579"), "20579"}}},
	} {
		out, _, stderr := runCell(t, t.TempDir(), tt.args...)
		if out.Code != 0 {
			t.Fatalf("%v: exit %d: %s", tt.args, out.Code, stderr)
		}
		found := false
		for _, r := range out.Records {
			if r.Kind != tt.kind {
				continue
			}
			found = true
			for key, want := range tt.want {
				f, ok := r.Get(key)
				if !ok || f.Value != want[0] || f.Text != want[1] {
					t.Errorf("%v: %s = %#v (%q), want %#v (%q)", tt.args, key, f.Value, f.Text, want[0], want[1])
				}
			}
		}
		if !found {
			t.Errorf("%v: no %q result among %d records", tt.args, tt.kind, len(out.Records))
		}
	}
}
