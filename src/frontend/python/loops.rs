//! Registrations in a `for` loop or comprehension over a literal: one tool
//! per element, with the loop variables bound to the element.

use tree_sitter::Node;

use super::inline::mentions;
use super::lower::{enclosing_functions, local_assignment, named_children};
use super::Cx;
use crate::model::{Arg, Entry, Expr, Spread};

impl<'a, 't> Cx<'a, 't> {
    /// `**{...}` arguments (a literal, or a module constant of this file bound
    /// to one) become keyword arguments; other splats stay as they are.
    pub(super) fn flatten_splats(&self, args: Vec<Arg>, at: Node) -> Vec<Arg> {
        let mut out = Vec::new();
        for a in args {
            if a.spread != Spread::Map {
                out.push(a);
                continue;
            }
            let value = match &a.value {
                Expr::Ref { path, .. } if path.len() == 1 && !self.shadowed(&path[0], at) => self
                    .module_assignment(&path[0])
                    .filter(|v| v.kind() == "dictionary")
                    .map(|v| self.lower.expr(v))
                    .unwrap_or(a.value.clone()),
                v => v.clone(),
            };
            let Expr::Object { entries, .. } = &value else {
                out.push(a);
                continue;
            };
            for e in entries {
                match e {
                    Entry::Pair { key, key_span, value } => out.push(Arg {
                        keyword: Some(key.clone()),
                        keyword_span: Some(*key_span),
                        value: value.clone(),
                        spread: Spread::No,
                    }),
                    Entry::Spread(v) => {
                        out.push(Arg { keyword: None, keyword_span: None, value: v.clone(), spread: Spread::Map })
                    }
                }
            }
        }
        out
    }

    /// One argument list per iteration of an enclosing loop over a literal
    /// list (see [`Cx::loop_iterations`]), or just `args` outside one.
    pub(super) fn per_iteration(&self, at: Node, args: Vec<Arg>) -> Vec<Vec<Arg>> {
        match self.loop_iterations(at, &args) {
            Some(iterations) => iterations.iter().map(|bound| super::inline::substitute_args(&args, bound)).collect(),
            None => vec![args],
        }
    }

    /// The loop variables of each iteration of the `for` statement around
    /// `at` (inside the same function), when the registration uses them and
    /// the loop runs over a literal list, tuple or dict (or a name bound to
    /// one in this file, or its `.values()` / `.items()` / `.keys()`).
    pub(super) fn loop_iterations(&self, at: Node, args: &[Arg]) -> Option<Vec<Vec<(String, Expr)>>> {
        let mut cur = at.parent();
        let stmt = loop {
            let p = cur?;
            match p.kind() {
                "for_statement" => break p,
                // `[Tool(name=d["name"], ...) for d in DEFS]`: one clause, no filter.
                "list_comprehension" | "generator_expression" | "set_comprehension" => {
                    let clauses: Vec<Node> = named_children(p).skip(1).collect();
                    match clauses[..] {
                        [clause] if clause.kind() == "for_in_clause" => break clause,
                        _ => return None,
                    }
                }
                "function_definition" | "class_definition" | "lambda" => return None,
                _ => cur = p.parent(),
            }
        };
        let target = stmt.child_by_field_name("left")?;
        let names = self.pattern_names(target)?;
        if !args.iter().any(|a| mentions(&a.value, &names)) {
            return None;
        }
        let right = stmt.child_by_field_name("right")?;
        // `X.values()` / `X.items()` / `X.keys()` on a dict, or the iterable itself.
        let (collection, view) = match right.kind() {
            "call" => {
                let f = right.child_by_field_name("function").filter(|f| f.kind() == "attribute")?;
                let no_args = right.child_by_field_name("arguments").is_some_and(|a| a.named_child_count() == 0);
                let view = self.text(f.child_by_field_name("attribute")?);
                if !no_args || !matches!(view, "values" | "items" | "keys") {
                    return None;
                }
                (f.child_by_field_name("object")?, Some(view))
            }
            _ => (right, None),
        };
        let literal = match collection.kind() {
            "identifier" => {
                let name = self.text(collection);
                enclosing_functions(stmt)
                    .into_iter()
                    .find_map(|f| local_assignment(f, name, stmt.start_byte(), self.lower.text))
                    .or_else(|| self.module_assignment(name))?
            }
            _ => collection,
        };
        let mut iterations = Vec::new();
        let elements: Vec<Node> = named_children(literal).filter(|n| n.kind() != "comment").collect();
        if elements.len() > 256 {
            return None;
        }
        for e in elements {
            let mut bound = Vec::new();
            match (literal.kind(), view) {
                ("list" | "tuple", None) => self.bind_pattern(target, e, &mut bound)?,
                ("dictionary", Some(v)) => {
                    if e.kind() != "pair" {
                        return None;
                    }
                    let (key, value) = (e.child_by_field_name("key")?, e.child_by_field_name("value")?);
                    match v {
                        "values" => self.bind_pattern(target, value, &mut bound)?,
                        "keys" => self.bind_pattern(target, key, &mut bound)?,
                        _ => {
                            let [k, v] = self.pattern_parts(target)?[..] else { return None };
                            self.bind_pattern(k, key, &mut bound)?;
                            self.bind_pattern(v, value, &mut bound)?;
                        }
                    }
                }
                _ => return None,
            }
            iterations.push(bound);
        }
        Some(iterations)
    }

    /// The sub-patterns of `a, b` / `(a, b)` / `[a, b]`.
    fn pattern_parts(&self, target: Node<'t>) -> Option<Vec<Node<'t>>> {
        match target.kind() {
            "pattern_list" | "tuple_pattern" | "list_pattern" => Some(named_children(target).collect()),
            _ => None,
        }
    }

    fn pattern_names(&self, target: Node) -> Option<Vec<String>> {
        match target.kind() {
            "identifier" => Some(vec![self.text(target).to_string()]),
            _ => {
                let mut out = Vec::new();
                for p in self.pattern_parts(target)? {
                    out.extend(self.pattern_names(p)?);
                }
                Some(out)
            }
        }
    }

    /// Bind a loop target to one element: a name takes the element, a tuple
    /// pattern takes a tuple or list of the same length.
    fn bind_pattern(&self, target: Node, value: Node, bound: &mut Vec<(String, Expr)>) -> Option<()> {
        if target.kind() == "identifier" {
            bound.push((self.text(target).to_string(), self.lower.expr(value)));
            return Some(());
        }
        let parts = self.pattern_parts(target)?;
        let value = if value.kind() == "parenthesized_expression" { named_children(value).next()? } else { value };
        if !matches!(value.kind(), "tuple" | "list") {
            return None;
        }
        let values: Vec<Node> = named_children(value).filter(|n| n.kind() != "comment").collect();
        if values.len() != parts.len() {
            return None;
        }
        for (p, v) in parts.into_iter().zip(values) {
            self.bind_pattern(p, v, bound)?;
        }
        Some(())
    }
}
