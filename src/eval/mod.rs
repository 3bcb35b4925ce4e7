//! One abstract interpreter for every language: runs the lowered IR of a
//! whole program and records each SDK registration it reaches, with the
//! values of the tool's name, title, description and annotations.
//!
//! - Values: literals, objects, lists, closures, bound methods, classes and
//!   instances (fields, getters, statics, inheritance, `super`), modules,
//!   SDK values, and unknown-with-a-span ([`value::Value`]).
//! - Calls into project functions run with the call's arguments
//!   (context-sensitive), memoised when the arguments are primitives.
//! - Branches give alternatives ([`value::Value::OneOf`]); loops over known
//!   lists are unrolled; everything is bounded by [`budget::Budget`].
//! - SDKs are data ([`sdk`]): the interpreter only follows table rows.
//! - Functions nothing calls (callbacks handed to frameworks, exported
//!   helpers, methods of classes built elsewhere) run afterwards as roots
//!   with unknown arguments — typed parameters (`mcp: FastMCP`) are values
//!   of their type — so a registration inside them is still reached.
//!
//! Not wired into `lint` yet: the frontends still lower to `model::Expr`.
//! Lowering Python and TypeScript into [`crate::ir`] is the next step.

mod attributes;
mod beans;
pub mod budget;
mod builders;
mod calls;
mod concat;
mod conventions;
mod csharp_collections;
mod data_files;
mod definitions;
mod dynamic_imports;
mod inputs;
pub mod interp;
pub mod listing;
mod maps;
mod marked;
mod mount_graph;
mod mounts;
mod namespaces;
mod numbers;
mod packages;
mod paths;
mod properties;
mod python_containers;
mod queued;
mod receivers;
mod records;
mod reflection;
mod regex_replace;
mod relations;
mod rust_inputs;
pub mod sdk;
mod shapes;

mod signature;
mod state;
mod str_methods;
mod tool_objects;
mod type_forms;
pub mod value;

#[cfg(test)]
pub(crate) mod tests;

use std::rc::Rc;
use std::sync::Arc;

use crate::ir::{self, FuncKind, MemberValue, ParamKind};
use crate::source::Span;

pub use budget::Budget;
use interp::{Activation, Frame};
pub use interp::{Interp, Link, Linker};
pub use paths::normpath;
use value::{Closure, PendingCall, Value};

/// An SDK registration reached by evaluation.
#[derive(Clone, Debug)]
pub struct Registration {
    pub api: &'static str,
    /// The SDK value the registration was made through (`server.tool`).
    pub site: Span,
    /// The registering call itself.
    pub call: Span,
    /// Call sites of the project functions on the stack, outermost first:
    /// where a helper was called with the literal that names the tool.
    pub stack: Vec<Span>,
    /// Where the tool record it registers was written, when it was made
    /// elsewhere ([`value::Obj::made_in`]).
    pub made_in: Vec<Span>,
    /// Where that record is written.
    pub record_at: Option<Span>,
    pub name: Option<Value>,
    /// The argument the name was read from (`None` when it came from the handler).
    pub name_at: Option<Span>,
    pub title: Option<Value>,
    pub description: Option<Value>,
    pub annotations: Option<Value>,
    /// The argument the annotations were read from.
    pub annotations_at: Option<Span>,
    /// Where annotations would be written when the registration gives
    /// none (for `--fix`): the registering call when the SDK reads them
    /// from one of its arguments, or the record literal it reads them from.
    pub slot: Option<Span>,
    pub inputs: Inputs,
    /// Paths to the input schema read off the handler's parameter types
    /// once the program has run ([`sdk::Path::WrappedInput`]): every item
    /// is declared by then, in whatever order the source wrote them (a
    /// Rust struct named by `Parameters<T>` may follow the function).
    pub(crate) inputs_later: &'static [sdk::Path],
    pub handler: Option<Value>,
    /// Where the handler was handed to the outermost project call that
    /// received it (`@exposed` above `def f`), if one did.
    pub handed_at: Option<Span>,
    /// For a handler defined in another file than the registering call:
    /// where it was first handed to a project call (a recording decorator,
    /// `@workshop_tool()`, whose registry a loop registers later).
    pub declared_at: Option<Span>,
    /// Reached while running a function nothing called, with unknown arguments.
    pub from_root: bool,
    /// The name is unknown because it comes from such a function's
    /// parameters, and so does the server: the registration forwards what
    /// its callers pass.
    pub name_from_params: bool,
    /// The name is unknown because it comes from a root's parameters (the
    /// server may be the function's own): what a caller may pass.
    pub name_param_derived: bool,
    /// Inside how many branches of unknown condition it was made: a later
    /// change to it made deeper than that happens on some paths only.
    pub branches: usize,
    /// The server it was made on, where a constructor made that server
    /// ([`value::SdkValue::instance`]): what a mount names ([`mounts`]).
    pub server: Option<Span>,
    /// The SDK makes the tools at run time from data the source does not
    /// hold (an OpenAPI description, [`sdk::Effect::ReturnsGenerating`]):
    /// one registration stands for all of them, every part unknown.
    pub generated: bool,
    /// Reached from a root whose parameters give its name or hints: the
    /// callers that pass them are missing from the run (a file the keyword
    /// pre-filter skipped may hold them, [`crate::resolve`]).
    pub callers_matter: bool,
}

