package lessons

import (
	"fmt"
	"regexp"
	"strings"
)

var (
	svgProlog  = regexp.MustCompile(`(?s)<\?xml.*?\?>`)
	svgDoctype = regexp.MustCompile(`(?s)<!DOCTYPE[^\[>]*(\[.*?\])?\s*>`)
	svgComment = regexp.MustCompile(`(?s)<!--.*?-->`)
	svgID      = regexp.MustCompile(`\bid="([^"]*)"`)
	svgURLRef  = regexp.MustCompile(`url\(#([^)]*)\)`)
	svgHrefRef = regexp.MustCompile(`((?:xlink:)?href)="#([^"]*)"`)
	svgRoot    = regexp.MustCompile(`<svg\b[^>]*>`)
	svgAttr    = regexp.MustCompile(`\b(width|height|viewBox)="([^"]*)"`)
	svgNumber  = regexp.MustCompile(`^([0-9.]+)(px|pt)?$`)
)

// inlineSVG prepares an SVG document for inlining into a page: no XML
// prolog, doctype or comments; its ids prefixed (several pictures on one
// page must not share ids); a viewBox so that CSS can scale it.
func inlineSVG(data []byte, prefix string) string {
	s := string(data)
	s = svgProlog.ReplaceAllString(s, "")
	s = svgDoctype.ReplaceAllString(s, "")
	s = svgComment.ReplaceAllString(s, "")
	s = svgID.ReplaceAllString(s, `id="`+prefix+`-$1"`)
	s = svgURLRef.ReplaceAllString(s, `url(#`+prefix+`-$1)`)
	s = svgHrefRef.ReplaceAllString(s, `$1="#`+prefix+`-$2"`)
	if loc := svgRoot.FindStringIndex(s); loc != nil {
		root := s[loc[0]:loc[1]]
		attrs := map[string]string{}
		for _, m := range svgAttr.FindAllStringSubmatch(root, -1) {
			attrs[m[1]] = m[2]
		}
		if _, ok := attrs["viewBox"]; !ok {
			w, h := svgNumber.FindStringSubmatch(attrs["width"]), svgNumber.FindStringSubmatch(attrs["height"])
			if w != nil && h != nil {
				fixed := strings.Replace(root, "<svg", fmt.Sprintf(`<svg viewBox="0 0 %s %s"`, w[1], h[1]), 1)
				s = s[:loc[0]] + fixed + s[loc[1]:]
			}
		}
	}
	return strings.TrimSpace(s)
}
