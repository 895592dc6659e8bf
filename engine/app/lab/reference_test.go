package lab

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/app/extengine"
)

// stockfish is the engine the reference analyses are made with; the test
// command installs it.
const stockfish = "/usr/games/stockfish"

// TestReferences analyses every stored reference again with Stockfish and
// compares: the same engine, depth, scores, node counts and lines (one
// thread, a fresh hash, a fixed depth: the same on every run).
// PLYLAB_UPDATE_REFERENCES=1 rewrites reference.json from the analyses.
func TestReferences(t *testing.T) {
	if _, err := extengine.Find(stockfish); err != nil {
		t.Skip("Stockfish is not installed (test.sh installs it)")
	}
	var specs []Reference
	if err := json.Unmarshal(referenceJSON, &specs); err != nil {
		t.Fatal(err)
	}
	got, err := Analyse(context.Background(), stockfish, specs)
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("PLYLAB_UPDATE_REFERENCES") == "1" {
		data, err := ReferenceJSON(got)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("reference.json", data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	stored, err := StoredReferences()
	if err != nil {
		t.Fatal(err)
	}
	for i := range stored {
		if !reflect.DeepEqual(got[i], stored[i]) {
			t.Errorf("%s at depth %d: Stockfish now gives\n%+v\nreference.json holds\n%+v\n(PLYLAB_UPDATE_REFERENCES=1 go test -run TestReferences ./engine/app/lab rewrites it; then read every sentence that reads it)",
				stored[i].Label(), stored[i].Depth, got[i], stored[i])
		}
	}
}

// The stored analyses load, every position is legal, and the table shows
// each line with its moves in SAN.
func TestStoredReferences(t *testing.T) {
	rs, err := StoredReferences()
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) == 0 {
		t.Fatal("no reference analyses")
	}
	for _, r := range rs {
		if !strings.HasPrefix(r.Engine, "Stockfish") {
			t.Errorf("%s: engine %q", r.Label(), r.Engine)
		}
	}
	sel, err := SelectReferences(rs, []string{"zugzwang"})
	if err != nil || len(sel) == 0 {
		t.Fatalf("SelectReferences(zugzwang) = %d, %v", len(sel), err)
	}
	if _, err := SelectReferences(rs, []string{"nosuch"}); err == nil || !strings.Contains(err.Error(), `"nosuch" has no reference analysis; the positions analysed are paper-mate2, zugzwang`) {
		t.Errorf("an unknown position: %v", err)
	}
}
