package sandbox

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"sort"
	"sync"
)

// Folder is where the files of a lesson's cells live: the commands write
// the files a cell asks for (tree -o, compare --plot) into it, and the
// runner reads them back from it. Every name goes through CheckName.
type Folder interface {
	// WriteFile writes data as the file name, whole or not at all,
	// replacing a file of that name.
	WriteFile(name string, data []byte) error
	// ReadFile returns the file name's contents.
	ReadFile(name string) ([]byte, error)
}

// Quota bounds what one folder holds, so a class cannot fill the
// server's disk: its own files and bytes, and, when Pool is set, the
// bytes of every folder sharing the pool.
type Quota struct {
	Files int   // at most this many files
	Bytes int64 // at most this many bytes in all
	Pool  *Pool // shared by the folders of one server; nil for none
}

// DefaultQuota is 200 files and 64 MiB.
var DefaultQuota = Quota{Files: 200, Bytes: 64 << 20}

// Pool is a byte budget shared by many folders (a server's sessions).
type Pool struct {
	mu   sync.Mutex
	max  int64
	used int64
}

// NewPool returns a pool of max bytes.
func NewPool(max int64) *Pool { return &Pool{max: max} }

// take reserves delta more bytes (negative to give back); false when the
// pool would overflow.
func (p *Pool) take(delta int64) bool {
	if p == nil {
		return true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if delta > 0 && p.used+delta > p.max {
		return false
	}
	p.used += delta
	return true
}

// Release gives back what a folder held, when it is removed.
func (p *Pool) Release(n int64) { p.take(-n) }

// QuotaError is WriteFile's error when a file would not fit the quota.
type QuotaError struct {
	Quota Quota
	// Shared is true when the pool of all folders, not this one's own
	// quota, is full.
	Shared bool
}

func (e *QuotaError) Error() string {
	if e.Shared {
		return fmt.Sprintf("the server's scratch space is full (%d MB for every session together); try again later, or the teacher can restart the server", e.Quota.Pool.max>>20)
	}
	return fmt.Sprintf("the cell's folder is full (it holds at most %d files and %d MB); write over an existing name, or start a new session", e.Quota.Files, e.Quota.Bytes>>20)
}

// ErrNotFound is ReadFile's error for a name the folder does not hold as
// a regular file.
var ErrNotFound = errors.New("no such file in the cell's folder")

// usage keeps the size of each file a folder holds, for its quota.
type usage struct {
	quota Quota
	sizes map[string]int64
	total int64
}

// reserve checks that writing n bytes as name keeps within the quota and
// takes them from the pool; put records the write, or undo gives the
// pool back what reserve took when the write failed.
func (u *usage) reserve(name string, n int64) error {
	old, had := u.sizes[name]
	files := len(u.sizes)
	if !had {
		files++
	}
	if files > u.quota.Files || u.total-old+n > u.quota.Bytes {
		return &QuotaError{Quota: u.quota}
	}
	if !u.quota.Pool.take(n - old) {
		return &QuotaError{Quota: u.quota, Shared: true}
	}
	return nil
}

func (u *usage) undo(name string, n int64) { u.quota.Pool.take(u.sizes[name] - n) }

func (u *usage) put(name string, n int64) {
	u.total += n - u.sizes[name]
	u.sizes[name] = n
}

// Bytes is what the folder's files take, as its quota counts them.
func (u *usage) bytes() int64 { return u.total }

// Dir is a Folder on disk: a folder opened as an os.Root, so no name can
// reach outside it (not "..", not an absolute path, not a symbolic link
// planted inside). Files are written under a temporary name and renamed
// into place, which replaces a symbolic link of the same name instead of
// writing through it; reads refuse anything but a regular file.
type Dir struct {
	root *os.Root
	path string

	mu  sync.Mutex
	use usage
}

// OpenDir opens the existing folder path as a Dir with quota q (no files
// and no bytes given: DefaultQuota's, with q's Pool).
func OpenDir(path string, q Quota) (*Dir, error) {
	root, err := os.OpenRoot(path)
	if err != nil {
		return nil, err
	}
	if q.Files == 0 && q.Bytes == 0 {
		q.Files, q.Bytes = DefaultQuota.Files, DefaultQuota.Bytes
	}
	return &Dir{root: root, path: path, use: usage{quota: q, sizes: map[string]int64{}}}, nil
}

// Path is the folder's path on disk.
func (d *Dir) Path() string { return d.path }

// Close closes the folder's root (the files stay).
func (d *Dir) Close() error { return d.root.Close() }

// WriteFile writes data as name (see Dir).
func (d *Dir) WriteFile(name string, data []byte) error {
	if err := CheckName(name); err != nil {
		return err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.use.reserve(name, int64(len(data))); err != nil {
		return err
	}
	var rnd [8]byte
	rand.Read(rnd[:])
	tmp := ".tmp-" + hex.EncodeToString(rnd[:])
	f, err := d.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		d.use.undo(name, int64(len(data)))
		return fmt.Errorf("cannot write %s: %w", name, err)
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = d.root.Rename(tmp, name)
	}
	if werr != nil {
		d.root.Remove(tmp)
		d.use.undo(name, int64(len(data)))
		return fmt.Errorf("cannot write %s: %w", name, werr)
	}
	d.use.put(name, int64(len(data)))
	return nil
}

// Bytes is what the files the folder wrote take, as its quota counts
// them: what its pool gets back when the folder is removed.
func (d *Dir) Bytes() int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.use.bytes()
}

