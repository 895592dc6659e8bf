package main

import (
	"io"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/lessons"
)

// Structured results for lesson cells: the lesson runner gives a command a
// stdout that also collects its results (lessons.RecordingWriter, an
// output.ResultWriter), and a folder its files must go to
// (cliapp.Env.Files). See lessonRunner.

// wroteFile reports a file a command wrote (by the name it was given, its
// name in a cell's folder), to a ResultWriter stdout.
func wroteFile(stdout io.Writer, name string) {
	output.Result(stdout, "file", lessons.FileRecord{Name: name})
}
