package notebook

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/plylab/plylab/lessons/sandbox"
)

type session struct {
	id    string
	dir   string
	files *sandbox.Dir // the session's folder, the only place its cells write
	used  time.Time
	busy  int
}

// remove closes the session's folder, deletes it and gives its bytes
// back to the server's pool.
func (se *session) remove(pool *sandbox.Pool) {
	pool.Release(se.files.Bytes())
	se.files.Close()
	os.RemoveAll(se.dir)
}

// ---------------------------------------------------------------------------
// Sessions

func randomID() string {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return hex.EncodeToString(b[:])
}

func validID(id string) bool {
	if len(id) != 24 {
		return false
	}
	for _, c := range id {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// session returns the session id (creating one for ""), marked busy;
// release it with done.
func (s *Server) session(id string) (*session, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, &apiError{Code: "shutting_down", Message: "the server is shutting down"}
	}
	if id != "" {
		se := s.sessions[id]
		if se == nil {
			return nil, &apiError{Code: "no_session", Message: fmt.Sprintf("no session %q: it expired or the server restarted; reload the page (or POST /api/session) for a new one", id)}
		}
		se.used = time.Now()
		se.busy++
		return se, nil
	}
	if len(s.sessions) >= s.cfg.MaxSessions {
		var oldest *session
		for _, se := range s.sessions {
			if se.busy == 0 && (oldest == nil || se.used.Before(oldest.used)) {
				oldest = se
			}
		}
		if oldest == nil {
			return nil, &apiError{Code: "busy", Message: fmt.Sprintf("all %d sessions are busy; try again in a moment (the teacher can raise --max-sessions)", s.cfg.MaxSessions)}
		}
		delete(s.sessions, oldest.id)
		oldest.remove(s.pool)
	}
	se := &session{id: randomID(), used: time.Now(), busy: 1}
	se.dir = filepath.Join(s.root, se.id)
	if err := os.Mkdir(se.dir, 0o700); err != nil {
		return nil, &apiError{Code: "internal", Message: "cannot make the session's scratch folder: " + err.Error()}
	}
	q := s.cfg.Quota
	q.Pool = s.pool
	files, err := sandbox.OpenDir(se.dir, q)
	if err != nil {
		os.RemoveAll(se.dir)
		return nil, &apiError{Code: "internal", Message: "cannot open the session's scratch folder: " + err.Error()}
	}
	se.files = files
	s.sessions[se.id] = se
	return se, nil
}

func (s *Server) done(se *session) {
	s.mu.Lock()
	se.busy--
	se.used = time.Now()
	s.mu.Unlock()
}

func (s *Server) handleSession(w http.ResponseWriter, r *http.Request) {
	se, e := s.session("")
	if e != nil {
		writeAPIError(w, e)
		return
	}
	s.done(se)
	writeJSON(w, http.StatusOK, map[string]string{"session": se.id})
}

// ---------------------------------------------------------------------------
// Files

var contentTypes = map[string]string{
	".svg": "image/svg+xml", ".png": "image/png", ".txt": "text/plain; charset=utf-8",
	".dot": "text/plain; charset=utf-8", ".json": "application/json", ".csv": "text/csv; charset=utf-8",
	".md": "text/markdown; charset=utf-8", ".pgn": "text/plain; charset=utf-8",
}

// openScratch opens a regular file of a session's folder by the one name
// rule (sandbox.CheckName), through the folder's root: no name, link or
// "..'" leads outside it.
func (s *Server) openScratch(sessionID, name string) (*os.File, os.FileInfo, *apiError) {
	notFound := &apiError{Code: "not_found", Message: "no such file in your notebook's scratch folder"}
	if !validID(sessionID) {
		return nil, nil, &apiError{Code: "bad_path", Message: "no such session: a session id is 24 hexadecimal digits"}
	}
	if err := sandbox.CheckName(name); err != nil {
		return nil, nil, &apiError{Code: "bad_path", Message: err.Error()}
	}
	s.mu.Lock()
	se := s.sessions[sessionID]
	s.mu.Unlock()
	if se == nil {
		return nil, nil, notFound
	}
	f, fi, err := se.files.Open(name)
	if err != nil {
		return nil, nil, notFound
	}
	return f, fi, nil
}

func (s *Server) handleFile(w http.ResponseWriter, r *http.Request) {
	f, fi, e := s.openScratch(r.PathValue("session"), r.PathValue("name"))
	if e != nil {
		writeAPIError(w, e)
		return
	}
	defer f.Close()
	ext := strings.ToLower(filepath.Ext(fi.Name()))
	ct, ok := contentTypes[ext]
	if !ok {
		ct = "application/octet-stream"
	}
	h := w.Header()
	h.Set("Content-Type", ct)
	// A file is shown as a picture or downloaded, never run as a page.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
	if ext != ".svg" && ext != ".png" {
		h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", fi.Name()))
	}
	http.ServeContent(w, r, fi.Name(), fi.ModTime(), f)
}
