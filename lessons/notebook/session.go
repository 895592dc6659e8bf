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

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
)

type session struct {
	id    string
	dir   string
	files *sandbox.Dir // the session's folder, the only place its cells write
	used  time.Time
	busy  int
	// loaded are the lesson files the scratch page loaded, by slug: the
	// runs and plans of their cells bind to them (s.mu guards it).
	loaded map[string]*lessons.Lesson
}

// maxLoaded bounds the lesson files one session keeps loaded; loading
// another forgets the oldest.
const maxLoaded = 8

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

// session returns the session id, marked busy (release it with done);
// for "" it makes a new one for client (its address), within the
// client's allowance (takeSession) and the server's room (makeRoom).
func (s *Server) session(id, client string) (*session, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, &apiError{Code: "shutting_down", Message: "the server is shutting down"}
	}
	if id != "" {
		se := s.sessions[id]
		if se == nil {
			why, ok := s.closedIDs[id]
			if !ok {
				why = "this server has no such session (it restarted since, or the id is wrong)"
			}
			return nil, &apiError{Code: "no_session", Message: fmt.Sprintf("no session %q: %s; reload the page for a new one", id, why)}
		}
		se.used = time.Now()
		se.busy++
		return se, nil
	}
	if e := s.takeSession(client); e != nil {
		return nil, e
	}
	if e := s.makeRoom(); e != nil {
		return nil, e
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

// makeRoom makes room for one more session on a full server by closing
// the session unused longest, if it has been unused for SessionIdle; a
// session in use is never closed for another. Without such a session the
// server is full: "busy" (429) with when to try again. s.mu is held.
func (s *Server) makeRoom() *apiError {
	if len(s.sessions) < s.cfg.MaxSessions {
		return nil
	}
	var oldest *session
	for _, se := range s.sessions {
		if se.busy == 0 && (oldest == nil || se.used.Before(oldest.used)) {
			oldest = se
		}
	}
	if oldest == nil || time.Since(oldest.used) < s.cfg.SessionIdle {
		wait := time.Minute
		if oldest != nil {
			wait = s.cfg.SessionIdle - time.Since(oldest.used)
		}
		return &apiError{Code: "busy", RetryAfter: seconds(wait), Message: fmt.Sprintf("the server has %d sessions in use, its limit; try again in %s (the teacher can raise --max-sessions)", s.cfg.MaxSessions, roundUp(wait))}
	}
	s.closeSession(oldest, fmt.Sprintf("it was closed after %s without use, to make room for a new one", roundUp(s.cfg.SessionIdle)))
	return nil
}

// closeSession removes se, remembering why for the client that asks for
// it again (the last few hundred reasons are kept). s.mu is held.
func (s *Server) closeSession(se *session, why string) {
	delete(s.sessions, se.id)
	se.remove(s.pool)
	if len(s.closedIDs) >= 4*s.cfg.MaxSessions {
		clear(s.closedIDs)
	}
	s.closedIDs[se.id] = why
}

// takeSession spends one of client's new sessions, or answers "busy"
// (429) with when the next one comes. s.mu is held.
func (s *Server) takeSession(client string) *apiError {
	b := s.makers.get(client)
	if b.tokens < 1 {
		wait := s.makers.wait(b)
		return &apiError{Code: "busy", RetryAfter: seconds(wait), Message: fmt.Sprintf("your computer has opened %d notebook sessions in %s, the limit for one address; reuse an open page, or try again in %s", s.cfg.SessionsPerClient, roundUp(s.cfg.SessionWindow), roundUp(wait))}
	}
	b.tokens--
	return nil
}

// seconds is d in whole seconds, rounded up, at least one.
func seconds(d time.Duration) int {
	return max(1, int((d+time.Second-1)/time.Second))
}

// roundUp is d rounded up to whole seconds (whole minutes from two
// minutes on), for a person to read.
func roundUp(d time.Duration) time.Duration {
	if d >= 2*time.Minute {
		return (d + time.Minute - 1).Truncate(time.Minute)
	}
	return (d + time.Second - 1).Truncate(time.Second)
}

func (s *Server) done(se *session) {
	s.mu.Lock()
	se.busy--
	se.used = time.Now()
	s.mu.Unlock()
}

func (s *Server) handleSession(w http.ResponseWriter, r *http.Request) {
	se, e := s.session("", clientOf(r.RemoteAddr))
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
