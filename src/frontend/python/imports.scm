; `import a.b` / `import a.b as c`
(import_statement) @import.statement

; `from a.b import c, d as e` / `from . import c` / `from .a import *`
(import_from_statement) @import.from
