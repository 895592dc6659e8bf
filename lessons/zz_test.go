package lessons

import (
	"fmt"
	"os"
	"testing"
)

func TestZZSent(t *testing.T) {
	f := os.Getenv("LESSON")
	if f == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(f)
	l, err := Parse(f, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	fmt.Sscan(os.Getenv("LINE"), &line)
	for _, b := range l.Blocks {
		if b.Kind != Prose {
			continue
		}
		m := maskProse(b)
		sp, leads := sentenceSpans(m)
		for i, s := range sp {
			ln := b.Line + countNL(b.Text[:s[0]])
			if line == 0 || ln >= line-3 && ln <= line+1 {
				fmt.Printf("%d [%d] %q\n", ln, i, m[s[0]:s[1]])
			}
		}
		_ = leads
	}
}

func countNL(s string) int {
	n := 0
	for _, c := range s {
		if c == '\n' {
			n++
		}
	}
	return n
}

func TestZZTok(t *testing.T) {
	f := os.Getenv("LESSON")
	if f == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(f)
	l, _ := Parse(f, src, nil)
	for _, p := range lintBlocks(l) {
		for _, tk := range p.open {
			fmt.Printf("%d off=%d %q num=%q ctx=%q\n", p.line(tk.off), tk.off, tk.text, tk.num, p.block.Text[max(0, tk.off-30):min(len(p.block.Text), tk.off+10)])
		}
	}
}
