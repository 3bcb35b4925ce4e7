//! Package scopes (Go): the files of one package share their top-level
//! names, each keeping its own imports. Every file runs in a frame of its
//! own whose parent is the package's; what a file binds at its top level,
//! imports apart, moves up into the package frame, so functions of every
//! file see each other's names.
//!
//! Go initialises package-level variables in dependency order, whatever
//! the file: declarations (functions, types, methods) of every file run
//! first, then the variables of every file, twice, so one that reads a
//! variable of a later file sees it the second time (deeper chains stay
//! unknown; registrations made twice are one).

use std::collections::HashSet;
use std::rc::Rc;

use super::interp::{Activation, FrameRef, Interp, ModState};
use super::value::{ClassVal, Closure, Frame, PendingCall, Value};
use crate::ir::{ClassKind, FuncKind, Stmt};
use crate::model::Lang;
use crate::source::Span;

/// Passes over a package's variables.
const VALUE_PASSES: usize = 2;

impl Interp<'_> {
    /// The package frame of `members` (which holds `idx`), running every
    /// member file the first time.
    pub(super) fn eval_package(&mut self, idx: usize, members: &[usize]) -> Option<FrameRef> {
        let leader = *members.first()?;
        if let Some(frame) = self.packages.get(&leader) {
            return Some(frame.clone());
        }
        let package = self.frame(Frame { module: idx, ..Frame::default() });
        self.packages.insert(leader, package.clone());
        let mut files = vec![];
        for &m in members {
            if !matches!(self.module_state[m], ModState::NotStarted) {
                continue;
            }
            self.module_state[m] = ModState::InProgress(None);
            let frame = self.frame(Frame { module: m, parent: Some(package.clone()), ..Frame::default() });
            let imports: HashSet<String> = self.modules[m]
                .body
                .iter()
                .filter_map(|s| match s {
                    Stmt::Import(i) => Some(i.local.clone()),
                    _ => None,
                })
                .collect();
            files.push((m, frame, imports));
        }
        self.active.push(package.clone());
        let mut defined_before = self.definitions.len();
        for pass in 0..=VALUE_PASSES {
            // Records a variable made on an earlier pass are replaced by
            // this pass's: only the last pass's definitions are tools.
            if pass > 1 {
                self.definitions.truncate(defined_before);
            }
            defined_before = self.definitions.len();
            for (m, frame, imports) in &files {
                let modules = self.modules;
                let body = &modules[*m].body;
                let mut act = Activation { frame: frame.clone(), returns: vec![], class: None };
                self.active.push(frame.clone());
                for stmt in body {
                    let is_value = matches!(stmt, Stmt::Let { .. } | Stmt::Assign { .. } | Stmt::Expr(_));
                    // Classes are made after every file's other declarations
                    // (their bases may be imported), bases first.
                    if is_value != (pass > 0) || matches!(stmt, Stmt::Class(_)) {
                        continue;
                    }
                    self.exec_block(&mut act, std::slice::from_ref(stmt));
                    self.move_up(frame, &package, imports);
                }
                self.active.pop();
            }
            if pass == 0 {
                let modules = self.modules;
                for (i, stmt) in Self::classes_bases_first(modules, &files) {
                    let (_, frame, imports) = &files[i];
                    let mut act = Activation { frame: frame.clone(), returns: vec![], class: None };
                    self.active.push(frame.clone());
                    self.exec_block(&mut act, std::slice::from_ref(stmt));
                    self.move_up(frame, &package, imports);
                    self.active.pop();
                }
            }
        }
        self.active.pop();
        for (m, frame, _) in &files {
            self.module_state[*m] = ModState::Done(frame.clone());
        }
        self.bind_late_imports(members, &package);
        for (m, frame, _) in &files {
            self.run_inits(*m, frame);
        }
        Some(package)
    }
}

