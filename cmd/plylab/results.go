package main

import (
	"fmt"
	"io"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/lessons"
)

// Structured results for lesson cells: the lesson runner gives a command a
// stdout that also collects its results (lessons.RecordingWriter, an
// output.ResultWriter), and a folder its files must go to (appEnv.OutDir).
// See lessonRunner.

// outputPath returns where a file a command was asked to write (tree -o,
// --plot) goes. In an ordinary run that is the name as given. In a lesson
// cell (e.OutDir set) it must be a plain file name, which is put inside
// the cell's folder: nothing a cell names can be written elsewhere.
func (e *appEnv) outputPath(flag, name string) (string, error) {
	path, err := lessons.CellFile(e.OutDir, name)
	if err != nil {
		return "", cliapp.CompleteUsage(fmt.Sprintf("--%s %q: %v", flag, name, err), nil)
	}
	return path, nil
}

// wroteFile reports a file a command wrote, to a ResultWriter stdout.
func wroteFile(stdout io.Writer, path string) {
	output.Result(stdout, "file", lessons.NewFileRecord(path))
}
