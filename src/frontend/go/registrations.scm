; Candidate registrations. mod.rs sorts them by callee: `pkg.AddTool(...)`,
; `recv.AddTool(...)`/`AddSessionTool`/`AddTaskTool`, helper calls passing
; an SDK tool literal or string names, and mcp-go tool records.
(call_expression
  function: (_) @call.function
  arguments: (argument_list) @call.args) @call

; mcp-go `server.ServerTool{Tool: ..., Handler: ...}` (AddTools / SetTools).
(composite_literal
  type: (qualified_type name: (type_identifier) @_record)
  body: (literal_value) @record.body
  (#eq? @_record "ServerTool")) @record

; Tool lists: `[]*mcp.Tool{{...}, ...}`, `[]server.ServerTool{{...}, ...}`.
; Each element is a tool; loops that register them are not counted again.
(composite_literal
  type: (slice_type element: [(qualified_type) @list.type (pointer_type (qualified_type) @list.type)])
  body: (literal_value) @list.body) @list

; Tables of project records: `[]toolDef{{tool: &mcp.Tool{...}, ...}}`,
; `[]struct{...}{...}`. An SDK tool literal in an element is a tool.
(composite_literal
  type: (slice_type element: [(type_identifier) (struct_type) (pointer_type (type_identifier))])
  body: (literal_value) @table.body)
