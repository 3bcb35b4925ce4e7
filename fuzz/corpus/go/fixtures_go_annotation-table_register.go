package inventory

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// register looks the annotations up by the caller's tool name.
func register[In any](s *mcp.Server, name, description string, h func(context.Context, In) (string, error)) {
	mcp.AddTool(s, &mcp.Tool{
		Name:        name,
		Description: description,
		Annotations: annotationsByTool[name],
	}, func(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		_, err := h(ctx, in)
		return nil, nil, err
	})
}

type ItemArgs struct {
	ID string `json:"id"`
}

func listItems(ctx context.Context, a struct{}) (string, error)  { return "", nil }
func addItem(ctx context.Context, a ItemArgs) (string, error)    { return "", nil }
func removeItem(ctx context.Context, a ItemArgs) (string, error) { return "", nil }

func Setup(s *mcp.Server) {
	register(s, "list_items", "List items", listItems)
	register(s, "add_item", "Add an item", addItem) // expect: MCP004, MCP005
	register(s, "remove_item", "Remove an item", removeItem) // expect: MCP004
	// Not a literal key of the table (it may be the computed one): not followed.
	register(s, "count_items", "Count items", listItems) // expect: MCP031
	name := pick()
	register(s, name, "Something", listItems) // expect: MCP031
}

func pick() string { return "list_items" }

func registerReviewed[In any](s *mcp.Server, name string, h func(context.Context, In) (string, error)) {
	mcp.AddTool(s, &mcp.Tool{Name: name, Annotations: reviewed[name]}, func(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	})
}

func SetupReviewed(s *mcp.Server) {
	registerReviewed(s, "archive_items", addItem) // expect: MCP004, MCP005
	registerReviewed(s, "sync_items", listItems) // expect: MCP001
}
