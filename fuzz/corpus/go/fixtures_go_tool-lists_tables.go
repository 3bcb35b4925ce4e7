package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type IndexArgs struct {
	Table string `json:"table"`
}

func reindex(ctx context.Context, req *mcp.CallToolRequest, in IndexArgs) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil }

// A table of project records: the tool literal in each element is a tool.
type entry struct {
	tool    *mcp.Tool
	handler mcp.ToolHandler
}

var entries = []entry{
	{tool: &mcp.Tool{Name: "analyze_table", Annotations: readOnlyLocal}, handler: raw},
	{&mcp.Tool{Name: "drop_index"}, raw}, // expect: MCP001
}

func registerTables(s *mcp.Server) {
	for _, e := range entries {
		s.AddTool(e.tool, e.handler)
	}
	typed := []struct {
		tool *mcp.Tool
		run  func(context.Context, *mcp.CallToolRequest, IndexArgs) (*mcp.CallToolResult, any, error)
	}{
		{&mcp.Tool{Name: "reindex_table", Annotations: &mcp.ToolAnnotations{IdempotentHint: true, OpenWorldHint: new(bool)}}, reindex}, // expect: MCP002, MCP004
	}
	for _, t := range typed {
		mcp.AddTool(s, t.tool, t.run)
	}
}
