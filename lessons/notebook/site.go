package notebook

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strings"

	"github.com/plylab/plylab/lessons"
)

// A static lesson site: the live notebook's pages with no server behind
// them. Every page is the page `plylab lesson serve` draws (the same
// renderer, the same cell markup, the same script), but it carries the
// marker <meta name="plylab-backend" content="wasm">, so its cells run in
// the browser, in a Web Worker running plylab compiled to WebAssembly.
// Any static file server serves the folder (GitHub Pages, python3 -m
// http.server, a school's web server):
//
//	index.html              the lessons, and the scratch notebook's link
//	NN-name.html            each lesson, with the outputs of its run
//	scratch.html            the scratch notebook
//	static/notebook.js, backends.js, tree-viewer.js, notebook.css, favicon.svg
//	static/replay.js, replay.css  the replay of traced searches (package trace's)
//	static/plylab-worker.js the Web Worker
//	static/wasm_exec.js     Go's loader, from the toolchain that built the engine
//	static/plylab.wasm.gz   the engine, compressed (the page unpacks it)
//	static/plylab-simd.wasm the network's vector kernels, which the worker gives the engine
//	static/plylab.nnue.gz   the engine's network, which it fetches when first needed
//	static/master-games.pgn.gz  the tuner's master games, the same
//	static/lessons/NAME.md  a lesson file's source, when it has parameters

// SiteOptions are what WriteSite needs besides the lessons.
type SiteOptions struct {
	// Generator names the program in page footers ("plylab 0.12.0").
	Generator string
	// Wasm is plylab built for GOOS=js GOARCH=wasm, plain or gzipped.
	Wasm []byte
	// WasmExec is wasm_exec.js of the Go toolchain that built Wasm.
	WasmExec []byte
	// Network is the built-in network's file (nnue.DefaultFile), which
	// the engine does not carry: it fetches it from the site when an
	// evaluation first needs it.
	Network []byte
	// MasterGames is the tuner's built-in games (positions.MasterGames),
	// which the engine fetches from the site the same way.
	MasterGames []byte
	// Kernels is the network's vector kernels (nnue.SIMDModule), which the
	// worker compiles beside the engine.
	Kernels []byte
	// Draft and Problems: lessons whose prose `lesson check` refuses,
	// exported as drafts that list their problems
	// (lessons.ExportOptions).
	Draft    bool
	Problems map[*lessons.Lesson]*lessons.ProseError
}

// WasmName is the engine's file in a site's static folder.
const WasmName = "plylab.wasm.gz"

// NetworkName and MasterGamesName are the files of the network and the
// master games in a site's static folder, where the engine fetches them
// (cmd/plylab/main_js.go).
const (
	NetworkName     = "plylab.nnue.gz"
	MasterGamesName = "master-games.pgn.gz"
)

// KernelsName is the vector kernels' file in a site's static folder
// (plylab-worker.js fetches it).
const KernelsName = "plylab-simd.wasm"

// siteCSP is the pages' Content-Security-Policy: their own scripts and
// styles, WebAssembly compiled from their own file, a worker of their
// own; nothing from elsewhere.
const siteCSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; form-action 'none'; base-uri 'none'"

func siteHead() template.HTML { return siteHeadFor("") }

// siteHeadFor is siteHead for a page whose lesson the engine does not
// have built in (a lesson file with parameters): the page gives it the
// file, lessonFile, to parse.
func siteHeadFor(lessonFile string) template.HTML {
	extra := ""
	if lessonFile != "" {
		extra = `<meta name="plylab-lesson-file" content="` + template.HTMLEscapeString(lessonFile) + `" />
`
	}
	// The engine's download starts with the page's, not after its script
	// (one round trip less: 0.17 s on a fast 4G network); the page's
	// fetch of it takes the preloaded response.
	return template.HTML(extra + `<meta name="plylab-backend" content="wasm" />
<meta name="plylab-static" content="static/" />
<link rel="preload" href="static/` + WasmName + `" as="fetch" crossorigin="anonymous" />
<link rel="icon" href="static/favicon.svg" type="image/svg+xml" />
<link rel="stylesheet" href="static/notebook.css" />
<link rel="stylesheet" href="static/replay.css" />
<script src="static/replay.js" defer></script>
<script src="static/backends.js" defer></script>
<script src="static/tree-viewer.js" defer></script>
<script src="static/notebook.js" defer></script>`)
}

// siteFooter says how a site's numbers were made and how its cells run.
func siteFooter(generator string) string {
	return "Every number on this page was printed by the command above it, run by " + generator +
		" when this site was made. Edit a cell and press Run: it runs again in your browser (plylab compiled to WebAssembly), with nothing sent anywhere."
}

