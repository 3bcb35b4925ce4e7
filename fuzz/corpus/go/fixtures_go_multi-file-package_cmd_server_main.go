package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	cat "example.com/srv/internal/catalog"
	"example.com/srv/internal/presets"
)

type Out struct{}

func get(ctx context.Context, req *mcp.CallToolRequest, in GetInput) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "srv"}, nil)
	mcp.AddTool[GetInput, Out](s, GetTool, get)
	mcp.AddTool(s, PutTool, get) // expect: MCP004
	mcp.AddTool(s, ListTool, get)
	mcp.AddTool(s, DropTool, get) // expect: MCP001, MCP022

	mcp.AddTool(s, cat.Export, get)

	presets.AddReadTool(s, "peek_item")

	local := &mcp.Tool{Name: "count_items", Annotations: presets.ReadOnly}
	_ = local
	s.AddTool(local, nil)
}
