package cliapp

import "github.com/plylab/plylab/cmd/internal/flagval"

// FlagError is a domain package's input error (a *param.RangeError or
// *param.Error in err's chain) as a usage error (exit status 2) naming
// the flags (flagval.ParamWords: over renames parameters for one command, e.g.
// "Depth", "--opponent-depth"); any other error is returned unchanged.
func FlagError(err error, over ...string) error {
	if text, ok := flagval.ParamWords(err, over...); ok {
		return NewUsage(text, "", err)
	}
	return err
}

// ParamUsage is err as a usage error: FlagError's words for a domain
// package's input error, else err's own.
func ParamUsage(err error, over ...string) error {
	if text, ok := flagval.ParamWords(err, over...); ok {
		return NewUsage(text, "", err)
	}
	return Usagef("%w", err)
}

// Worded is err with a domain package's parameters named by their flags
// (flagval.ParamWords), still a plain error (exit status 1): for a file the user
// named whose content is wrong. It wraps err.
func Worded(err error) error {
	if text, ok := flagval.ParamWords(err); ok {
		return &worded{text, err}
	}
	return err
}

// worded is an error worded anew (Worded); it wraps the original.
type worded struct {
	text string
	err  error
}

func (e *worded) Error() string { return e.text }
func (e *worded) Unwrap() error { return e.err }
