module github.com/plylab/plylab

go 1.26

require (
	git.sr.ht/~sbinet/gg v0.6.0
	github.com/chromedp/chromedp v0.13.6
	github.com/emicklei/dot v1.9.2
	github.com/fatih/color v1.19.0
	github.com/notnil/chess v1.10.0
	github.com/urfave/cli/v2 v2.27.7
	github.com/yuin/goldmark v1.7.8
	golang.org/x/image v0.24.0
	golang.org/x/sys v0.42.0
	golang.org/x/term v0.38.0
	golang.org/x/text v0.24.0
	gonum.org/v1/plot v0.15.2
)

require (
	github.com/chromedp/cdproto v0.0.0-20250403032234-65de8f5d025b // indirect
	github.com/chromedp/sysutil v1.1.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20250211171154-1ae217ad3535 // indirect
	github.com/gobwas/httphead v0.1.0 // indirect
	github.com/gobwas/pool v0.2.1 // indirect
	github.com/gobwas/ws v1.4.0 // indirect
)

require (
	codeberg.org/go-fonts/liberation v0.4.1 // indirect
	codeberg.org/go-latex/latex v0.0.1 // indirect
	codeberg.org/go-pdf/fpdf v0.10.0 // indirect
	github.com/ajstarks/svgo v0.0.0-20211024235047-1546f124cd8b // indirect
	github.com/campoy/embedmd v1.0.0 // indirect
	github.com/cpuguy83/go-md2man/v2 v2.0.7 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	github.com/russross/blackfriday/v2 v2.1.0 // indirect
	github.com/xrash/smetrics v0.0.0-20240521201337-686a1a2994c1 // indirect
)
