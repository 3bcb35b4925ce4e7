package main

import "github.com/mark3labs/mcp-go/mcp"

// Project option helpers: their effect is followed where they are used.
func readOnlyLocal() mcp.ToolOption {
	return mcp.WithToolAnnotation(mcp.ToolAnnotation{ReadOnlyHint: mcp.ToBoolPtr(true), OpenWorldHint: mcp.ToBoolPtr(false)})
}

func idempotent() mcp.ToolOption {
	return mcp.WithIdempotentHintAnnotation(true)
}

var closedWorld = mcp.WithOpenWorldHintAnnotation(false)

var helperTools = []mcp.Tool{
	// The helper replaces the destructive hint set before it.
	mcp.NewTool("stat_key", mcp.WithDestructiveHintAnnotation(true), readOnlyLocal()),
	mcp.NewTool("touch_all", idempotent(), closedWorld, mcp.WithDestructiveHintAnnotation(false)), // expect: MCP004
	mcp.NewTool("mystery_key", unknownOption()), // expect: MCP031
}

func unknownOption() mcp.ToolOption { return nil }