/// Where a registration's parameters come from.
#[derive(Clone, Debug)]
pub enum Inputs {
    /// The SDK reads them off the handler, or the table does not say.
    Handler,
    /// The input schema the SDK was given: its keys are the parameters.
    Schema(Value),
    /// The SDK takes an input schema and none was given: no parameters.
    NoSchema,
    /// Read off a Python handler's signature after the run
    /// ([`inputs`]): its parameters and its input models' fields, `None`
    /// when a type could not be followed.
    Read(Option<Vec<String>>),
}

pub struct Outcome {
    pub registrations: Vec<Registration>,
    /// Some budget ran out: unknown values may be due to it.
    pub exhausted: bool,
    /// Statements and expressions the run evaluated (what the budget counts).
    pub steps: u64,
    /// Registering calls of tools declared on methods of classes nothing
    /// serves ([`sdk::Effect::RegisterOwned`]).
    pub unserved: Vec<Span>,
    /// Registering calls that made a tool from a method nobody knows
    /// (`McpServerTool.Create(method, ...)` over reflected methods) in a
    /// program that declares attributed tools: those are the tools it
    /// serves, each where its attribute is, so these copies are not.
    pub reflected: Vec<Span>,
    /// What the values above may still reach: emptied when this is dropped.
    pub frames: interp::Frames,
}

/// The modules in the order they are run: first those no other module
/// imports (where a runtime starts), then the rest. A module others import
/// runs when the first of them imports it, so an import cycle is entered
/// where the program enters it: entered at another of its modules, a class
/// the cycle reaches would be read before it is bound.
fn entries_first(modules: &[Arc<ir::Module>], linker: &dyn Linker) -> Vec<usize> {
    let mut imported = vec![false; modules.len()];
    for (idx, m) in modules.iter().enumerate() {
        // An import inside a function runs when it is called, long after
        // the modules loaded: it makes no module an entry's.
        for imp in ir::walk::load_time_imports(m) {
            if let Link::Module(to) | Link::Member(to, _) = linker.resolve(idx, imp) {
                if to != idx && to < imported.len() {
                    imported[to] = true;
                }
            }
        }
    }
    let (entries, rest): (Vec<usize>, Vec<usize>) = (0..modules.len()).partition(|&i| !imported[i]);
    entries.into_iter().chain(rest).collect()
}