// Open opens the regular file name for reading, with its information; a
// symbolic link, a folder or a missing file is ErrNotFound.
func (d *Dir) Open(name string) (*os.File, fs.FileInfo, error) {
	if err := CheckName(name); err != nil {
		return nil, nil, err
	}
	fi, err := d.root.Lstat(name)
	if err != nil || !fi.Mode().IsRegular() {
		return nil, nil, ErrNotFound
	}
	f, err := d.root.Open(name)
	if err != nil {
		return nil, nil, ErrNotFound
	}
	// The file opened must be the one checked (no swap for a link).
	if fi2, err := f.Stat(); err != nil || !os.SameFile(fi, fi2) {
		f.Close()
		return nil, nil, ErrNotFound
	}
	return f, fi, nil
}

// ReadFile returns the contents of the regular file name.
func (d *Dir) ReadFile(name string) ([]byte, error) {
	f, fi, err := d.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data := make([]byte, fi.Size())
	if _, err := f.ReadAt(data, 0); err != nil && fi.Size() > 0 {
		return nil, err
	}
	return data, nil
}

// Memory is a Folder in memory, for a cell runner without a disk (the
// browser): its files live as long as the value.
type Memory struct {
	mu    sync.Mutex
	files map[string][]byte
	use   usage
}

// NewMemory returns an empty Memory folder with quota q (no files and no
// bytes given: DefaultQuota's, with q's Pool).
func NewMemory(q Quota) *Memory {
	if q.Files == 0 && q.Bytes == 0 {
		q.Files, q.Bytes = DefaultQuota.Files, DefaultQuota.Bytes
	}
	return &Memory{files: map[string][]byte{}, use: usage{quota: q, sizes: map[string]int64{}}}
}

// WriteFile keeps a copy of data as name.
func (m *Memory) WriteFile(name string, data []byte) error {
	if err := CheckName(name); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.use.reserve(name, int64(len(data))); err != nil {
		return err
	}
	m.files[name] = slices.Clone(data)
	m.use.put(name, int64(len(data)))
	return nil
}

// ReadFile returns a copy of the file name.
func (m *Memory) ReadFile(name string) ([]byte, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	data, ok := m.files[name]
	if !ok {
		return nil, ErrNotFound
	}
	return slices.Clone(data), nil
}

// Names lists the files, sorted.
func (m *Memory) Names() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]string, 0, len(m.files))
	for n := range m.files {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
