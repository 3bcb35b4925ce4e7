// Package notes registers typed handler methods: their input struct gives
// the parameters.
package notes

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Store struct{}

type ClearInput struct {
	Folder string `json:"folder"`
}

func (st *Store) ClearNotes(ctx context.Context, req *mcp.CallToolRequest, in ClearInput) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

type WipeInput struct {
	Folder string `json:"folder"`
	DryRun bool   `json:"dry_run"`
}

func (st *Store) WipeNotes(ctx context.Context, req *mcp.CallToolRequest, in WipeInput) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func Register(s *mcp.Server, st *Store) {
	closed := jsonschema.Ptr(false)
	mcp.AddTool(s, &mcp.Tool{ // expect: MCP004, MCP005, MCP022
		Name:        "clear_notes",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: jsonschema.Ptr(true), OpenWorldHint: closed},
	}, st.ClearNotes)
	mcp.AddTool(s, &mcp.Tool{ // expect: MCP004, MCP005
		Name:        "wipe_notes",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: jsonschema.Ptr(true), OpenWorldHint: closed},
	}, st.WipeNotes)
}
