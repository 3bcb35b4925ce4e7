package hub

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type TranslationHelperFunc func(key, fallback string) string

func ToBoolPtr(b bool) *bool { return &b }

func GetIssue(t TranslationHelperFunc) (tool mcp.Tool, handler server.ToolHandlerFunc) {
	return mcp.NewTool("get_issue",
			mcp.WithDescription(t("TOOL_GET_ISSUE_DESCRIPTION", "Get an issue")),
			mcp.WithToolAnnotation(mcp.ToolAnnotation{
				Title:        t("TOOL_GET_ISSUE_TITLE", "Get issue"),
				ReadOnlyHint: ToBoolPtr(true),
			}),
			mcp.WithString("owner", mcp.Required()),
			mcp.WithNumber("issue_number", mcp.Required()),
		),
		func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, nil
		}
}

func CloseIssue(t TranslationHelperFunc) (tool mcp.Tool, handler server.ToolHandlerFunc) {
	return mcp.NewTool("close_issue",
			mcp.WithToolAnnotation(mcp.ToolAnnotation{
				Title:        t("TOOL_CLOSE_ISSUE_TITLE", "Close issue"),
				ReadOnlyHint: ToBoolPtr(false),
			}),
			mcp.WithString("owner", mcp.Required()),
		),
		nil
}
