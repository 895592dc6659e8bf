package main

import (
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/lessons"
)

// Structured results for lesson cells: the lesson runner gives a run a
// results sink (cliapp.Env.Child, carried by output.Painter.Results) and a
// folder its files must go to (cliapp.Env.Files). See lessonRunner.

// wroteFile reports a file a command wrote (by the name it was given, its
// name in a cell's folder) to p's results sink.
func wroteFile(p output.Painter, name string) {
	p.Result("file", lessons.FileRecord{Name: name})
}
