//! A node's child by field name, with the grammar's field id looked up once
//! per name. `Node::child_by_field_name` searches the field names with
//! `strncmp` on every call: a fifth of lowering a large TypeScript file.

use std::cell::RefCell;
use std::num::NonZeroU16;

use tree_sitter::{Language, Node};

pub struct Fields {
    language: Language,
    /// Field names seen so far (by address and length: every caller passes a
    /// literal) and their ids; a grammar has a few dozen.
    ids: RefCell<Vec<(usize, usize, Option<NonZeroU16>)>>,
}

impl Fields {
    /// The fields of the grammar `root` was parsed with.
    pub fn of(root: Node) -> Fields {
        Fields { language: root.language().to_owned(), ids: RefCell::new(Vec::new()) }
    }

    /// `n.child_by_field_name(name)`.
    pub fn get<'t>(&self, n: Node<'t>, name: &'static str) -> Option<Node<'t>> {
        let key = (name.as_ptr() as usize, name.len());
        let known = self.ids.borrow().iter().find(|e| (e.0, e.1) == key).map(|e| e.2);
        let id = known.unwrap_or_else(|| {
            let id = self.language.field_id_for_name(name);
            self.ids.borrow_mut().push((key.0, key.1, id));
            id
        });
        n.child_by_field_id(id?.get())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn finds_what_child_by_field_name_finds() {
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&tree_sitter_python::LANGUAGE.into()).unwrap();
        let tree = parser.parse("def f(x):\n    return x\n", None).unwrap();
        let fields = super::Fields::of(tree.root_node());
        let def = tree.root_node().child(0).unwrap();
        for name in ["name", "parameters", "body", "return_type", "no_such_field"] {
            let (a, b) = (fields.get(def, name), def.child_by_field_name(name));
            assert_eq!(a.map(|n| n.id()), b.map(|n| n.id()), "{name}");
            assert_eq!(fields.get(def, name).map(|n| n.id()), b.map(|n| n.id()), "{name}, cached");
        }
    }
}