/// Runs every module, then every function and class nothing ran.
pub fn run(modules: &[Arc<ir::Module>], linker: &dyn Linker, budget: Budget) -> Outcome {
    let mut it = Interp::new(modules, linker, budget);
    for idx in entries_first(modules, linker) {
        it.eval_module(idx);
    }
    for idx in 0..modules.len() {
        it.module_conventions(idx);
    }
    it.run_listings();
    it.in_root = true;
    for _ in 0..budget.max_root_rounds {
        let ran = run_roots(&mut it);
        if !(it.run_listings() || ran) {
            break;
        }
    }
    // Listed again after the roots ran: only what the first listing did not
    // list is new (a tool a handler switched on).
    let before = it.registrations.len();
    it.rerun_listings();
    it.register_definitions();
    let key = |r: &Registration| match &r.name {
        Some(value::Value::Str(n, _)) => Some((r.call, n.to_string())),
        _ => None,
    };
    let mut seen: std::collections::HashSet<_> = it.registrations[..before].iter().filter_map(key).collect();
    let mut i = 0;
    it.registrations.retain(|r| {
        i += 1;
        i <= before || key(r).is_none_or(|k| seen.insert(k))
    });
    drop_unnamed_twins(&mut it.registrations);
    it.apply_mounts();
    it.read_inputs();
    let exhausted = it.exhausted;
    let unserved = it.serving.unserved();
    let reflected = it.serving.reflected_copies(&it.registrations);
    Outcome { registrations: it.registrations, exhausted, steps: it.steps, unserved, reflected, frames: it.frames }
}

/// A registration reached from several callers, named by one and not by
/// another (`create()` beside `create(namespace=env)`, where the other
/// caller's prefix is set at run time), is one tool: an unnamed twin (the
/// same call and the same handler function, other callers) is dropped.
/// Registrations reached with the same callers (a loop over a list, one
/// element of which is unknown) or with other handlers are kept.
fn drop_unnamed_twins(registrations: &mut Vec<Registration>) {
    type Key = (Span, usize, ir::FuncId);
    let key = |r: &Registration| match &r.handler {
        Some(Value::Func(c) | Value::Bound(c, _)) => Some((r.call, c.module, c.func)),
        _ => None,
    };
    let mut named: std::collections::HashMap<Key, Vec<&[Span]>> = std::collections::HashMap::new();
    for r in registrations.iter() {
        if let (Some(Value::Str(..)), Some(k)) = (&r.name, key(r)) {
            named.entry(k).or_default().push(&r.stack);
        }
    }
    let drop: Vec<bool> = registrations
        .iter()
        .map(|r| {
            !matches!(r.name, Some(Value::Str(..)))
                && key(r)
                    .and_then(|k| named.get(&k))
                    .is_some_and(|stacks| stacks.iter().any(|s| *s != r.stack.as_slice()))
        })
        .collect();
    let mut i = 0;
    registrations.retain(|_| {
        i += 1;
        !drop[i - 1]
    });
}

/// Frames one closure definition is run as a root for in one round of
/// roots, at most (each call of the helper that makes it is one). The step
/// budget bounds the whole; this keeps one definition from taking it.
/// Counted over all rounds, 32 lost most of a monorepo's apps (one kit's
/// closures, made again in each round).
const MAX_CLOSURE_ROOTS: usize = 32;

/// Closures of one definition kept to be run as roots, at most: more than
/// the rounds of roots could run ([`MAX_CLOSURE_ROOTS`] each). A lambda in
/// a loop the run goes through often was made a million times in a
/// 300-file Kotlin build, each holding its frame: 880 MB.
pub(super) const MAX_KEPT_CLOSURES: usize = 4 * MAX_CLOSURE_ROOTS * 4;

