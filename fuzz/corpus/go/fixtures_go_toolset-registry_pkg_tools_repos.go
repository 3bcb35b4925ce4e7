package tools

import (
	"github.com/google/go-github/v69/github"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/hub/pkg/inventory"
)

func GetRepo(t TranslationFunc) inventory.ServerTool {
	return NewTool(mcp.Tool{
		Name: "get_repo",
		Annotations: &mcp.ToolAnnotations{
			Title:         t("TOOL_GET_REPO", "Get repository"),
			ReadOnlyHint:  true,
			OpenWorldHint: github.Ptr(true),
		},
	}, nil)
}

func DeleteRepo(t TranslationFunc) inventory.ServerTool {
	return NewTool(mcp.Tool{ // expect: MCP002, MCP005, MCP022
		Name: "delete_repo",
		InputSchema: &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				"owner": {Type: "string"},
				"repo":  {Type: "string"},
			},
		},
		Annotations: &mcp.ToolAnnotations{
			Title:         t("TOOL_DELETE_REPO", "Delete repository"),
			ReadOnlyHint:  false,
			OpenWorldHint: github.Ptr(true),
		},
	}, nil)
}
