package engine

import (
	"strconv"

	"github.com/plylab/plylab/engine/kit/param"
)

// CheckDepth is plylab's one check of a search depth asked for: 1 to max
// plies (MaxDepth for a search, less for a command that would take too
// long deeper), else a *param.RangeError of the parameter "Depth" that
// suggests try (none for 0).
func CheckDepth(depth, max, try int) error {
	err := param.Check("Depth", depth, 1, int64(max))
	if re, ok := err.(*param.RangeError); ok && try > 0 {
		re.Try = strconv.Itoa(try)
	}
	return err
}
