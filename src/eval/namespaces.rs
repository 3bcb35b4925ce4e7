//! A JavaScript module's namespace object (`import * as all from "./x"`)
//! when its members are enumerated: `Object.values(all)`, `{ ...all }`.
//!
//! Its members are the module's exports, not every name it binds: each
//! [`Stmt::Export`] mark, then what each `export * from` (an import of `*`)
//! re-exports, `default` aside, where no explicit export or other star
//! gives the name another value (ECMAScript's `GetExportedNames` and
//! `ResolveExport`: a name two stars give differently is ambiguous and
//! left out). A name exported but bound to nothing is a type (TypeScript
//! erases it). Keys are in code-unit order, as the namespace object lists
//! them. A CommonJS module's namespace is its exports object. A star from
//! outside the program leaves the namespace incomplete: what it adds is
//! unknown.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::ir::{Stmt, CJS_EXPORTS};
use crate::model::Lang;
use crate::source::Span;

use super::interp::{Interp, Link};
use super::value::{Obj, Value};

/// Re-exports through more stars than this are not followed.
const MAX_STAR_DEPTH: usize = 16;

type Entries = Vec<(Rc<str>, Value, Option<Span>)>;

impl Interp<'_> {
    /// `v` itself, or, for a JavaScript module value, its namespace object.
    pub(super) fn as_namespace(&mut self, v: Value) -> Value {
        let Value::Module(m, span) = v else { return v };
        if !matches!(self.modules[m].lang, Lang::TypeScript | Lang::JavaScript) {
            return v;
        }
        let mut seen = vec![];
        match self.exports_of(m, &mut seen, 0) {
            Some((entries, complete)) => {
                let mut obj = Obj::new(span);
                obj.complete = complete;
                for (k, v, at) in entries {
                    obj.set(&k, v, at);
                }
                Value::Object(Rc::new(RefCell::new(obj)))
            }
            None => Value::Unknown(span),
        }
    }

    /// The exports of module `m`, sorted by name, and whether they are all
    /// known; `None` when the module cannot be run now (an import cycle).
    fn exports_of(&mut self, m: usize, seen: &mut Vec<usize>, depth: usize) -> Option<(Entries, bool)> {
        if seen.contains(&m) {
            // Reached again through stars: it adds nothing new.
            return Some((vec![], true));
        }
        if depth > MAX_STAR_DEPTH {
            self.exhausted = true;
            return Some((vec![], false));
        }
        seen.push(m);
        let frame = self.eval_module(m)?;
        let cjs = frame.borrow().vars.get(CJS_EXPORTS).cloned();
        if let Some(exports) = cjs {
            return Some(match exports {
                Value::Object(o) => (o.borrow().entries.clone(), o.borrow().complete),
                _ => (vec![], false),
            });
        }
        let module = self.modules[m].clone();
        let mut explicit: Entries = vec![];
        let mut stars = vec![];
        for stmt in &module.body {
            match stmt {
                Stmt::Export { exported, span, .. } => {
                    let bound = frame.borrow().vars.get(exported.as_str()).cloned();
                    if let (Some(v), false) = (bound, explicit.iter().any(|(k, _, _)| **k == **exported)) {
                        explicit.push((exported.as_str().into(), v, Some(*span)));
                    }
                }
                Stmt::Import(imp) if imp.local == "*" => stars.push(imp),
                _ => {}
            }
        }
        let mut complete = true;
        // Per name: the value the stars give it, or `None` once two disagree.
        let mut starred: HashMap<Rc<str>, (Option<Value>, Option<Span>)> = HashMap::new();
        for imp in stars {
            let target = match self.linker.resolve(m, imp) {
                Link::Member(t, _) | Link::Module(t) => t,
                Link::External => {
                    complete = false;
                    continue;
                }
            };
            let Some((entries, known)) = self.exports_of(target, seen, depth + 1) else {
                complete = false;
                continue;
            };
            complete &= known;
            for (k, v, at) in entries {
                if &*k == "default" || explicit.iter().any(|(e, _, _)| *e == k) {
                    continue;
                }
                let slot = starred.entry(k).or_insert_with(|| (Some(v.clone()), at));
                if slot.0.as_ref().is_some_and(|old| !old.same(&v)) {
                    slot.0 = None;
                }
            }
        }
        let mut out = explicit;
        out.extend(starred.into_iter().filter_map(|(k, (v, at))| v.map(|v| (k, v, at))));
        out.sort_by(|a, b| a.0.cmp(&b.0));
        Some((out, complete))
    }
}
