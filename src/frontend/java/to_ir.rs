//! Lowers a Java syntax tree into the evaluator's IR. Not written yet: the
//! module is empty, so a Java file is scanned but registers nothing.

use tree_sitter::Node;

use crate::ir::Module;
use crate::model::Lang;
use crate::source::FileId;

pub fn lower(file: FileId, _text: &str, _root: Node) -> Module {
    Module::new(file, Lang::Java)
}
