; Assignments that may bind presets, tool names or servers. mod.rs keeps the
; module-level ones (including those inside module-level `if`/`try` blocks):
;   READ_ONLY = ToolAnnotations(...)   mcp = FastMCP("x")   NAME: str = "x"
(assignment
  left: (identifier) @binding.name
  right: (_) @binding.value) @binding

; Class attributes: Enum members (`SEARCH = "search"`) and class-level presets.
(class_definition
  name: (identifier) @class.name
  body: (block
    (expression_statement
      (assignment left: (identifier) @member.name right: (_) @member.value))))

; Instance attributes: `self.mcp = FastMCP(...)`.
(assignment
  left: (attribute
    object: (identifier) @_self
    attribute: (identifier) @attr.name)
  right: (_) @attr.value
  (#eq? @_self "self"))

; Class definitions with bases: a subclass of an SDK server is a server.
(class_definition
  name: (identifier) @subclass.name
  superclasses: (argument_list . (_) @subclass.base))