// WriteSite writes a static lesson site for the lessons run in results
// (their outputs are the pages' first outputs) into dir, and returns the
// files written, the index first.
func WriteSite(dir string, results []*lessons.Result, opt SiteOptions) ([]string, error) {
	if len(opt.Wasm) == 0 || len(opt.WasmExec) == 0 || len(opt.Network) == 0 || len(opt.MasterGames) == 0 || len(opt.Kernels) == 0 {
		return nil, errors.New("a lesson site needs plylab's WebAssembly engine, wasm_exec.js, the network, the master games and the kernels")
	}
	if opt.Generator == "" {
		opt.Generator = "plylab"
	}
	wasm, err := CompressEngine(opt.Wasm)
	if err != nil {
		return nil, err
	}
	var written []string
	write := func(name string, data []byte) error {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
		written = append(written, path)
		return nil
	}
	footer := siteFooter(opt.Generator)
	var ls []*lessons.Lesson
	for _, r := range results {
		ls = append(ls, r.Lesson)
	}
	index, err := lessons.RenderIndex(ls, lessons.PageOptions{Generator: opt.Generator, Notebook: true, Head: siteHead(), CSP: siteCSP, Footer: footer})
	if err != nil {
		return nil, err
	}
	// The index links the scratch notebook relative to itself.
	if err := write("index.html", []byte(strings.Replace(string(index), `href="scratch"`, `href="scratch.html"`, 1))); err != nil {
		return written, err
	}
	for i, r := range results {
		po := lessons.PageOptions{Generator: opt.Generator, Index: "index.html", Notebook: true, Head: siteHead(), CSP: siteCSP, Footer: footer,
			Problems: opt.Problems[r.Lesson], Draft: opt.Draft}
		if l := r.Lesson; l.Path != "" && len(l.Params) > 0 {
			// The engine knows the built-in lessons; a lesson file's
			// parameters need its source next to the page.
			name := "static/lessons/" + l.Slug + ".md"
			if err := write(name, l.Source()); err != nil {
				return written, err
			}
			po.Head = siteHeadFor(name)
		}
		if i > 0 {
			po.Prev = &lessons.PageLink{Href: lessons.HTMLName(results[i-1].Lesson), Label: lessons.LessonLabel(results[i-1].Lesson)}
		}
		if i+1 < len(results) {
			po.Next = &lessons.PageLink{Href: lessons.HTMLName(results[i+1].Lesson), Label: lessons.LessonLabel(results[i+1].Lesson)}
		}
		page, err := lessons.RenderPage(r, po)
		if err != nil {
			return written, err
		}
		if err := write(lessons.HTMLName(r.Lesson), page); err != nil {
			return written, err
		}
	}
	var scratch bytes.Buffer
	err = scratchTemplate.Execute(&scratch, scratchPage{CSP: siteCSP, Head: siteHead(), CSS: template.CSS(lessons.PageStyle()), Index: "index.html",
		Footer: "Made by " + opt.Generator + ": every cell runs in your browser (plylab compiled to WebAssembly), nothing is sent anywhere."})
	if err != nil {
		return written, err
	}
	if err := write("scratch.html", scratch.Bytes()); err != nil {
		return written, err
	}
	for _, name := range staticFiles {
		data, err := staticFile(name)
		if err != nil {
			return written, err
		}
		if err := write("static/"+name, data); err != nil {
			return written, err
		}
	}
	if err := write("static/wasm_exec.js", opt.WasmExec); err != nil {
		return written, err
	}
	if err := write("static/"+KernelsName, opt.Kernels); err != nil {
		return written, err
	}
	if err := write("static/"+WasmName, wasm); err != nil {
		return written, err
	}
	for _, f := range []struct {
		name string
		data []byte
	}{{NetworkName, opt.Network}, {MasterGamesName, opt.MasterGames}} {
		gz, err := gzipBest(f.data)
		if err != nil {
			return written, err
		}
		if err := write("static/"+f.name, gz); err != nil {
			return written, err
		}
	}
	return written, nil
}

// CompressEngine is the engine data compressed with gzip at its best (a
// site's static/plylab.wasm.gz), or data itself when it is compressed
// already. What is not WebAssembly is an error. It takes a second or two
// for plylab's engine: an export can start it while its lessons run.
func CompressEngine(data []byte) ([]byte, error) {
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		return data, nil
	}
	if !bytes.HasPrefix(data, []byte("\x00asm")) {
		return nil, fmt.Errorf("the engine is not a WebAssembly module (it does not start with \\0asm)")
	}
	return gzipBest(data)
}

// gzipBest is data compressed with gzip at its best.
func gzipBest(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
