; ES imports: `import X, { a as b } from "m"`, `import * as ns from "m"`,
; `import x = require("m")`.
(import_statement) @import

; Re-exports: `export { X } from "m"`, `export * from "m"`, `export * as ns from "m"`.
(export_statement source: (string)) @reexport

; CommonJS: `const x = require("m")`, `const { a } = require("m")`,
; `const a = require("m").a`.
(call_expression
  function: (identifier) @_require
  arguments: (arguments . (string) @require.source)
  (#eq? @_require "require")) @require
