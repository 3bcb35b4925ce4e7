; `import "path"`, `import alias "path"`, `import . "path"`, grouped or not.
(import_spec) @import
