package notebook

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/plylab/plylab/lessons/live"
)

const cookieName = "plylab_token"

// pageCSP allows the server's own scripts, styles (inline styles too: the
// pictures carry style attributes) and pictures, and nothing else; no page
// may frame it.
const pageCSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"

// hostOK is the check against DNS rebinding, as Jupyter makes it: a page
// of another site that gets its own name to resolve to this machine
// sends that name as the Host of its requests. A request is served when
// its Host is an IP address (no name to rebind), localhost (or a name
// under .localhost, which never leaves this machine), or a name the
// teacher allowed (Config.Hosts; "*" allows any).
func (s *Server) hostOK(host string) bool {
	name := hostName(host)
	if name == "" {
		return false
	}
	if net.ParseIP(name) != nil {
		return true
	}
	name = strings.ToLower(strings.TrimSuffix(name, "."))
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	for _, h := range s.cfg.Hosts {
		if h == "*" || strings.EqualFold(strings.TrimSuffix(h, "."), name) {
			return true
		}
	}
	return false
}

// hostName is the name of a Host header, without its port and brackets;
// "" when the port is not a port number (1 to 65535, digits only).
func hostName(host string) string {
	h, port, err := net.SplitHostPort(host)
	if err != nil {
		return strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 1 || n > 65535 || strings.TrimLeft(port, "0123456789") != "" {
		return ""
	}
	return h
}

// public reports whether r asks for what every visitor of the address may
// have without the token: the pages' script, style and icon (the same for
// every server, and secret to no one).
func public(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	return r.URL.Path == "/favicon.ico" || strings.HasPrefix(r.URL.Path, "/static/")
}

func (s *Server) tokenOK(r *http.Request) bool {
	want := []byte(s.cfg.Token)
	try := func(got string) bool {
		return got != "" && subtle.ConstantTimeCompare([]byte(got), want) == 1
	}
	if try(r.URL.Query().Get("token")) || try(r.Header.Get("X-Plylab-Token")) {
		return true
	}
	if c, err := r.Cookie(cookieName); err == nil && try(c.Value) {
		return true
	}
	return false
}

// sameOrigin is the CSRF check for POSTs: a browser's Origin must be this
// host, and its Sec-Fetch-Site must not be cross-site. Clients that send
// neither (curl, scripts) carry the token explicitly.
func sameOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		return false
	}
	if o := r.Header.Get("Origin"); o != "" {
		return o == "http://"+r.Host || o == "https://"+r.Host
	}
	return true
}

// apiError is the error object of every failed API call.
type apiError = live.Error

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(true)
	_ = enc.Encode(v)
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, map[string]*apiError{"error": {Code: code, Message: msg}})
}

// refuse answers a request refused before its body was read, and closes
// the connection after the answer: the server then never reads the body,
// so a client that sends one slowly holds nothing.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, status int, code, msg string) {
	dropBody(w)
	writeError(w, status, code, msg)
}

// dropBody makes sure the server reads no more of a request's body: the
// connection closes after the answer, and its read deadline is now, so
// the body that Go's server would otherwise read (up to 256 KB, to reuse
// the connection) ends at once, however slowly a client sends it.
func dropBody(w http.ResponseWriter) {
	w.Header().Set("Connection", "close")
	http.NewResponseController(w).SetReadDeadline(time.Now())
}

// readBody reads r's body whole, at most MaxBody bytes within BodyTimeout,
// and puts it back as r.Body for the handlers; the connection's read
// deadline is cleared after it, so a long run's answer is not cut.
func (s *Server) readBody(r *http.Request, rc *http.ResponseController) *apiError {
	rc.SetReadDeadline(time.Now().Add(s.cfg.BodyTimeout))
	data, err := io.ReadAll(io.LimitReader(r.Body, s.cfg.MaxBody+1))
	rc.SetReadDeadline(time.Time{})
	switch {
	case err != nil:
		return &apiError{Code: "bad_request", Message: fmt.Sprintf("the request body did not arrive within %s: %v", s.cfg.BodyTimeout, err)}
	case int64(len(data)) > s.cfg.MaxBody:
		return &apiError{Code: "too_large", Message: fmt.Sprintf("the request body is over the limit of %d bytes; the teacher can raise it with plylab lesson serve --max-body", s.cfg.MaxBody)}
	}
	r.Body = io.NopCloser(bytes.NewReader(data))
	return nil
}

func writeAPIError(w http.ResponseWriter, e *apiError) {
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	writeJSON(w, statusOf(e.Code), map[string]*apiError{"error": e})
}

func statusOf(code string) int {
	switch code {
	case "busy":
		return http.StatusTooManyRequests
	case "too_large":
		return http.StatusRequestEntityTooLarge
	case "not_found", "no_session":
		return http.StatusNotFound
	case "internal":
		return http.StatusInternalServerError
	case "shutting_down":
		return http.StatusServiceUnavailable
	}
	return http.StatusBadRequest
}

// decode reads a JSON body into v, with clear errors for a body that is
// too large or not JSON.
func decode(r *http.Request, v any) *apiError {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &apiError{Code: "bad_request", Message: "the request body must be a JSON object such as {\"command\": \"plylab compare --depth 3\"}: " + err.Error()}
	}
	return nil
}
