// Package dash wraps tool definitions: MustTool builds one from a typed
// handler and options; Register adds it to a server later.
package dash

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Tool struct {
	Tool    *mcp.Tool
	Handler mcp.ToolHandler
}

// Registers the caller's tool (counted where MustTool is called), possibly
// amended first.
func (t *Tool) Register(s *mcp.Server) {
	s.AddTool(t.resolved(), t.Handler)
}

var Amend bool

func (t *Tool) resolved() *mcp.Tool {
	if !Amend {
		return t.Tool
	}
	copied := *t.Tool
	copied.Description += " (amended)"
	return &copied
}

type Option func(*mcp.Tool)

func annotations(t *mcp.Tool) *mcp.ToolAnnotations {
	if t.Annotations == nil {
		t.Annotations = &mcp.ToolAnnotations{}
	}
	return t.Annotations
}

func ReadOnly(v bool) Option {
	return func(t *mcp.Tool) { annotations(t).ReadOnlyHint = v }
}

func Destructive(v bool) Option {
	return func(t *mcp.Tool) { annotations(t).DestructiveHint = &v }
}

func OpenWorld(v bool) Option {
	return func(t *mcp.Tool) {
		if t.Annotations == nil {
			t.Annotations = &mcp.ToolAnnotations{}
		}
		t.Annotations.OpenWorldHint = &v
	}
}

// Which hint it sets depends on the environment: not followed.
func FromEnv() Option {
	return func(t *mcp.Tool) {
		if os.Getenv("DASH_RO") != "" {
			annotations(t).ReadOnlyHint = true
		}
	}
}

type HandlerFunc[T any, R any] = func(ctx context.Context, in T) (R, error)

func MustTool[T any, R any](name, description string, h HandlerFunc[T, R], options ...Option) Tool {
	t, handler, err := ConvertTool(name, description, h, options...)
	if err != nil {
		panic(err)
	}
	return Tool{Tool: t, Handler: handler}
}

// Returns an SDK tool: counted where it is registered, not here.
func ConvertTool[T any, R any](name, description string, h HandlerFunc[T, R], options ...Option) (*mcp.Tool, mcp.ToolHandler, error) {
	t := &mcp.Tool{Name: name, Description: description}
	for _, o := range options {
		o(t)
	}
	return t, nil, nil
}

// Not a factory: it only collects options.
func ToolOptions(extra ...Option) []Option {
	return append([]Option{OpenWorld(false)}, extra...)
}

// Not a factory either: its options configure a registry, not a tool.
type Registry struct{ name string }

type RegistryOption func(*Registry)

func NewToolRegistry(name string, opts ...RegistryOption) *Registry {
	return &Registry{name: name}
}
