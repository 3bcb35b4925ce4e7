// Package legacy: the same factory over mcp-go's own options.
package legacy

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Tool struct {
	Tool    mcp.Tool
	Handler server.ToolHandlerFunc
}

func (t *Tool) Register(s *server.MCPServer) { s.AddTool(t.Tool, t.Handler) }

func MustTool[T any](name, description string, h func(context.Context, T) (string, error), options ...mcp.ToolOption) Tool {
	t := mcp.Tool{Name: name, Description: description}
	for _, o := range options {
		o(&t)
	}
	return Tool{Tool: t}
}

type QueryArgs struct {
	Expr string `json:"expr"`
}

func query(ctx context.Context, a QueryArgs) (string, error) { return "", nil }

var Query = MustTool("query_metrics", "Query metrics", query, // expect: MCP003
	mcp.WithTitleAnnotation("Query"),
	mcp.WithReadOnlyHintAnnotation(true),
	mcp.WithString("ignored"),
)

func Add(s *server.MCPServer) { Query.Register(s) }
