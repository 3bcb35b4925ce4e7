// Package catalog defines tools registered by another package.
package catalog

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/srv/internal/presets"
	"example.com/srv/internal/shared-hints"
)

const ExportName = "export_items"

var Export = &mcp.Tool{
	Name:        ExportName,
	Annotations: &mcp.ToolAnnotations{ReadOnlyHint: hints.ReadOnly, OpenWorldHint: presets.Ptr(presets.Closed)},
}
