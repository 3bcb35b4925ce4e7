package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

// A preset for WithToolAnnotation.
var readOnly = mcp.ToolAnnotation{ReadOnlyHint: mcp.ToBoolPtr(true), OpenWorldHint: mcp.ToBoolPtr(false)}

func main() {
	s := server.NewMCPServer("kv", "1.0.0")

	// Every hint explicit, parameters from the options.
	s.AddTool(mcp.NewTool("get_key",
		mcp.WithDescription("Read a key"),
		mcp.WithString("key", mcp.Required()),
		mcp.WithBoolean("decode"),
		mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithOpenWorldHintAnnotation(false),
	), handle)

	// No annotation options: NewTool still sends the four defaults.
	s.AddTool(mcp.NewTool("set_key", mcp.WithString("key")), handle) // expect: MCP001

	// WithToolAnnotation replaces the hints set before it.
	lost := mcp.NewTool("delete_key",
		mcp.WithDestructiveHintAnnotation(true),
		mcp.WithToolAnnotation(mcp.ToolAnnotation{OpenWorldHint: mcp.ToBoolPtr(false)}),
	)
	s.AddTool(lost, handle) // expect: MCP002, MCP004, MCP005

	// Options after WithToolAnnotation apply on top of it.
	s.AddTool(mcp.NewTool("list_keys",
		mcp.WithToolAnnotation(readOnly),
		mcp.WithTitleAnnotation("List keys"),
	), handle)

	// Only a preset.
	s.AddTool(mcp.NewTool("scan_keys", mcp.WithToolAnnotation(readOnly)), handle)

	// Records given to AddTools.
	s.AddTools(
		server.ServerTool{Tool: mcp.NewTool("flush_keys", mcp.WithIdempotentHintAnnotation(true)), Handler: handle}, // expect: MCP002, MCP003, MCP004
	)

	// A tool returned by a function of the package.
	s.AddTool(GetIssue(func(k, f string) string { return f })) // expect: MCP003

	s.AddTools(records()...)

	// An option the linter cannot follow.
	var extra []mcp.ToolOption
	s.AddTool(mcp.NewTool("touch_key", extra...), handle) // expect: MCP031
}
