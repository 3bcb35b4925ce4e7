; Calls that may register an MCP tool, on any receiver:
;   server.registerTool(...)   this.server.tool(...)   srv.addTool({...})
;   server.experimental.tasks.registerToolTask(...)   agent.paidTool(...)
;   server.setRequestHandler(ListToolsRequestSchema, ...)
; registrations.rs checks the argument shapes; resolve decides from the
; receiver and the file's imports whether the call is MCP. Capture names are
; the contract with the Rust side. This file compiles for the typescript,
; tsx and javascript grammars alike.
(call_expression
  function: (member_expression
    object: (_) @call.receiver
    property: (property_identifier) @call.method)
  arguments: (arguments) @call.args
  (#match? @call.method "^(registerTool|tool|registerToolTask|addTool|addTools|paidTool|setRequestHandler)$")) @call

; Calls of project helpers that may wrap a registration:
;   registerLogged(server, "name", {...}, cb)   defineTool(...)   addSearch(server, "x", { annotations })
; registrations.rs keeps the likely ones; they count only when resolve finds
; the helper forwards to an SDK call.
(call_expression
  function: (identifier) @wrapper.callee
  arguments: (arguments) @wrapper.args) @wrapper.call

; Methods of project classes that may wrap a registration:
;   registry.register("name", {...}, cb)   this.tools.defineTool(...)
; They count only when the receiver is an instance of a class whose method
; forwards to an SDK call.
(call_expression
  function: (member_expression
    object: (_) @helper.receiver
    property: (property_identifier) @helper.method)
  arguments: (arguments) @helper.args
  (#match? @helper.method "([Tt]ool|[Rr]egister)")
  (#not-match? @helper.method "^(registerTool|tool|registerToolTask|addTool|addTools|paidTool)$")) @helper.call
