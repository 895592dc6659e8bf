package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
)

// Structured results for lesson cells: the lesson runner gives a command a
// stdout that also collects its results (output.ResultWriter), and a
// folder its files must go to (appEnv.OutDir). See lessonRunner.

// resultWriter is a command's stdout in a lesson cell: text goes to the
// writer, results to sink.
type resultWriter struct {
	io.Writer
	sink func(kind string, fields []output.Field)
}

// Result implements output.ResultWriter.
func (w *resultWriter) Result(kind string, fields []output.Field) { w.sink(kind, fields) }

// outputPath returns where a file a command was asked to write (tree -o,
// --plot) goes. In an ordinary run that is the name as given. In a lesson
// cell (e.OutDir set) it must be a plain file name, which is put inside
// the cell's folder: nothing a cell names can be written elsewhere.
func (e *appEnv) outputPath(flag, name string) (string, error) {
	if e.OutDir == "" || name == "" {
		return name, nil
	}
	if name == "-" || name == "." || name == ".." || strings.HasPrefix(name, ".") ||
		strings.ContainsAny(name, `/\`+"\x00") || filepath.IsAbs(name) {
		msg := fmt.Sprintf("--%s %q: in a lesson cell, write to a plain file name such as tree.svg (the runner picks the folder)", flag, name)
		return "", cliapp.CompleteUsage(msg, nil)
	}
	return filepath.Join(e.OutDir, name), nil
}

// wroteFile reports a file a command wrote, to a ResultWriter stdout.
func wroteFile(stdout io.Writer, path string) {
	output.Result(stdout, "file", struct {
		Name string `json:"name"`
		Path string `json:"path"`
	}{filepath.Base(path), path})
}