/// One round of roots; false when there was nothing left to run.
fn run_roots(it: &mut Interp) -> bool {
    let mut ran = false;
    // Classes first: the most derived ones, so inherited methods see the
    // subclass's fields. A class some other class extends runs through it.
    let classes = it.classes.clone();
    // Collected once: asking each class whether any other extends it was
    // quadratic in the classes a run makes (a fuzzed 1 KB file made enough
    // for 98 s).
    let bases: std::collections::HashSet<*const value::ClassVal> = classes
        .iter()
        .flat_map(|c| c.bases.iter())
        .filter_map(|b| match b {
            Value::Class(b) => Some(Rc::as_ptr(b)),
            _ => None,
        })
        .collect();
    for class in &classes {
        let key = (class.module, class.class);
        let extended = bases.contains(&Rc::as_ptr(class));
        if extended || !it.constructed.insert(key) {
            continue;
        }
        ran = true;
        // A bean is the container's one instance, its constructor injected.
        let bean = it.is_bean(class);
        if bean {
            let inst = it.as_root(|it| it.bean(class, class.span));
            run_methods(it, class, &inst, true);
            continue;
        }
        let ctor_args = it
            .modules
            .get(class.module)
            .and_then(|m| {
                let decl = m.class(class.class);
                decl.members.iter().find_map(|mem| match mem.value {
                    MemberValue::Method(id) if m.func(id).kind == FuncKind::Constructor || mem.name == "__init__" => {
                        Some(id)
                    }
                    _ => None,
                })
            })
            .map(|id| root_args(it, class.module, id, class.env.clone(), class.span, false))
            .unwrap_or_else(|| empty(class.span));
        let inst = it.as_root(|it| it.construct(class, ctor_args, class.span));
        // A Go struct's methods run on a receiver nobody built here: its
        // fields are unknown, and what they hold is what callers set.
        if let Value::Instance(i) = &inst {
            let kind = it.modules[class.module].class(class.class).kind;
            // A Java interface's default methods run on some implementation
            // nobody made here: what they call on `this` is the callers'.
            let java_interface =
                kind == ir::ClassKind::Interface && it.modules[class.module].lang == crate::model::Lang::Java;
            if (kind == ir::ClassKind::Struct || java_interface) && i.fields.borrow().entries.is_empty() {
                i.fields.borrow_mut().complete = false;
                it.from_params.insert(i.span);
                it.declared_params.insert(i.span);
            }
        }
        run_methods(it, class, &inst, false);
    }
    // Each closure nobody called runs, once per frame it closes over: a
    // helper called once per app (`createHandler(options)`) makes one
    // handler per app, each holding that app's `options`, and the one a
    // root run made with unknown arguments must not stand in for them. A
    // definition runs for at most [`MAX_CLOSURE_ROOTS`] frames a round
    // (each round's runs make closures of their own, run in the next).
    let closures = it.closures.clone();
    let mut per_definition: std::collections::HashMap<(usize, ir::FuncId), usize> = Default::default();
    for c in closures {
        let env = c.env_id();
        if it.invoked_in.contains(&(c.module, c.func, env)) {
            continue;
        }
        let runs = per_definition.entry((c.module, c.func)).or_default();
        if *runs >= MAX_CLOSURE_ROOTS {
            continue;
        }
        *runs += 1;
        ran = true;
        let span = it.modules[c.module].func(c.func).span;
        let args = root_args(it, c.module, c.func, c.env.clone(), span, false);
        // No call site: an empty span where the function starts.
        it.as_root(|it| it.invoke(&c, None, args, Span { end: span.start, ..span }));
    }
    ran
}

/// Runs each method of `class` nothing called yet on `inst`. In a bean,
/// the container calls a `@Bean` or `@Autowired` method with what it
/// injects.
fn run_methods(it: &mut Interp, class: &Rc<value::ClassVal>, inst: &Value, bean: bool) {
    for (module, id, env, owner, is_static) in methods(it, class) {
        if it.invoked.contains(&(module, id)) {
            continue;
        }
        let span = it.modules[module].func(id).span;
        let inject = bean && injects(&it.modules[module].func(id).decorators);
        let args = root_args(it, module, id, env.clone(), span, inject);
        // A static method (a Rust associated fn without `self`) sees the class.
        let this = if is_static { Value::Class(owner.clone()) } else { inst.clone() };
        let closure = Closure::new(module, id, env, Some(owner));
        it.as_root(|it| it.invoke(&closure, Some(this), args, Span { end: span.start, ..span }));
    }
}

