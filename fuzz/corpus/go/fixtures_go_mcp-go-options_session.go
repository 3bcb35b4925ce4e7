package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type EvictArgs struct {
	Key    string `json:"key"`
	DryRun bool   `json:"dry_run"`
}

func evict(ctx context.Context, req mcp.CallToolRequest, args EvictArgs) (*mcp.CallToolResult, error) {
	return nil, nil
}

// A per-session tool with a typed handler: its parameters come from EvictArgs.
func addSessionTools(s *server.MCPServer, session string) error {
	return s.AddSessionTool(session, mcp.NewTool("evict_key", // expect: MCP004, MCP005
		mcp.WithDestructiveHintAnnotation(true),
		mcp.WithOpenWorldHintAnnotation(false),
		mcp.WithInputSchema[EvictArgs](),
	), mcp.NewTypedToolHandler(evict))
}
