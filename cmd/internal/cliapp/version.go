package cliapp

import (
	"fmt"
	"io"
	"strings"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// VersionInfo is what `plylab version --format json` prints; a lesson
// receives it as the result "version".
type VersionInfo struct {
	Version        string  `json:"version"`
	Commit         *string `json:"commit"` // null when the binary records none
	Modified       bool    `json:"modified"`
	GoVersion      string  `json:"go_version"`
	BenchSignature uint64  `json:"bench_signature"`
}

// Signature is the engine's bench signature: the node count of a bench
// at Depth with a HashMB table.
type Signature struct {
	Nodes         uint64
	Depth, HashMB int
}

// newVersionInfo is b with the bench signature.
func newVersionInfo(b Build, sig Signature) VersionInfo {
	info := VersionInfo{Version: b.Version, Modified: b.Modified, GoVersion: b.GoVersion, BenchSignature: sig.Nodes}
	if b.Commit != "" {
		info.Commit = &b.Commit
	}
	return info
}

// WriteVersion writes what `plylab version --format format` prints for b
// and the bench signature sig: an object in JSON, a field/value table in
// csv and markdown, else labelled lines (also what plylab --version
// prints).
func WriteVersion(w io.Writer, format string, b Build, sig Signature, p output.Painter) error {
	info := newVersionInfo(b, sig)
	switch format {
	case "json":
		p.Result("version", info)
		return textfmt.WriteJSON(w, info)
	case "csv", "markdown":
		return output.WriteTable(w, format, versionTable(info), p)
	}
	p.Result("version", info)
	_, err := io.WriteString(w, versionText(info, sig, p))
	return err
}

// versionText is the labelled view:
//
//	plylab 0.12.0-dev
//	commit  59bc69d1a2b3... (modified)
//	go      go1.26.8
//	bench   1068591 nodes (plylab bench: depth 8, 16 MB hash)
func versionText(info VersionInfo, sig Signature, p output.Painter) string {
	commit := "unknown (built without version control information)"
	if info.Commit != nil {
		commit = *info.Commit
		if info.Modified {
			commit += " (modified)"
		}
	}
	goVersion := info.GoVersion
	if goVersion == "" {
		goVersion = "unknown"
	}
	var b strings.Builder
	b.WriteString(p.Paint(output.StyleBold, "plylab "+info.Version) + "\n")
	for _, l := range [][2]string{
		{"commit", commit},
		{"go", goVersion},
		{"bench", fmt.Sprintf("%d nodes (plylab bench: depth %d, %d MB hash)", info.BenchSignature, sig.Depth, sig.HashMB)},
	} {
		b.WriteString(p.Paint(output.StyleDim, output.PadRight(l[0], 7)) + " " + l[1] + "\n")
	}
	return b.String()
}

// versionTable is the field/value table of csv and markdown.
func versionTable(info VersionInfo) *output.Table {
	commit := output.NullCell("unknown")
	if info.Commit != nil {
		commit = output.TextCell(*info.Commit)
	}
	t := &output.Table{
		Title:   "plylab version",
		Columns: []output.Column{{Key: "field", Header: "field"}, {Key: "value", Header: "value"}},
	}
	t.Rows = [][]output.Cell{
		{output.TextCell("version"), output.TextCell(info.Version)},
		{output.TextCell("commit"), commit},
		{output.TextCell("modified"), output.BoolCell(info.Modified)},
		{output.TextCell("go_version"), output.TextCell(info.GoVersion)},
		// Plain, as the frameworks read a signature.
		{output.TextCell("bench_signature"), output.Cell{Text: fmt.Sprint(info.BenchSignature), Value: info.BenchSignature}},
	}
	return t
}
