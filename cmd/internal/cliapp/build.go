package cliapp

import (
	"regexp"
	"runtime/debug"
	"strings"
)

// Build is what a binary knows about itself: the version it was released
// as or is developing, the commit it was built from and the Go toolchain
// that built it. ReadBuild fills it from the binary's build information.
type Build struct {
	// Version is the release ("0.11.3") or the version in development
	// ("0.12.0-dev").
	Version string
	// Commit is the full VCS revision, "" when the binary records none
	// (built outside a clone, or with -buildvcs=false).
	Commit string
	// Modified says the clone had uncommitted changes at build time.
	Modified bool
	// GoVersion is the toolchain, e.g. "go1.26.8"; "" without build
	// information.
	GoVersion string
}

// pseudoVersion matches Go's pseudo-versions (v0.0.0-20261126214236-
// 10e51811929b, v0.11.4-0.20261126214236-10e51811929b, with an optional
// +dirty): the version go build stamps on a commit that is not a tag.
var pseudoVersion = regexp.MustCompile(`^v[0-9]+\.(0\.0-|[0-9]+\.[0-9]+-([^+]*\.)?0\.)[0-9]{14}-[0-9A-Za-z]+(\+[0-9A-Za-z.-]+)?$`)

// ReadBuild describes a build from its build information bi (nil: none).
// v is the version compiled in (a release build sets it with -ldflags
// "-X main.version=..."); while v is still defaultVersion, a release
// version that go build or go install recorded for the module (a tagged
// commit, or module@v1.2.3) replaces it, without its "v" and "+dirty"
// (Modified says that). A pseudo-version, which only repeats the commit
// and its time, does not: the source's own version says more. Commit and
// Modified come from the vcs.revision and vcs.modified settings.
func ReadBuild(v, defaultVersion string, bi *debug.BuildInfo) Build {
	b := Build{Version: v}
	if bi == nil {
		return b
	}
	b.GoVersion = bi.GoVersion
	if mv := bi.Main.Version; v == defaultVersion && mv != "" && mv != "(devel)" && !pseudoVersion.MatchString(mv) {
		b.Version = strings.TrimSuffix(strings.TrimPrefix(mv, "v"), "+dirty")
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// ShortCommit is the commit cut to 12 characters, as git and Go's
// pseudo-versions show it ("" when unknown).
func (b Build) ShortCommit() string {
	if len(b.Commit) > 12 {
		return b.Commit[:12]
	}
	return b.Commit
}

// Short is the version on one line, as a UCI engine's name carries it:
// "0.12.0-dev", followed by " (rev 59bc69d1a2b3)" or " (rev 59bc69d1a2b3,
// modified)" when the commit is known.
func (b Build) Short() string {
	if b.Commit == "" {
		return b.Version
	}
	s := b.Version + " (rev " + b.ShortCommit()
	if b.Modified {
		s += ", modified"
	}
	return s + ")"
}
