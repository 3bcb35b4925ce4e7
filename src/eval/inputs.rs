//! A Python handler's inputs, read off its signature the way the SDKs
//! build the input schema (python-sdk `func_metadata`, fastmcp's
//! `ParsedFunction`): one input per parameter, named by its alias when a
//! `Field(alias=...)` gives one; a parameter typed with an input model (a
//! pydantic model, a `TypedDict`, a dataclass, through `Optional`, unions,
//! `Annotated` and aliases) also brings the model's fields, the nested
//! inputs a client sends. An SDK's request context is no input.
//!
//! Annotations are values: each is evaluated in the function's defining
//! scope once the program has run, so imports, re-exports and type
//! aliases resolve as any value does, and the type forms are rows of
//! `sdk/python_typing.rs` and `sdk/pydantic.rs` ([`forms`]). A type the
//! interpreter cannot follow (a class from outside the tree, a base it
//! cannot see) leaves the inputs unknown: never guessed.

use std::rc::Rc;

use super::interp::{Activation, Frame, Interp};
use super::sdk::forms::{
    ALIAS_CHOICES, ANNOTATED, CLASS_VAR, COLLECTION, CONTEXT, DEPENDENCY, ENUM_BASE, FIELD, MAPPING, MODEL_BASE, PATH,
    SCALAR, SET_COLLECTION, STRING, UNION,
};
use super::type_forms::union;
use super::value::{ClassVal, Closure, PendingCall, Value};
use super::Inputs;
use crate::ir::{MemberValue, ParamKind};
use crate::model::Lang;
use crate::source::Span;

/// How deep type forms and class hierarchies are followed.
const MAX_DEPTH: usize = 16;

/// The type form of an SDK value (`@union`, `@scalar`), when it is one.
fn form(v: &Value) -> Option<(&'static str, &[Value])> {
    match v {
        Value::Sdk(s) if s.method.is_none() => Some((s.ty, s.pending.as_ref().map_or(&[][..], |p| &p.positional))),
        _ => None,
    }
}

/// What a parameter or field is called in the input schema.
enum Named {
    /// Its own name.
    Own,
    As(String),
    /// An alias the interpreter cannot read.
    Unknown,
}

/// The name a `Field(...)` declaration gives (pydantic's validation alias).
fn field_alias(v: &Value) -> Named {
    let Value::Sdk(s) = v else { return Named::Own };
    let (FIELD, Some(call)) = (s.ty, &s.pending) else { return Named::Own };
    if call.kw("**").is_some() {
        return Named::Unknown;
    }
    match call.kw("validation_alias") {
        Some(Value::Str(a, _)) => return Named::As(a.to_string()),
        Some(Value::Sdk(c)) if c.ty == ALIAS_CHOICES => {
            return match c.pending.as_ref().and_then(|p| p.arg(0)) {
                Some(Value::Str(a, _)) => Named::As(a.to_string()),
                _ => Named::Unknown,
            }
        }
        None | Some(Value::Null(_)) => {}
        Some(_) => return Named::Unknown,
    }
    match call.kw("alias") {
        Some(Value::Str(a, _)) => Named::As(a.to_string()),
        None | Some(Value::Null(_)) => Named::Own,
        Some(_) => Named::Unknown,
    }
}

/// The name an annotation and a default give together: pydantic merges
/// `Annotated` metadata in order, and a `Field(...)` default last.
fn declared_name(name: &str, ty: Option<&Value>, default: Option<&Value>) -> Option<String> {
    let mut named = Named::Own;
    let metadata = match ty.and_then(form) {
        Some((ANNOTATED, args)) => args.get(1..).unwrap_or(&[]).to_vec(),
        _ => vec![],
    };
    for v in metadata.iter().chain(default) {
        match field_alias(v) {
            Named::Own => {}
            other => named = other,
        }
    }
    match named {
        Named::Own => Some(name.to_string()),
        Named::As(a) => Some(a),
        Named::Unknown => None,
    }
}

