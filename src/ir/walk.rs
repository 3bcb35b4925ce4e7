//! Syntactic queries over a function's IR, for facts that do not depend on
//! values (an elicitation call in a handler's body). Iterative: an
//! explicit stack, each function body visited once.

use std::collections::HashSet;

use crate::source::Span;

use super::{Arg, Element, Entry, Expr, FuncId, Import, Module, Pattern, Place, Stmt};

/// Every statement of the module: its body, every function's, and the
/// blocks nested in them (`if`, `switch`, `try`, loops).
pub fn statements(m: &Module) -> Vec<&Stmt> {
    let mut todo: Vec<&[Stmt]> = vec![&m.body];
    todo.extend(m.funcs.iter().map(|f| f.body.as_slice()));
    nested(todo)
}

/// The statements of `blocks` and of the blocks nested in them, not those
/// of the functions they define.
fn nested(mut todo: Vec<&[Stmt]>) -> Vec<&Stmt> {
    let mut out = vec![];
    while let Some(block) = todo.pop() {
        for s in block {
            out.push(s);
            match s {
                Stmt::If { then, otherwise, .. } => todo.extend([then.as_slice(), otherwise.as_slice()]),
                Stmt::Switch { cases, .. } => todo.extend(cases.iter().map(|c| c.body.as_slice())),
                Stmt::Try { body, handlers, finally, .. } => {
                    todo.extend([body.as_slice(), finally.as_slice()]);
                    todo.extend(handlers.iter().map(|h| h.as_slice()));
                }
                Stmt::ForEach { body, .. } | Stmt::While { body, .. } => todo.push(body),
                _ => {}
            }
        }
    }
    out
}

