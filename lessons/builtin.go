package lessons

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

//go:embed [0-9][0-9]-*.md
var lessonFiles embed.FS

// ErrUnknown is wrapped by Find's error for a lesson that does not exist.
var ErrUnknown = errors.New("unknown lesson")

// Builtin parses the lessons embedded in plylab, in number order. rules,
// when not nil, decide which commands cells may run.
func Builtin(rules Rules) ([]*Lesson, error) {
	entries, err := fs.ReadDir(lessonFiles, ".")
	if err != nil {
		return nil, err
	}
	var out []*Lesson
	for _, e := range entries {
		src, err := lessonFiles.ReadFile(e.Name())
		if err != nil {
			return nil, err
		}
		l, err := Parse(path.Join("lessons", e.Name()), src, rules)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Number < out[j].Number })
	return out, nil
}

// BuiltinLesson parses the one built-in lesson whose slug is slug
// ("03-alphabeta"), without parsing the others: the class site's engine
// reads a page's own lesson at its first run. ErrUnknown when there is
// none.
func BuiltinLesson(slug string, rules Rules) (*Lesson, error) {
	name := slug + ".md"
	if !fs.ValidPath(name) || strings.ContainsAny(name, "/*?[") {
		return nil, fmt.Errorf("%w %q", ErrUnknown, slug)
	}
	src, err := lessonFiles.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("%w %q", ErrUnknown, slug)
	}
	return Parse(path.Join("lessons", name), src, rules)
}

// Load parses a lesson file from disk.
func Load(file string, rules Rules) (*Lesson, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	l, err := Parse(file, src, rules)
	if err != nil {
		return nil, err
	}
	l.Path = file
	return l, nil
}

// IsFile reports whether ref names a lesson file rather than a built-in
// lesson: it ends in .md or contains a path separator.
func IsFile(ref string) bool {
	return strings.HasSuffix(strings.ToLower(ref), ".md") || strings.ContainsAny(ref, `/\`)
}

// Find picks a lesson by number ("3"), name ("alphabeta", or a unique
// prefix of one), slug ("03-alphabeta") or, when ref is a file name (see
// IsFile), loads that file.
func Find(ref string, builtin []*Lesson, rules Rules) (*Lesson, error) {
	if IsFile(ref) {
		if _, err := os.Stat(ref); err != nil {
			return nil, fmt.Errorf("%w: no lesson file %s", ErrUnknown, ref)
		}
		return Load(ref, rules)
	}
	if n, err := strconv.Atoi(ref); err == nil {
		for _, l := range builtin {
			if l.Number == n {
				return l, nil
			}
		}
		return nil, fmt.Errorf("%w %s: the lessons are numbered %s", ErrUnknown, ref, numberRange(builtin))
	}
	key := strings.ToLower(ref)
	var prefixed []*Lesson
	for _, l := range builtin {
		if key == l.Name || key == l.Slug {
			return l, nil
		}
		if strings.HasPrefix(l.Name, key) {
			prefixed = append(prefixed, l)
		}
	}
	if len(prefixed) == 1 {
		return prefixed[0], nil
	}
	return nil, fmt.Errorf("%w %q", ErrUnknown, ref)
}

func numberRange(ls []*Lesson) string {
	if len(ls) == 0 {
		return "(none)"
	}
	return fmt.Sprintf("%d to %d", ls[0].Number, ls[len(ls)-1].Number)
}

// GoldenPath is where the golden transcript of l lives on disk: for a
// built-in lesson dir/SLUG.golden (dir is lessons/testdata in the source
// tree), for a lesson file the file with .golden for .md.
func GoldenPath(l *Lesson, dir string) string {
	if l.Path != "" {
		return strings.TrimSuffix(l.Path, filepath.Ext(l.Path)) + ".golden"
	}
	return filepath.Join(dir, l.Slug+".golden")
}

// ErrBroken is wrapped by Select's error when a built-in lesson does not
// parse: a fault of the program, not of what the user asked for.
var ErrBroken = errors.New("a built-in lesson is broken")

// Select returns the lessons refs name, in order: each ref as Find reads
// it against the built-in lessons, a folder for its lesson files
// (LessonFiles), and "all" (unless it is a file) for every built-in
// lesson. Without refs it returns every built-in lesson
// when all is true, none otherwise. rules, when not nil, decide the
// commands cells may run. A built-in lesson that does not parse is an
// error wrapping ErrBroken; the other errors are Find's.
func Select(refs []string, all bool, rules Rules) ([]*Lesson, error) {
	builtin, err := Builtin(rules)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBroken, err)
	}
	if len(refs) == 0 && all {
		return builtin, nil
	}
	var out []*Lesson
	for _, ref := range refs {
		if ref == "all" && !IsFile(ref) {
			out = append(out, builtin...)
			continue
		}
		if IsDir(ref) {
			files := LessonFiles([]string{ref})
			if len(files) == 0 {
				return nil, &EmptyFolderError{Dir: ref}
			}
			for _, f := range files {
				l, err := Load(f, rules)
				if err != nil {
					return nil, err
				}
				out = append(out, l)
			}
			continue
		}
		l, err := Find(ref, builtin, rules)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// LessonFiles lists the lesson files of paths, in order: a file as it
// is, a folder's *.md files in name order (not its subfolders').
func LessonFiles(paths []string) []string {
	var out []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil || !fi.IsDir() {
			out = append(out, p)
			continue
		}
		names, _ := filepath.Glob(filepath.Join(p, "*.md"))
		sort.Strings(names)
		out = append(out, names...)
	}
	return out
}

// IsDir reports whether ref is a folder on disk (of lesson files).
func IsDir(ref string) bool {
	fi, err := os.Stat(ref)
	return err == nil && fi.IsDir()
}

// EmptyFolderError is Select's error for a folder with no lesson files.
type EmptyFolderError struct{ Dir string }

// Error names the folder.
func (e *EmptyFolderError) Error() string {
	return fmt.Sprintf("folder %s has no lesson files (*.md)", e.Dir)
}
