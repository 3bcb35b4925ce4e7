package main

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var renameTool = mcp.NewTool("rename_key",
	mcp.WithString("from"),
	mcp.WithString("to"),
	mcp.WithDestructiveHintAnnotation(false),
	mcp.WithOpenWorldHintAnnotation(false),
)

// Records in a slice, registered with s.AddTools(records()...).
func records() []server.ServerTool {
	return []server.ServerTool{
		{Tool: renameTool, Handler: handle}, // expect: MCP004, MCP005
		{Tool: mcp.NewTool("copy_key", mcp.WithToolAnnotation(readOnly)), Handler: handle},
	}
}
