package api

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
)

// Access says who may call a route.
type Access int

const (
	// Operation (the default) needs a login and the route's operation code.
	Operation Access = iota
	// Self needs a login only: the caller acts on their own account.
	Self
	// Public needs no login (login itself, tablets and guests by their key).
	Public
)

func (a Access) String() string {
	switch a {
	case Self:
		return "self"
	case Public:
		return "public"
	}
	return "operation"
}

// LogMode overrides whether the operation log records a route.
type LogMode int

const (
	LogAuto LogMode = iota // writes are logged, reads are not
	LogOn
	LogOff
)

// Actions are the operation keys a role can be granted per menu.
var Actions = []string{"add", "delete", "edit", "query", "get", "enable", "disable", "import", "export", "unlock"}

// Route declares one endpoint with the permission it needs. The registry of
// routes is the single source for the permission check, the interface list
// and the OpenAPI document.
type Route struct {
	Method  string
	Path    string // below /api, Gin syntax: /sys/user/:id
	Perm    string // permission id, e.g. "sys:user"
	Action  string // one of Actions
	Access  Access
	Summary string
	Body    any // request body shape (OpenAPI)
	Query   any // query parameters shape (OpenAPI)
	Result  any // envelope result shape (OpenAPI)
	Log     LogMode
	MaxBody int64 // body limit; 0 = the configured default
	Module  string
	Raw     bool  // handler writes its own response (files, 304s)
	Errors  []int // business codes the route answers beyond those its shape implies (OpenAPI), e.g. CodeUnavailable
}

// Operation is the route's operation code, e.g. "sys:user:add".
func (r Route) Operation() string {
	if r.Perm == "" {
		return ""
	}
	return r.Perm + ":" + r.Action
}

// Logged reports whether the operation log records this route by default.
func (r Route) Logged() bool {
	switch r.Log {
	case LogOn:
		return true
	case LogOff:
		return false
	}
	return r.Method != http.MethodGet && r.Action != "query" && r.Action != "get" && r.Access != Public
}

type entry struct {
	Route
	handler HandlerFunc
}

// Registry collects the routes of every module.
type Registry struct {
	entries []entry
	seen    map[string]bool
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{seen: map[string]bool{}} }

// Group is a module's view of the registry.
type Group struct {
	reg    *Registry
	module string
}

// Group returns the registration handle for a module.
func (r *Registry) Group(module string) *Group { return &Group{reg: r, module: module} }

// Handle declares a route. A malformed declaration is a programming error and
// panics at start-up, so that no route can exist without its permission.
func (g *Group) Handle(rt Route, h HandlerFunc) {
	rt.Module = g.module
	rt.Method = strings.ToUpper(rt.Method)
	if err := validRoute(rt); err != nil {
		panic(fmt.Sprintf("route %s %s: %v", rt.Method, rt.Path, err))
	}
	key := rt.Method + " " + rt.Path
	if g.reg.seen[key] {
		panic("route declared twice: " + key)
	}
	g.reg.seen[key] = true
	g.reg.entries = append(g.reg.entries, entry{Route: rt, handler: h})
}

func validRoute(rt Route) error {
	if !strings.HasPrefix(rt.Path, "/") {
		return fmt.Errorf("path must start with /")
	}
	switch rt.Access {
	case Operation:
		if rt.Perm == "" || strings.Count(rt.Perm, ":") != 1 {
			return fmt.Errorf("operation route needs a permission id like module:resource")
		}
		for _, a := range Actions {
			if a == rt.Action {
				return nil
			}
		}
		return fmt.Errorf("unknown action %q", rt.Action)
	case Self, Public:
		if rt.Perm != "" || rt.Action != "" {
			return fmt.Errorf("%s route must not name an operation", rt.Access)
		}
	}
	return nil
}

// Routes lists every declared route, sorted by module, path and method.
func (r *Registry) Routes() []Route {
	out := make([]Route, len(r.entries))
	for i, e := range r.entries {
		out[i] = e.Route
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Module != out[j].Module {
			return out[i].Module < out[j].Module
		}
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Method < out[j].Method
	})
	return out
}

// Permissions lists the distinct permission ids with the actions declared for each.
func (r *Registry) Permissions() map[string][]string {
	out := map[string][]string{}
	for _, e := range r.entries {
		if e.Perm == "" {
			continue
		}
		acts := out[e.Perm]
		found := false
		for _, a := range acts {
			found = found || a == e.Action
		}
		if !found {
			out[e.Perm] = append(acts, e.Action)
		}
	}
	return out
}