impl Interp<'_> {
    /// Reads the inputs of every registration whose SDK takes them from a
    /// Python handler's signature. Runs after the program: what evaluating
    /// an annotation might register is no tool.
    pub(super) fn read_inputs(&mut self) {
        let mut regs = std::mem::take(&mut self.registrations);
        let steps = self.budget.max_steps;
        for reg in &mut regs {
            if !matches!(reg.inputs, Inputs::Handler) {
                continue;
            }
            if !reg.inputs_later.is_empty() {
                self.budget.max_steps = self.steps.saturating_add(self.budget.max_input_steps);
                let call = PendingCall::new(reg.call);
                let handler = reg.handler.clone();
                let picked = reg.inputs_later.iter().find_map(|p| self.path(p, &call, handler.as_ref(), reg.call));
                reg.inputs = self.inputs_of(picked, reg.call);
                continue;
            }
            let Some(Value::Func(c) | Value::Bound(c, _)) = &reg.handler else { continue };
            if self.modules[c.module].lang != Lang::Python {
                continue;
            }
            // Each handler gets its own allowance, whatever the run spent.
            self.budget.max_steps = self.steps.saturating_add(self.budget.max_input_steps);
            let c = c.clone();
            reg.inputs = Inputs::Read(self.handler_inputs(&c));
        }
        self.budget.max_steps = steps.max(self.steps);
        self.registrations = regs;
    }

    /// The handler's inputs in order: its parameters (not `*args`,
    /// `**kwargs`, `self`, the request context, an injected dependency),
    /// then their models' fields.
    fn handler_inputs(&mut self, c: &Rc<Closure>) -> Option<Vec<String>> {
        // `inspect.signature` answers with `__signature__` when the function
        // has one (CPython `inspect._signature_from_callable`); one written
        // at run time is not the definition's.
        if c.attr("__signature__").is_some() {
            return None;
        }
        let modules = self.modules;
        let func = modules[c.module].func(c.func);
        let frame = self.frame(Frame { parent: c.env.clone(), module: c.module, ..Frame::default() });
        let mut act = Activation { frame, returns: vec![], class: None };
        let mut names: Vec<String> = vec![];
        let mut fields: Vec<String> = vec![];
        for p in &func.params {
            if matches!(p.kind, ParamKind::Rest | ParamKind::KwRest) || p.name == "self" || p.name == "cls" {
                continue;
            }
            let ty = p.annotation.as_ref().map(|a| self.eval(&mut act, a));
            if ty.as_ref().is_some_and(|t| self.is_context(t, 0)) {
                continue;
            }
            let default = p.default.as_ref().map(|d| self.eval(&mut act, d));
            if matches!(default.as_ref().and_then(form), Some((DEPENDENCY, _))) {
                continue;
            }
            names.push(declared_name(&p.name, ty.as_ref(), default.as_ref())?);
            if let Some(ty) = &ty {
                fields.extend(self.type_fields(&mut act, ty, 0)?);
            }
        }
        for field in fields {
            if !names.contains(&field) {
                names.push(field);
            }
        }
        Some(names)
    }

    /// Whether a type is an SDK's request context, or a union or
    /// `Annotated` of one (python-sdk's `find_context_parameter` looks
    /// through the arguments of a generic form).
    fn is_context(&self, t: &Value, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match (t, form(t)) {
            (_, Some((CONTEXT, _))) => true,
            (_, Some((UNION | ANNOTATED, args))) => args.iter().any(|a| self.is_context(a, depth + 1)),
            (Value::Class(c), _) => c.bases.iter().any(|b| self.is_context(b, depth + 1)),
            _ => false,
        }
    }

    /// The input fields a type brings: none for scalars and containers, a
    /// model's fields, every member's of a union; `None` when unknown.
    fn type_fields(&mut self, act: &mut Activation, t: &Value, depth: usize) -> Option<Vec<String>> {
        if depth > MAX_DEPTH {
            return None;
        }
        match (t, form(t)) {
            (Value::Null(_), _) => Some(vec![]),
            (_, Some((SCALAR | STRING | PATH | COLLECTION | SET_COLLECTION | MAPPING | MODEL_BASE | ENUM_BASE, _))) => {
                Some(vec![])
            }
            (_, Some((UNION, args))) => {
                let mut out: Vec<String> = vec![];
                for a in args {
                    for f in self.type_fields(act, a, depth + 1)? {
                        if !out.contains(&f) {
                            out.push(f);
                        }
                    }
                }
                Some(out)
            }
            (_, Some((ANNOTATED, args))) => {
                let first = args.first()?.clone();
                self.type_fields(act, &first, depth + 1)
            }
            (Value::Class(c), _) => self.model_fields(c),
            (Value::Str(s, span), _) => {
                let t = self.forward_ref(act, s, *span)?;
                self.type_fields(act, &t, depth + 1)
            }
            _ => None,
        }
    }

    /// A string annotation (`"Req"`, `"models.Req | None"`): its names
    /// looked up where the function is defined.
    fn forward_ref(&mut self, act: &mut Activation, text: &str, span: Span) -> Option<Value> {
        let mut parts = vec![];
        for part in text.split('|').map(str::trim) {
            let mut path = part.split('.');
            let head = path.next().filter(|h| is_identifier(h))?;
            let mut v = if head == "None" { Value::Null(span) } else { self.lookup(act, head, span) };
            for name in path {
                if !is_identifier(name) {
                    return None;
                }
                v = self.get_member(&v, name, span);
            }
            parts.push(v);
        }
        let mut parts = parts.into_iter();
        let first = parts.next()?;
        Some(parts.fold(first, |l, r| union(l, r, span)))
    }

    /// A model's fields: the annotated class-level names of the class and
    /// its project bases, bases first (as pydantic and dataclasses collect
    /// them), each once. An `Enum` has none; a base the interpreter cannot
    /// see, or a config that renames fields by code, makes them unknown.
    fn model_fields(&mut self, class: &Rc<ClassVal>) -> Option<Vec<String>> {
        let mut order: Vec<Rc<ClassVal>> = vec![];
        let mut todo: Vec<(Rc<ClassVal>, bool)> = vec![(class.clone(), false)];
        let mut enum_like = false;
        // Post-order over the hierarchy, iteratively: bases before the class.
        let mut guard = 0;
        while let Some((c, expanded)) = todo.pop() {
            guard += 1;
            if guard > 4 * MAX_DEPTH {
                return None;
            }
            if order.iter().any(|o| Rc::ptr_eq(o, &c)) {
                continue;
            }
            if expanded {
                order.push(c);
                continue;
            }
            todo.push((c.clone(), true));
            for b in c.bases.iter().rev() {
                match (b, form(b)) {
                    (Value::Class(b), _) => todo.push((b.clone(), false)),
                    (_, Some((ENUM_BASE, _))) => enum_like = true,
                    (
                        _,
                        Some((
                            MODEL_BASE | SCALAR | STRING | PATH | COLLECTION | SET_COLLECTION | MAPPING | CONTEXT,
                            _,
                        )),
                    ) => {}
                    _ => return None,
                }
            }
        }
        if enum_like {
            return Some(vec![]);
        }
        let modules = self.modules;
        let mut out: Vec<String> = vec![];
        for c in &order {
            match c.statics.borrow().get("model_config") {
                None | Some(Value::Null(_)) => {}
                Some(Value::Object(cfg)) => {
                    let cfg = cfg.borrow();
                    if !cfg.complete || cfg.get("alias_generator").is_some_and(|g| !matches!(g, Value::Null(_))) {
                        return None;
                    }
                }
                Some(_) => return None,
            }
            let frame = self.frame(Frame {
                parent: c.env.clone(),
                this: Some(Value::Class(c.clone())),
                module: c.module,
                ..Frame::default()
            });
            let mut act = Activation { frame, returns: vec![], class: Some(c.clone()) };
            for m in &modules[c.module].class(c.class).members {
                let (Some(annotation), MemberValue::Field(_)) = (&m.annotation, &m.value) else { continue };
                // pydantic's private attributes are no fields.
                if m.name.starts_with('_') {
                    continue;
                }
                let ty = self.eval(&mut act, annotation);
                if matches!(form(&ty), Some((CLASS_VAR, _))) {
                    continue;
                }
                let default = c.statics.borrow().get(&m.name).cloned();
                let name = declared_name(&m.name, Some(&ty), default.as_ref())?;
                if !out.contains(&name) {
                    out.push(name);
                }
            }
        }
        Some(out)
    }
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_') && chars.all(|c| c.is_alphanumeric() || c == '_')
}
