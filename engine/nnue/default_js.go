//go:build js

package nnue

import "errors"

// The WebAssembly build of a class site does not carry the network (a
// seventh of its download, which the cells that never evaluate with it
// need not wait for): the site serves its file beside the engine, and
// the engine reads it through Source when an evaluation first needs it.

// Source returns the built-in network's file; the WebAssembly build's
// main sets it (it fetches the site's copy). It may block.
var Source func() ([]byte, error)

func defaultFile() ([]byte, error) {
	if Source == nil {
		return nil, errors.New("this build has no network and no source for one")
	}
	return Source()
}
