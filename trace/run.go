package trace

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/kit/param"
	"github.com/plylab/plylab/engine/textbook"
)

// What `plylab tree` does between its flags and its output: choosing the
// format, checking the algorithms and depth against the input, searching
// once per algorithm (two trees side by side) and filtering what is shown.
// The errors here are the user's (a bad format, algorithm or depth),
// package param's; the CLI reports them as usage errors naming its flags.

// PickFormat chooses the output format: format when given (one of
// Formats, in any case), else the one the extension of the output file
// out asks for, else text when out is empty.
func PickFormat(format, out string) (string, error) {
	if format != "" {
		if f, ok := LookupFormat(format); ok {
			return f, nil
		}
		return "", param.Errorf("unknown tree format %q; use {Format} %s", format, strings.Join(Formats, ", "))
	}
	if out == "" {
		return FormatText, nil
	}
	if f, ok := FormatOfFile(out); ok {
		return f, nil
	}
	ext := strings.ToLower(filepath.Ext(out))
	if ext == "" {
		return "", param.Errorf("{Output} %q has no extension to tell the format; name it .dot, .svg, .png, .json, .txt or .html, or add {Format}", out)
	}
	return "", param.Errorf("unknown tree format %q (from {Output} %s); name the file .dot, .svg, .png, .json, .txt or .html, or add {Format}", ext, out)
}

// CheckAlgos refuses the algorithms Search cannot trace on in: the
// paper-faithful presets (never traced), and anything but plain minimax
// or alpha-beta on a textbook tree (the other techniques need chess
// positions).
func CheckAlgos(in Input, algos []engine.Options) error {
	for _, o := range algos {
		if o.Paper {
			return fmt.Errorf("tree does not trace %q (the paper-faithful presets are not traced); draw minimax or alphabeta, or use compare or scores", o.Name)
		}
	}
	if in.Toy != nil {
		for _, o := range algos {
			if !o.IsPlain() {
				return fmt.Errorf("textbook trees are searched with minimax or alphabeta, not %q (its techniques need chess positions)", o.Name)
			}
		}
	}
	return nil
}

// CheckDepth returns the depth to search in: a textbook tree is searched
// to its height unless given is true, and then depth must be within it; a
// chess position takes 1 to engine.MaxDepth.
func CheckDepth(in Input, depth int, given bool) (int, error) {
	if in.Toy != nil {
		h := in.Toy.Root.Height()
		if !given {
			return h, nil
		}
		if depth < 1 || depth > h {
			return 0, param.Errorf("{Depth} %d is out of range for this textbook tree; it is %d plies high (the default searches it all)", depth, h)
		}
		return depth, nil
	}
	if err := engine.CheckDepth(depth, engine.MaxDepth, 0); err != nil {
		return 0, err
	}
	return depth, nil
}

// FilterError is a filter that does not fit the tree searched (say a
// --focus path that is not in it): the user's error, not the search's.
type FilterError struct{ Err error }

func (e *FilterError) Error() string { return e.Err.Error() }

// Unwrap returns the filter's error.
func (e *FilterError) Unwrap() error { return e.Err }

// SearchEach traces one search of in per algorithm (Search with depth
// and maxNodes) and returns each tree as f shows it. A filter that does
// not apply is a *FilterError.
func SearchEach(ctx context.Context, in Input, algos []engine.Options, depth, maxNodes int, f Filter) ([]*Tree, error) {
	var trees []*Tree
	for _, o := range algos {
		t, err := Search(ctx, in, o, depth, maxNodes)
		if err != nil {
			return nil, err
		}
		shown, err := t.Apply(f)
		if err != nil {
			return nil, &FilterError{err}
		}
		trees = append(trees, shown)
	}
	return trees, nil
}

// DrawnOfSearched joins the trees' DrawnOfSearched counts with "; ", as
// the line after a written file says them.
func DrawnOfSearched(trees []*Tree) string {
	var counts []string
	for _, t := range trees {
		counts = append(counts, t.DrawnOfSearched())
	}
	return strings.Join(counts, "; ")
}

// DescribeToyError words a textbook tree's error for the command line,
// without the "toy tree: " prefix: `at character 6 ("x"): expected ","
// or ')'`. With inFile, a syntax error says the line and column instead:
// `at line 2, column 5 ("x"): ...`.
func DescribeToyError(err error, inFile bool) string {
	var se *textbook.ToySyntaxError
	if inFile && errors.As(err, &se) {
		line, col, ch := se.Where()
		return fmt.Sprintf("at line %d, column %d (%s): %s", line, col, ch, se.Msg)
	}
	return strings.TrimPrefix(err.Error(), "toy tree: ")
}
