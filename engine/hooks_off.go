//go:build notrace

package engine

// traceHooks is false under -tags notrace: the searches carry no recorder
// hooks at all (see hooks_on.go).
const traceHooks = false
