package tools

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/hub/pkg/inventory"
)

type TranslationFunc func(key, fallback string) string

// NewTool wraps a tool definition; it does not register anything itself.
func NewTool(tool mcp.Tool, h mcp.ToolHandler) inventory.ServerTool {
	return inventory.NewServerTool(tool, h)
}
