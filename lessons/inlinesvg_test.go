package lessons

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The expressions inlineSVG rewrote references with before insertAfter:
// the reference insertAfter is checked against.
var (
	refID   = regexp.MustCompile(`\bid="([^"]*)"`)
	refURL  = regexp.MustCompile(`url\(#([^)]*)\)`)
	refHref = regexp.MustCompile(`((?:xlink:)?href)="#([^"]*)"`)
)

// TestInsertAfter: insertAfter rewrites ids, url(#...) and href="#..."
// references exactly as the regular expressions do, on pictures plylab
// draws and on random text made of the pieces that matter (markers,
// quotes, parentheses, word and non-word bytes, newlines).
func TestInsertAfter(t *testing.T) {
	byRegexp := func(s, prefix string) string {
		s = refID.ReplaceAllString(s, `id="`+prefix+`-$1"`)
		s = refURL.ReplaceAllString(s, `url(#`+prefix+`-$1)`)
		return refHref.ReplaceAllString(s, `$1="#`+prefix+`-$2"`)
	}
	byScan := func(s, prefix string) string {
		s = insertAfter(s, `id="`, '"', true, prefix+"-")
		s = insertAfter(s, `url(#`, ')', false, prefix+"-")
		return insertAfter(s, `href="#`, '"', false, prefix+"-")
	}
	board, err := BoardSVG("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true)
	if err != nil {
		t.Fatal(err)
	}
	inputs := []string{
		string(board),
		``, `id="`, `id="a"`, `xid="a" id="b"`, `_id="a"`, `9id="a"`, `-id="a"`, `id="a id="b"`, `id="unclosed`,
		`<use xlink:href="#g1"/><use href="#g2"/><a href="http://x">`, `fill="url(#grad)" stroke="url(#a"`,
		`url(#a)url(#b)`, `href="#a"href="#b"`, "id=\"multi\nline\"", `<g id=""/>`, `url(#)`, `href="#"`,
	}
	pieces := []string{`id="`, `xid="`, ` id="`, `"`, `href="#`, `xlink:href="#`, `url(#`, `)`, `(`, `#`, `a`, `_`, ` `, "\n", `<`, `>`, `=`}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		var b strings.Builder
		for range 1 + rng.IntN(14) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		inputs = append(inputs, b.String())
	}
	for _, in := range inputs {
		if got, want := byScan(in, "c3-p1"), byRegexp(in, "c3-p1"); got != want {
			t.Fatalf("%q:\nscanned %q\nregexp  %q", in, got, want)
		}
	}
	if n := strings.Count(byScan(string(board), "p"), `id="p-`); n == 0 {
		t.Error("the board's ids were not prefixed")
	}
}
