//go:build !js

package main

import (
	"fmt"
	"io"

	"github.com/plylab/plylab/engine/app/tune"
)

// writeTuned writes the tuned weights as Go source to --output (tune -o)
// and says so on stderr. The WebAssembly build, whose cells may not write
// Go source, leaves this out and with it Go's parser and printer.
func writeTuned(run tune.Run, opts *TuneOptions, set *tune.Set, res *tune.Result, stderr io.Writer) error {
	line, err := run.WriteFile(opts.Output, opts.Provenance, set, res)
	if err != nil {
		return err
	}
	fmt.Fprint(stderr, line)
	return nil
}
