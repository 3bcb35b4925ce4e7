package inventory

import "github.com/modelcontextprotocol/go-sdk/mcp"

func ptr(b bool) *bool { return &b }

// Classes of tools, and a table of them by tool name.
var (
	readOnly = &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(false)}
	additive = &mcp.ToolAnnotations{DestructiveHint: ptr(false), OpenWorldHint: ptr(false)}
	removal  = &mcp.ToolAnnotations{DestructiveHint: ptr(true), IdempotentHint: true, OpenWorldHint: ptr(false)}
)

// A computed key may equal any other: the literal keys after it still win.
var annotationsByTool = map[string]*mcp.ToolAnnotations{
	otherKey():    readOnly,
	"list_items":  readOnly,
	"add_item":    additive,
	"remove_item": removal,
}

func otherKey() string { return "count_items" }

// Every key known: a name it lacks has no annotations.
var reviewed = map[string]*mcp.ToolAnnotations{
	"archive_items": additive,
}
