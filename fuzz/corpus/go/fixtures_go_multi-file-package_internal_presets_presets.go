// Package presets holds annotation presets shared by the tools.
package presets

import "github.com/modelcontextprotocol/go-sdk/mcp"

// ReadOnly is for tools that only read local data.
var ReadOnly = &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: Ptr(false)}

// Mutating updates data in place, repeatably.
var Mutating = &mcp.ToolAnnotations{DestructiveHint: &no, IdempotentHint: true, OpenWorldHint: &no}

// A helper recognised by its shape, not its name.
func Ptr[T any](v T) *T { return &v }
