package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type translate func(key, fallback string) string

// A tool and its handler returned together, registered as `s.AddTool(GetIssue(t))`.
func GetIssue(t translate) (tool mcp.Tool, handler server.ToolHandlerFunc) {
	return mcp.NewTool("get_issue",
			mcp.WithDescription(t("TOOL_GET_ISSUE", "Get an issue")),
			mcp.WithToolAnnotation(mcp.ToolAnnotation{
				Title:        t("TOOL_GET_ISSUE_TITLE", "Get issue"),
				ReadOnlyHint: mcp.ToBoolPtr(true),
			}),
			mcp.WithNumber("issue_number", mcp.Required()),
		), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, nil
		}
}
