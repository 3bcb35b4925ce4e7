package main

import (
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A test double that records tools: never an MCP server.
type fakeServer struct{ added []*mcp.Tool }

func (f *fakeServer) AddTool(t *mcp.Tool, h mcp.ToolHandler) { f.added = append(f.added, t) }

func TestRegistry(t *testing.T) {
	f := &fakeServer{}
	f.AddTool(&mcp.Tool{Name: "purge_all"}, nil)
	want := mcp.Tool{Name: "purge_all"}
	_ = want
}

// Tests register tools on real servers to exercise them: not the server's tools.
func TestServer(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo"}, nil)
}
