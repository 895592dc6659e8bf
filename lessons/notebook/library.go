package notebook

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/plylab/plylab/lessons"
)

// The lessons a server serves: the built-in ones it was given
// (Config.Lessons) and a teacher's lesson files and folders of them
// (Config.Files). A file is read again whenever it changed on disk since
// it was last read, and a folder listed again, so a teacher who edits a
// lesson sees the new version on reload; a file that does not parse is
// served as a page that shows its error at file:line.

// libraryEntry is one lesson file as last read.
type libraryEntry struct {
	path   string
	mod    time.Time
	size   int64
	lesson *lessons.Lesson // nil when the file does not parse
	err    error           // why it does not parse
}

// version names the file's state, for the cache of rendered pages.
func (e *libraryEntry) version() string {
	return fmt.Sprintf("%d-%d", e.mod.UnixNano(), e.size)
}

// library reads the teacher's lesson files.
type library struct {
	paths []string // files and folders, as given
	rules lessons.Rules
	mu    sync.Mutex
	files map[string]*libraryEntry
}

// read returns the entry of each lesson file, each read again if it
// changed on disk since it was last read.
func (lib *library) read() []*libraryEntry {
	lib.mu.Lock()
	defer lib.mu.Unlock()
	if lib.files == nil {
		lib.files = map[string]*libraryEntry{}
	}
	var out []*libraryEntry
	for _, path := range lessons.LessonFiles(lib.paths) {
		fi, err := os.Stat(path)
		e := lib.files[path]
		switch {
		case err != nil:
			e = &libraryEntry{path: path, err: fmt.Errorf("%s: %w", path, err)}
		case e == nil || !fi.ModTime().Equal(e.mod) || fi.Size() != e.size:
			e = &libraryEntry{path: path, mod: fi.ModTime(), size: fi.Size()}
			e.lesson, e.err = lessons.Load(path, lib.rules)
		}
		lib.files[path] = e
		out = append(out, e)
	}
	return out
}

// servedLesson is a lesson on the index: a built-in one or a file's.
type servedLesson struct {
	lesson  *lessons.Lesson // nil for a file that does not parse
	entry   *libraryEntry   // nil for a built-in lesson
	slug    string
	version string // changes when the file does
}

// catalog returns the lessons the server serves now, in index order: the
// teacher's files first (a file whose slug is a built-in lesson's takes
// its place), then the built-in lessons.
func (s *Server) catalog() []servedLesson {
	var out []servedLesson
	taken := map[string]bool{}
	for _, e := range s.lib.read() {
		slug := strings.TrimSuffix(filepath.Base(e.path), filepath.Ext(e.path))
		if e.lesson != nil {
			slug = e.lesson.Slug
		}
		if taken[slug] {
			continue // the first file of a name wins (Check refuses two at start)
		}
		taken[slug] = true
		out = append(out, servedLesson{lesson: e.lesson, entry: e, slug: slug, version: e.version()})
	}
	for _, l := range s.cfg.Lessons {
		if !taken[l.Slug] {
			out = append(out, servedLesson{lesson: l, slug: l.Slug})
		}
	}
	return out
}

// currentLessons are the lessons of the catalog that parse.
func (s *Server) currentLessons() []*lessons.Lesson {
	var out []*lessons.Lesson
	for _, sl := range s.catalog() {
		if sl.lesson != nil {
			out = append(out, sl.lesson)
		}
	}
	return out
}

// indexLessons are the lessons the index lists: a file that does not
// parse as a stand-in that names it and says so.
func (s *Server) indexLessons() []*lessons.Lesson {
	var out []*lessons.Lesson
	for _, sl := range s.catalog() {
		l := sl.lesson
		if l == nil {
			l = &lessons.Lesson{Slug: sl.slug, Title: filepath.Base(sl.entry.path), File: sl.entry.path,
				Summary: "This lesson file does not parse; open it to see where."}
		}
		out = append(out, l)
	}
	return out
}

// CheckFiles returns an error for lesson files two of which would be
// served at one address (the same slug), naming both.
func CheckFiles(paths []string) error {
	seen := map[string]string{}
	for _, p := range lessons.LessonFiles(paths) {
		slug := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
		if o, ok := seen[slug]; ok && o != p {
			return fmt.Errorf("%s and %s would both be served as /lesson/%s; rename one", o, p, slug)
		}
		seen[slug] = p
	}
	return nil
}

// fileOf is the served lesson file whose slug is slug, nil if none.
func (s *Server) served(slug string) (servedLesson, bool) {
	cat := s.catalog()
	i := slices.IndexFunc(cat, func(sl servedLesson) bool { return sl.slug == slug })
	if i < 0 {
		return servedLesson{}, false
	}
	return cat[i], true
}

// servingLine says what the server serves: "10 lessons", or "your 2
// lesson files and 10 built-in lessons".
func (s *Server) servingLine() string {
	files, builtin := 0, 0
	for _, sl := range s.catalog() {
		if sl.entry != nil {
			files++
		} else {
			builtin++
		}
	}
	plural := func(n int, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %ss", n, one)
	}
	switch {
	case files == 0:
		return plural(builtin, "lesson")
	case builtin == 0:
		return plural(files, "lesson file")
	}
	return plural(files, "lesson file") + " and " + plural(builtin, "built-in lesson")
}
