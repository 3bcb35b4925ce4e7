; Tool registrations in Python MCP servers. The Rust side (mod.rs) decides
; from imports and receivers which of these are MCP tools; these patterns only
; find the candidates cheaply. Capture names are the contract with mod.rs.

; FastMCP / MCPServer / fastmcp / project wrappers, decorator form:
;   @mcp.tool   @mcp.tool(...)   @self.mcp.tool(...)   @registry.tool(...)
;   @helpers.online_only(...) (resolve keeps only SDK methods and wrappers)
(decorated_definition
  (decorator
    [(attribute attribute: (identifier) @_method) @tool.callee
     (call function: (attribute attribute: (identifier) @_method) @tool.callee) @tool.call])
    @tool.decorator
  definition: (function_definition) @tool.function)

; Bare-name decorators: fastmcp contrib `@mcp_tool(...)`, project decorator
; factories such as `@tool(...)` or `@remote_only(...)` that forward to a
; server (resolve keeps only those bound to a forwarding wrapper).
(decorated_definition
  (decorator
    [(identifier) @tool.callee
     (call function: (identifier) @tool.callee) @tool.call])
    @tool.decorator
  definition: (function_definition) @tool.function)

; Calls: mcp.add_tool(fn, ...), mcp.tool(...)(fn), mcp.tool(fn, ...),
; Tool.from_function(fn, ...), FunctionTool(fn=..., name=...),
; types.Tool(name=...), and wrappers' inner calls.
(call
  function: (attribute attribute: (identifier) @_method) @tool.callee
  (#match? @_method "^(add_tool|tool|from_function|from_tool|Tool|FunctionTool|mcp_tool)$")) @tool.call

(call
  function: (identifier) @tool.callee
  (#match? @tool.callee "^(Tool|FunctionTool)$")) @tool.call

; Server constructors with a tool list: FastMCP("x", tools=[fn, ...]).
(call
  function: (_) @server.callee
  arguments: (argument_list
    (keyword_argument
      name: (identifier) @_kw
      value: (list) @server.tools))
  (#eq? @_kw "tools"))
