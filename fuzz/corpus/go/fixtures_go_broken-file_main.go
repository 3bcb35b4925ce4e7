package main

import "github.com/modelcontextprotocol/go-sdk/mcp"

func broken() {
	x := := 1 // expect: MCP090
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "b"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_cache"}, nil) // expect: MCP001
}
