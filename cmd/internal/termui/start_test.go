package termui

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/play"
	"github.com/plylab/plylab/engine/board"
)

// Start off a terminal plays line by line, whatever outTerminal says:
// from a reader each line is echoed after the prompt, so a piped session
// reads as typed; a file that is not a terminal (/dev/null) ends at once.
func TestStartOffATerminal(t *testing.T) {
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	tests := []struct {
		name  string
		stdin io.Reader
		want  []string // in the transcript, in order
	}{
		{"reader", strings.NewReader("e4\nquit\n"), []string{"> e4\n", "> quit\n"}},
		{"/dev/null", devNull, []string{"> \n"}},
	}
	for _, tt := range tests {
		cfg := play.Config{Human: board.White, Options: engine.EngineOptions(), Limits: engine.Limits{Depth: 1},
			Level: "depth 1", StartFEN: board.StartFEN, Now: func() time.Time { return time.Date(2024, 3, 9, 12, 0, 0, 0, time.UTC) }}
		var out bytes.Buffer
		s, err := play.New(cfg, &out)
		if err != nil {
			t.Fatal(err)
		}
		if err := Start(context.Background(), s, tt.stdin, &out, true, Theme{}); err != nil {
			t.Fatal(err)
		}
		rest := out.String()
		for _, w := range tt.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Fatalf("%s: transcript lacks %q after the earlier lines:\n%s", tt.name, w, out.String())
			}
			rest = rest[i+len(w):]
		}
	}
}
