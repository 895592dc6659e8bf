package textfmt

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestPathCause(t *testing.T) {
	t.Parallel()
	pe := &fs.PathError{Op: "open", Path: "games.pgn", Err: syscall.ENOENT}
	plain := errors.New("disk full")
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"path error", pe, "no such file or directory"},
		{"wrapped path error", fmt.Errorf("loading: %w", pe), "no such file or directory"},
		{"other error", plain, "disk full"},
		{"nil", nil, "<nil>"},
	}
	for _, tt := range tests {
		if got := fmt.Sprint(PathCause(tt.err)); got != tt.want {
			t.Errorf("%s: PathCause = %q, want %q", tt.name, got, tt.want)
		}
	}
	// A real read of a directory: the cause is EISDIR, without the path.
	_, err := os.ReadFile(filepath.Join(t.TempDir(), "."))
	if got := PathCause(err); !errors.Is(got, syscall.EISDIR) || got.Error() != "is a directory" {
		t.Errorf("PathCause(ReadFile(dir)) = %q, want \"is a directory\"", got)
	}
}
