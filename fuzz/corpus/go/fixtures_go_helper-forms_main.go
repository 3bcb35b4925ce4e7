package main

import "github.com/modelcontextprotocol/go-sdk/mcp"

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "files"}, nil)

	addTool(s, &mcp.Tool{Name: "remove_file"}) // expect: MCP001

	readTool(s, "read_file", "Read a file")
	readTool(s, "stat_file", "Stat a file")

	flagTool(s, "write_file", false) // expect: MCP003, MCP031

	tool, h := searchTool()
	s.AddTool(tool, h) // expect: MCP003

	// A title from a translation helper is not a literal.
	mcp.AddTool(s, &mcp.Tool{ // expect: MCP004
		Name:        "move_file",
		Title:       t("MOVE_TITLE", "Move a file"),
		Annotations: &mcp.ToolAnnotations{DestructiveHint: ptr(false), IdempotentHint: true, OpenWorldHint: ptr(false)},
	}, handler)

	r := &registry{server: s}
	r.add("grep_files")

	// Tools registered in a loop are counted where they are defined.
	for _, tool := range []*mcp.Tool{} {
		s.AddTool(tool, nil)
	}
}

// Tools built in a loop: each registration is one tool with a computed name.
func perKind(s *mcp.Server, kinds []string) {
	for _, k := range kinds {
		mcp.AddTool(s, &mcp.Tool{Name: "list_" + k, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(false)}}, handler)
		readTool(s, k, "per kind")
	}
}

// A function literal cannot forward: its tool is reported here, once, with a computed name.
var register = func(s *mcp.Server, name string) {
	mcp.AddTool(s, &mcp.Tool{Name: name}, handler) // expect: MCP001
}
