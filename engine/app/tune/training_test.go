package tune

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/plylab/plylab/engine/eval"
)

func TestTrainingLoad(t *testing.T) {
	dir := t.TempDir()
	short := filepath.Join(dir, "short.pgn")
	pgn := "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 1-0\n"
	if err := os.WriteFile(short, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name             string
		training         Training
		samples, heldOut int
		wantErr          error
	}{
		{"master games", Training{Skip: 16, Every: 1, Holdout: 5}, 19764, 5234, nil},
		{"short game, skip 0 (not the default 16)", Training{PGN: []string{short}, Skip: 0, Every: 1}, 6, 0, nil},
		{"short game, skip 1", Training{PGN: []string{short}, Skip: 1, Every: 1}, 6, 0, nil},
		{"short game, skip 100", Training{PGN: []string{short}, Skip: 100, Every: 1}, 0, 0, ErrNoSamples},
		{"missing file", Training{PGN: []string{filepath.Join(dir, "missing.pgn")}, Every: 1}, 0, 0, fs.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, err := tt.training.Load(context.Background(), &eval.DefaultWeights)
			if tt.wantErr != nil {
				if set != nil || !errors.Is(err, tt.wantErr) {
					t.Fatalf("Load() = %v, %v; want %v", set, err, tt.wantErr)
				}
				var fe *FilesError
				if isFile := errors.As(err, &fe); isFile != (len(tt.training.PGN) > 0 && tt.wantErr != ErrNoSamples) {
					t.Errorf("error %v is a *FilesError: %v", err, isFile)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(set.Samples) != tt.samples || len(set.Valid) != tt.heldOut {
				t.Errorf("%d samples, %d held out; want %d and %d", len(set.Samples), len(set.Valid), tt.samples, tt.heldOut)
			}
		})
	}
}