impl Interp<'_> {
    /// The class declarations of a package's files, as (file, statement),
    /// each after the classes of the package its bases name: C#, Java and
    /// Kotlin declare types in no order, and a class reads its bases when it
    /// is made. A cycle keeps the rest in file order.
    fn classes_bases_first<'m>(
        modules: &'m [std::sync::Arc<crate::ir::Module>],
        files: &[(usize, FrameRef, HashSet<String>)],
    ) -> Vec<(usize, &'m Stmt)> {
        let mut left: Vec<(usize, &'m Stmt, Option<&'m str>, Vec<&'m str>)> = vec![];
        for (i, (m, _, _)) in files.iter().enumerate() {
            let module = &modules[*m];
            for stmt in &module.body {
                let Stmt::Class(id) = stmt else { continue };
                let class = module.class(*id);
                let bases = class
                    .bases
                    .iter()
                    .filter_map(|b| match b {
                        crate::ir::Expr::Name(n, _) => Some(n.as_str()),
                        crate::ir::Expr::Member { name, .. } => Some(name.as_str()),
                        _ => None,
                    })
                    .collect();
                left.push((i, stmt, class.name.as_deref(), bases));
            }
        }
        let mut out = vec![];
        while !left.is_empty() {
            let waits =
                |k: usize| left[k].3.iter().any(|b| left.iter().enumerate().any(|(j, o)| j != k && o.2 == Some(*b)));
            let next = (0..left.len()).find(|&k| !waits(k)).unwrap_or(0);
            let (i, stmt, _, _) = left.remove(next);
            out.push((i, stmt));
        }
        out
    }

    /// Go runs each file's `func init()` once its package's variables are
    /// initialised, before `main`; a package's imports are loaded (so
    /// initialised) first, which is Go's dependency order. What they write
    /// to package variables (a registry a helper appends to) is seen in
    /// order, as on any call, not joined as a root's writes are.
    fn run_inits(&mut self, m: usize, file: &FrameRef) {
        if self.modules[m].lang != Lang::Go {
            return;
        }
        let modules = self.modules;
        for stmt in &modules[m].body {
            let Stmt::Func(id) = stmt else { continue };
            let f = modules[m].func(*id);
            if f.name.as_deref() != Some("init") || !f.params.is_empty() || f.kind != FuncKind::Plain {
                continue;
            }
            let closure = Closure::new(m, *id, Some(file.clone()), None);
            // No call site: an empty span where the function starts.
            let at = Span { end: f.span.start, ..f.span };
            self.invoke(&closure, None, PendingCall::new(at), at);
        }
    }

    /// Moves what a file bound, imports apart, into its package's frame.
    /// Methods declared apart from their type (an `Impl` block of another
    /// file) join it: the type's class gets the block as a base.
    fn move_up(&mut self, file: &FrameRef, package: &FrameRef, imports: &HashSet<String>) {
        let mut file = file.borrow_mut();
        let moved: Vec<_> = file.vars.keys().filter(|k| !imports.contains(&***k)).cloned().collect();
        for k in moved {
            let Some(v) = file.vars.remove(&k) else { continue };
            let old = package.borrow().vars.get(&k).cloned();
            // A Kotlin overload's first declaration of a count is `name#N`
            // ([`Interp::overload`]): a later one of that count is not.
            if old.is_some() && k.contains('#') && self.modules[file.module].lang == Lang::Kotlin {
                continue;
            }
            let v = match (old, v) {
                (Some(Value::Class(a)), Value::Class(b)) if self.is_impl(&a) != self.is_impl(&b) => {
                    let (ty, block) = if self.is_impl(&a) { (b, a) } else { (a, b) };
                    let mut bases = ty.bases.clone();
                    bases.push(Value::Class(block));
                    let merged = Rc::new(ClassVal {
                        bases,
                        statics: ty.statics.clone(),
                        env: ty.env.clone(),
                        name: ty.name.clone(),
                        ..*ty
                    });
                    // The type as declared is the merged one: only it runs as a root.
                    self.classes.retain(|c| !Rc::ptr_eq(c, &ty));
                    self.classes.push(merged.clone());
                    Value::Class(merged)
                }
                // The parts of a C# `partial` class in two files: one class.
                (Some(Value::Class(a)), Value::Class(b)) if self.partial_parts(&a, &b) => {
                    let mut bases = a.bases.clone();
                    bases.push(Value::Class(b));
                    let merged = Rc::new(ClassVal {
                        bases,
                        statics: a.statics.clone(),
                        env: a.env.clone(),
                        name: a.name.clone(),
                        ..*a
                    });
                    self.classes.retain(|c| !Rc::ptr_eq(c, &a));
                    self.classes.push(merged.clone());
                    Value::Class(merged)
                }
                (_, v) => v,
            };
            package.borrow_mut().vars.insert(k, v);
        }
    }

    /// Two C# classes of one name in one project: parts of a `partial` class.
    fn partial_parts(&self, a: &Rc<ClassVal>, b: &Rc<ClassVal>) -> bool {
        let lang = |c: &ClassVal| self.modules[c.module].lang;
        !Rc::ptr_eq(a, b) && lang(a) == Lang::CSharp && lang(b) == Lang::CSharp && !self.is_impl(a) && !self.is_impl(b)
    }

    fn is_impl(&self, c: &ClassVal) -> bool {
        self.modules[c.module].class(c.class).kind == ClassKind::Impl
    }
}
