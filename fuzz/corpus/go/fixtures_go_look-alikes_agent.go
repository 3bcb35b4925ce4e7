package main

import (
	"google.golang.org/adk/tool"
	"google.golang.org/adk/tool/functiontool"
)

type Args struct {
	City string `json:"city"`
}

// An agent-framework tool, not an MCP tool.
func weatherTool() (tool.Tool, error) {
	return functiontool.New(functiontool.Config{Name: "get_weather", Description: "Weather"}, func(ctx tool.Context, a Args) (string, error) {
		return "", nil
	})
}

type registry struct{ tools map[string]any }

// A project registry with an AddTool method, unrelated to MCP.
func (r *registry) AddTool(name string, fn any) { r.tools[name] = fn }

func main() {
	r := &registry{}
	r.AddTool("delete_everything", nil)
	makeTool("drop_table")
}

func makeTool(name string) string { return name }
