package pipelines

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type App struct {
	token string
}

const (
	showName       = "pipeline_show"
	legacyShowName = "show_pipeline"
	stopName       = "pipeline_stop"
)

func newShowTool(name, text string) mcp.Tool {
	return mcp.NewTool(name,
		mcp.WithDescription(text),
		mcp.WithString("pipeline_id", mcp.Required()),
		mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithOpenWorldHintAnnotation(true),
	)
}

func newStopTool(name string, destructive bool) mcp.Tool {
	return mcp.NewTool(name,
		mcp.WithString("pipeline_id", mcp.Required()),
		mcp.WithReadOnlyHintAnnotation(false),
		mcp.WithDestructiveHintAnnotation(destructive),
		mcp.WithIdempotentHintAnnotation(true),
	)
}

func (a *App) rerunTool() mcp.Tool {
	return mcp.NewTool("pipeline_rerun",
		mcp.WithString("pipeline_id", mcp.Required()),
		mcp.WithReadOnlyHintAnnotation(false),
		mcp.WithDestructiveHintAnnotation(false),
		mcp.WithOpenWorldHintAnnotation(true),
	)
}

func (a *App) logsTool() mcp.Tool {
	return mcp.NewTool("pipeline_logs",
		mcp.WithString("pipeline_id", mcp.Required()),
		mcp.WithNumber("tail"),
		mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithOpenWorldHintAnnotation(true),
	)
}

func (a *App) handleRerun(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func showHandler(a *App) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil }
}

func stopHandler(a *App) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil }
}
