package pipelines

import "github.com/mark3labs/mcp-go/mcp"

// Shared options, used by tools in other files.
func readOnly() mcp.ToolOption {
	return mcp.WithToolAnnotation(mcp.ToolAnnotation{ReadOnlyHint: mcp.ToBoolPtr(true), OpenWorldHint: mcp.ToBoolPtr(true)})
}

// A parameter option: no effect on the annotations, whichever branch returns.
func branchParam(required bool) mcp.ToolOption {
	if required {
		return mcp.WithString("branch", mcp.Required())
	}
	return mcp.WithString("branch")
}

// Which hint this sets depends on the argument: not followed.
func safety(dangerous bool) mcp.ToolOption {
	if dangerous {
		return mcp.WithDestructiveHintAnnotation(true)
	}
	return mcp.WithReadOnlyHintAnnotation(true)
}

// A NewTool wrapper: shared options first, then the caller's.
func localTool(name string, opts ...mcp.ToolOption) mcp.Tool {
	all := append([]mcp.ToolOption{mcp.WithOpenWorldHintAnnotation(false), branchParam(false)}, opts...)
	return mcp.NewTool(name, all...)
}
