//go:build !notrace

package engine

// TraceHooks compiles the recorder hooks into the searches. Building with
// -tags notrace removes them entirely, which gives the "before the hooks"
// baseline for the overhead benchmark (docs/performance.md).
const TraceHooks = true