/// Whether a method's annotations ask the container for its arguments.
fn injects(decorators: &[ir::Expr]) -> bool {
    decorators.iter().any(|d| {
        let callee = match d {
            ir::Expr::Call { callee, .. } => &**callee,
            other => other,
        };
        matches!(callee, ir::Expr::Name(n, _) | ir::Expr::Member { name: n, .. } if matches!(n.as_str(), "Bean" | "Autowired" | "Inject"))
    })
}

/// A method to run as a root: its module and function, the defining
/// class's scope and the class, and whether it is static.
type ClassMethod = (usize, ir::FuncId, Option<interp::FrameRef>, Rc<value::ClassVal>, bool);

/// Every method of a class and its bases (overridden ones once), with the class that defines it.
fn methods(it: &Interp, class: &Rc<value::ClassVal>) -> Vec<ClassMethod> {
    let mut out = vec![];
    let mut names: Vec<&str> = vec![];
    let mut todo = vec![class.clone()];
    let mut guard = 0;
    while let Some(c) = todo.pop() {
        guard += 1;
        if guard > 64 {
            break;
        }
        let decl = it.modules[c.module].class(c.class);
        for m in &decl.members {
            if let MemberValue::Method(id) = m.value {
                let f = it.modules[c.module].func(id);
                if f.kind == FuncKind::Constructor || names.contains(&m.name.as_str()) {
                    continue;
                }
                names.push(m.name.as_str());
                out.push((c.module, id, c.env.clone(), c.clone(), m.is_static));
            }
        }
        for b in &c.bases {
            if let Value::Class(b) = b {
                todo.push(b.clone());
            }
        }
    }
    out
}

/// Arguments for a function nothing called: unknown, except that a
/// parameter typed with an SDK class is a value of that class.
/// Arguments for a function nothing called: what each parameter's type
/// says, else unknown. With `inject`, a collection of a bean type is every
/// such bean, as a container passes it ([`beans`]).
fn root_args(
    it: &mut Interp,
    module: usize,
    id: ir::FuncId,
    env: Option<interp::FrameRef>,
    span: Span,
    inject: bool,
) -> PendingCall {
    let func = it.modules[module].func(id);
    let mut call = empty(span);
    let frame = it.frame(Frame { parent: env, module, ..Frame::default() });
    let mut act = Activation { frame, returns: vec![], class: None };
    for p in &func.params {
        let injected = match (&p.annotation, inject) {
            (Some(ty), true) => it.injected(ty, &mut |it, e| it.eval(&mut act, e), p.span),
            _ => None,
        };
        if let Some(v) = injected {
            match p.kind {
                ParamKind::Positional => call.positional.push(v),
                ParamKind::KeywordOnly => call.keywords.push((p.name.as_str().into(), v)),
                ParamKind::Rest | ParamKind::KwRest => {}
            }
            continue;
        }
        let v = match &p.annotation {
            Some(ty) => {
                let t = it.eval(&mut act, ty);
                it.value_of_type(&t, p.span)
            }
            None => Value::Unknown(p.span),
        };
        // An unknown argument, or the server a typed parameter stands for.
        if matches!(v, Value::Unknown(_) | Value::Sdk(_)) {
            it.from_params.insert(p.span);
            if p.annotation.is_some() {
                it.declared_params.insert(p.span);
            }
        }
        if matches!(v, Value::Unknown(_)) {
            it.root_params.insert(p.span);
        }
        match p.kind {
            ParamKind::Positional => call.positional.push(v),
            ParamKind::KeywordOnly => call.keywords.push((p.name.as_str().into(), v)),
            ParamKind::Rest | ParamKind::KwRest => {}
        }
    }
    call
}

fn empty(span: Span) -> PendingCall {
    PendingCall::new(span)
}