/// The local names a block assigns (`x = ...`, `let [a, b] = ...`, `for
/// x of ...`), in nested blocks too but not in the functions it defines:
/// what a loop body may change from one pass to the next.
pub fn assigned_names(block: &[Stmt]) -> Vec<&str> {
    let mut out: Vec<&str> = vec![];
    let mut todo: Vec<&[Stmt]> = vec![block];
    let mut patterns: Vec<&Pattern> = vec![];
    while let Some(block) = todo.pop() {
        for s in block {
            match s {
                Stmt::Let { target, .. } => patterns.push(target),
                Stmt::Assign { target: Place::Name(n, _), .. } => out.push(n),
                Stmt::If { then, otherwise, .. } => todo.extend([then.as_slice(), otherwise.as_slice()]),
                Stmt::Switch { cases, .. } => todo.extend(cases.iter().map(|c| c.body.as_slice())),
                Stmt::Try { body, handlers, finally, .. } => {
                    todo.extend([body.as_slice(), finally.as_slice()]);
                    todo.extend(handlers.iter().map(|h| h.as_slice()));
                }
                Stmt::ForEach { pattern, body, .. } => {
                    patterns.push(pattern);
                    todo.push(body);
                }
                Stmt::While { body, .. } => todo.push(body),
                _ => {}
            }
        }
    }
    while let Some(p) = patterns.pop() {
        match p {
            Pattern::Name(n, _) => out.push(n),
            Pattern::Object { props, rest, .. } => {
                patterns.extend(props.iter().map(|(_, p)| p));
                out.extend(rest.as_deref());
            }
            Pattern::List { items, rest, .. } => {
                patterns.extend(items.iter().flatten());
                out.extend(rest.as_deref());
            }
            Pattern::Default(inner, _) => patterns.push(inner),
            Pattern::Ignore => {}
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The imports a module runs as it loads (in its body, its branches and
/// `try` blocks), not those in functions, which run when called.
pub fn load_time_imports(m: &Module) -> Vec<&Import> {
    nested(vec![&m.body]).into_iter().filter_map(|s| if let Stmt::Import(i) = s { Some(i) } else { None }).collect()
}

/// The module's imports, wherever they are written (`try: import x
/// except ImportError: ...`, an import inside a function).
pub fn imports(m: &Module) -> Vec<&Import> {
    statements(m).into_iter().filter_map(|s| if let Stmt::Import(i) = s { Some(i) } else { None }).collect()
}

/// The names values are bound to where they are written, by the value's
/// span: `name = value` (`const name = ...`, `exports.name = ...`), an
/// object literal's entries under it (`HINTS.search`), and what a
/// module-level function without parameters returns (`fn read_only() ->
/// ToolAnnotations { ... }`: `read_only()`, the same value at every call).
/// What a preset is called where it is defined.
pub fn bound_names(m: &Module) -> Vec<(Span, String)> {
    let mut out = vec![];
    let mut todo: Vec<(String, &Expr, usize)> = vec![];
    for s in &m.body {
        let Stmt::Func(id) = s else { continue };
        let Some(f) = m.funcs.get(id.0 as usize) else { continue };
        if let (Some(name), true, [Stmt::Return { value: Some(v), .. }]) =
            (&f.name, f.params.is_empty(), f.body.as_slice())
        {
            todo.push((format!("{name}()"), v, 1));
        }
    }
    // A class's static fields by `Class.FIELD` (Java's `static final` presets).
    for c in m.classes.iter().filter(|_| m.lang == crate::model::Lang::Java) {
        let Some(class) = &c.name else { continue };
        for mem in c.members.iter().filter(|mem| mem.is_static) {
            if let super::MemberValue::Field(Some(v)) = &mem.value {
                if !matches!(v, Expr::Class(..) | Expr::Func(..)) {
                    todo.push((format!("{class}.{}", mem.name), v, 0));
                }
            }
        }
    }
    for s in statements(m) {
        match s {
            Stmt::Let { target: Pattern::Name(name, _), value, .. } => todo.push((name.clone(), value, 0)),
            Stmt::Assign { target: Place::Member { object: Expr::Name(base, _), name, .. }, value, .. } => {
                todo.push((format!("{base}.{name}"), value, 0))
            }
            _ => {}
        }
    }
    while let Some((name, value, depth)) = todo.pop() {
        // A CommonJS export is known by its exported name.
        let name = ["module.exports.", "exports."]
            .iter()
            .find_map(|p| name.strip_prefix(p))
            .map_or(name.clone(), str::to_string);
        // What only retypes a value (`as const`, `satisfies T`, `x: T = ...`).
        let mut v = value;
        loop {
            out.push((v.span(), name.clone()));
            match v {
                Expr::Typed { value, .. } => v = value,
                Expr::Unary { op: super::UnaryOp::Transparent, operand, .. } => v = operand,
                _ => break,
            }
        }
        // A table of presets (`HINTS = { search: {...} }`) names its entries;
        // a definition's own `annotations` is written inline in it.
        if let (Expr::Object { entries, .. }, 0) = (v, depth) {
            for e in entries {
                if let Entry::Pair { key, value, .. } = e {
                    if key != "annotations" {
                        todo.push((format!("{name}.{key}"), value, depth + 1));
                    }
                }
            }
        }
    }
    out
}

/// Every expression in `func`'s body, the bodies of the functions and
/// closures it defines included (a handler's `async () => ...` callback is
/// still the handler), outermost first within a statement.
pub fn expressions(module: &Module, func: FuncId, mut visit: impl FnMut(&Expr)) {
    let mut seen: HashSet<u32> = HashSet::new();
    let mut bodies = vec![func];
    while let Some(f) = bodies.pop() {
        if !seen.insert(f.0) || f.0 as usize >= module.funcs.len() {
            continue;
        }
        let mut exprs: Vec<&Expr> = vec![];
        let mut stmts: Vec<&Stmt> = module.func(f).body.iter().collect();
        for p in &module.func(f).params {
            exprs.extend(&p.default);
        }
        loop {
            if let Some(e) = exprs.pop() {
                visit(e);
                children(e, &mut exprs, &mut bodies);
            } else if let Some(s) = stmts.pop() {
                statement(s, &mut stmts, &mut exprs, &mut bodies);
            } else {
                break;
            }
        }
    }
}

/// `e` and the expressions inside it, outermost first, without entering
/// the functions it defines; at most `limit` of them.
pub fn within<'e>(e: &'e Expr, limit: usize, mut visit: impl FnMut(&'e Expr)) {
    let mut exprs = vec![e];
    let mut bodies = vec![];
    let mut n = 0;
    while let Some(x) = exprs.pop() {
        n += 1;
        if n > limit {
            break;
        }
        visit(x);
        children(x, &mut exprs, &mut bodies);
    }
}

fn statement<'m>(s: &'m Stmt, stmts: &mut Vec<&'m Stmt>, exprs: &mut Vec<&'m Expr>, bodies: &mut Vec<FuncId>) {
    match s {
        Stmt::Let { target, value, .. } => {
            exprs.push(value);
            pattern(target, exprs);
        }
        Stmt::Assign { target, value, .. } => {
            exprs.push(value);
            match target {
                Place::Name(..) => {}
                Place::Member { object, .. } => exprs.push(object),
                Place::Index { object, index, .. } => exprs.extend([object, index]),
            }
        }
        Stmt::Expr(e) => exprs.push(e),
        Stmt::Return { value, .. } => exprs.extend(value),
        Stmt::If { cond, then, otherwise, .. } => {
            exprs.push(cond);
            stmts.extend(then.iter().chain(otherwise));
        }
        Stmt::Switch { scrutinee, cases, .. } => {
            exprs.push(scrutinee);
            for c in cases {
                exprs.extend(&c.test);
                stmts.extend(&c.body);
            }
        }
        Stmt::Try { body, handlers, finally, .. } => {
            stmts.extend(body.iter().chain(handlers.iter().flatten()).chain(finally));
        }
        Stmt::ForEach { pattern: p, iter, body, .. } => {
            exprs.push(iter);
            pattern(p, exprs);
            stmts.extend(body);
        }
        Stmt::While { cond, body, .. } => {
            exprs.push(cond);
            stmts.extend(body);
        }
        Stmt::Func(id) => bodies.push(*id),
        Stmt::Break(_)
        | Stmt::Throw(_)
        | Stmt::Continue(_)
        | Stmt::Class(_)
        | Stmt::Import(_)
        | Stmt::ImportType(_)
        | Stmt::Export { .. }
        | Stmt::Unsupported(_) => {}
    }
}

fn pattern<'m>(p: &'m Pattern, exprs: &mut Vec<&'m Expr>) {
    let mut todo = vec![p];
    while let Some(p) = todo.pop() {
        match p {
            Pattern::Object { props, .. } => todo.extend(props.iter().map(|(_, p)| p)),
            Pattern::List { items, .. } => todo.extend(items.iter().flatten()),
            Pattern::Default(inner, default) => {
                todo.push(inner);
                exprs.push(default);
            }
            Pattern::Name(..) | Pattern::Ignore => {}
        }
    }
}

fn children<'m>(e: &'m Expr, exprs: &mut Vec<&'m Expr>, bodies: &mut Vec<FuncId>) {
    let args = |args: &'m [Arg], exprs: &mut Vec<&'m Expr>| exprs.extend(args.iter().map(|a| &a.value));
    let entries = |entries: &'m [Entry], exprs: &mut Vec<&'m Expr>| {
        for en in entries {
            match en {
                Entry::Pair { value, .. } => exprs.push(value),
                Entry::Computed { key, value } => exprs.extend([key, value]),
                Entry::Spread(v) => exprs.push(v),
            }
        }
    };
    match e {
        Expr::Member { object, .. } => exprs.push(object),
        Expr::Index { object, index, .. } => exprs.extend([&**object, &**index]),
        Expr::Call { callee, args: a, .. } => {
            exprs.push(callee);
            args(a, exprs);
        }
        Expr::New { class, args: a, .. } => {
            exprs.push(class);
            args(a, exprs);
        }
        Expr::Object { entries: en, .. } => entries(en, exprs),
        Expr::Struct { ty, entries: en, .. } => {
            exprs.push(ty);
            entries(en, exprs);
        }
        Expr::List { items, .. } => exprs.extend(items.iter().map(|i| match i {
            Element::Item(e) | Element::Spread(e) => e,
        })),
        Expr::Func(id, _) => bodies.push(*id),
        Expr::Unary { operand, .. } => exprs.push(operand),
        Expr::Binary { left, right, .. } => exprs.extend([&**left, &**right]),
        Expr::Cond { test, then, otherwise, .. } => exprs.extend([&**test, &**then, &**otherwise]),
        Expr::Concat { parts, .. } => exprs.extend(parts),
        Expr::Typed { value, .. } => exprs.push(value),
        Expr::Lit(..) | Expr::Name(..) | Expr::This(_) | Expr::Super(_) | Expr::Class(..) | Expr::Unknown(_) => {}
    }
}
