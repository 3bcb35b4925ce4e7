package main

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/srv/internal/presets"
)

type GetInput struct {
	ID      string `json:"id"`
	Verbose bool   `json:"verbose,omitempty"`
	Secret  string `json:"-"`
}

var GetTool = &mcp.Tool{
	Name:        "get_item",
	Description: "Fetch one item",
	Annotations: presets.ReadOnly,
}

var PutTool = &mcp.Tool{
	Name:        "put_item",
	Annotations: presets.Mutating,
}

var ListTool = &mcp.Tool{
	Name:        "list_items",
	Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: box(presets.Closed)},
}

// The bare tool object, no annotations.
var DropTool = &mcp.Tool{Name: "drop_items"}
