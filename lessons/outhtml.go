package lessons

import (
	"encoding/base64"
	"fmt"
	"html/template"
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// A command's output as a web page shows it: its text, its tables drawn
// from their values (textfmt.WriteTableHTML: a table that fits or scrolls
// visibly, its first column kept in view), and its pictures (trees,
// charts, boards) inline. The exported pages, the notebook server and the
// browser runner all draw outputs with OutputHTML, so a cell looks the
// same everywhere; nothing here reads a table back from its text.

// OutputHTML draws what one command of a cell printed and drew. prefix
// keeps the ids of its inline pictures apart from the rest of the page.
func OutputHTML(cr *CommandResult, prefix string) (template.HTML, error) {
	var b strings.Builder
	pos := 0
	for _, sp := range cr.Tables {
		if sp.Start < pos || sp.End > len(cr.Stdout) {
			break // cut short (a limit on the output): the rest is text
		}
		textHTML(&b, cr.Stdout[pos:sp.Start])
		if err := textfmt.WriteTableHTML(&b, sp.Table); err != nil {
			return "", err
		}
		pos = sp.End
	}
	textHTML(&b, cr.Stdout[pos:])
	textHTML(&b, cr.Stderr)
	pics, err := cellPictures(cr)
	if err != nil {
		return "", err
	}
	esc := template.HTMLEscapeString
	for k, p := range pics {
		b.WriteString(`<figure>`)
		switch p.ext() {
		case "svg":
			b.WriteString(inlineSVG(p.Data, fmt.Sprintf("%s-%d", prefix, k)))
		case "png":
			fmt.Fprintf(&b, `<img src="data:image/png;base64,%s" alt="%s" />`, base64.StdEncoding.EncodeToString(p.Data), esc(p.Name))
		}
		fmt.Fprintf(&b, `<figcaption>%s</figcaption></figure>`, esc(p.Caption))
	}
	return template.HTML(b.String()), nil
}

// textHTML writes text a command printed, without its colours, as a
// <pre class="out"> block the keyboard can reach (it scrolls when wide);
// blank text writes nothing.
func textHTML(b *strings.Builder, text string) {
	text = strings.Trim(StripANSI(text), "\n")
	if strings.TrimSpace(text) == "" {
		return
	}
	b.WriteString(`<pre class="out" tabindex="0">` + template.HTMLEscapeString(text) + "</pre>")
}
