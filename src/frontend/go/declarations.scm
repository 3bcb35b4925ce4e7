; Package-level declarations: presets and tool objects (`var`/`const`),
; input structs (`type`), pointer helpers, tool-returning functions,
; forwarding helpers and handlers (`func`). Locals are lowered where used.
(source_file (var_declaration) @var)
(source_file (const_declaration) @const)
(source_file (type_declaration (type_spec name: (type_identifier) @type.name type: (struct_type) @type.struct)))
(source_file (function_declaration) @function)
(source_file (method_declaration) @method)
