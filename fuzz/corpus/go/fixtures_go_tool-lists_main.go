package main

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var yes = true

// Each element is a tool; the loop below registers them without being counted again.
var catalog = []*mcp.Tool{
	{Name: "list_tables", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: &yes}},
	{Name: "truncate_table"}, // expect: MCP001
	&mcp.Tool{Name: "vacuum", Annotations: readOnlyLocal},
}

var readOnlyLocal = &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(bool)}

func main() {
	srv := mcp.NewServer(&mcp.Implementation{Name: "db"}, nil)
	for _, t := range catalog {
		srv.AddTool(t, nil)
	}
	for i := range catalog {
		srv.AddTool(catalog[i], nil)
	}
}
