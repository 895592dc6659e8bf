//go:build notrace

package engine

// TraceHooks is false under -tags notrace: the searches carry no recorder
// hooks at all (see hooks_on.go).
const TraceHooks = false
