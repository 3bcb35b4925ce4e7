//! Serving: a tool declared on a method (`[McpServerTool]`) is served only
//! when its class is ([`super::sdk::Effect::RegisterOwned`],
//! [`super::sdk::Effect::Serve`]); what nothing serves is reported as such.
//!
//! Parts an SDK reads off attributes and option records (the C# SDK's
//! `[McpServerTool(ReadOnly = true)]`, `McpServerToolCreateOptions`), the
//! names it derives from methods ([`super::sdk::NameRule`]), and extension
//! methods (a method a type does not have, found among the static methods
//! of the namespaces a file imports: C#'s `services.AddMcpServer()`).

use std::cell::RefCell;
use std::rc::Rc;

use super::interp::{Activation, Interp};
use super::sdk::{NameRule, Path, Roles, Serve};
use super::state::Serving;
use super::value::{Obj, PendingCall, SdkValue, Value};
use crate::model::Lang;
use crate::source::Span;

impl Serving {
    /// The calls of owned registrations whose owner nothing serves.
    pub fn unserved(&self) -> Vec<Span> {
        if self.unknown {
            return vec![];
        }
        self.owners
            .iter()
            .filter(|(_, owner)| {
                owner.as_ref().is_some_and(|o| {
                    !self.served.contains(o)
                        && !self.marked.iter().any(|(m, c)| c == o && self.serves_marked.contains(m))
                })
            })
            .map(|(at, _)| *at)
            .collect()
    }
}

impl Serving {
    /// The calls of [`Outcome::reflected`](super::Outcome::reflected).
    pub fn reflected_copies(&self, registrations: &[super::Registration]) -> Vec<Span> {
        if self.owners.is_empty() {
            return vec![];
        }
        self.made_from_unknown.iter().filter_map(|r| registrations.get(*r)).map(|r| r.call).collect()
    }
}

impl Interp<'_> {
    /// [`super::sdk::Effect::RegisterOwned`].
    pub(super) fn register_owned(
        &mut self,
        s: &Rc<SdkValue>,
        roles: &'static Roles,
        owner: &Path,
        call: &PendingCall,
        span: Span,
    ) {
        let class = self.path(owner, call, None, span).and_then(|(v, _)| class_name(&v));
        self.serving.owners.push((span, class));
        self.register(s, roles, call, None, span);
    }

    /// [`super::sdk::Effect::Serve`].
    pub(super) fn serve(&mut self, how: &Serve, call: &PendingCall, span: Span) {
        match how {
            Serve::Named { skip } => {
                // `WithTools<T>(serializerOptions)`: the type arguments name
                // the classes, the arguments are options.
                let type_args: Vec<Value> = call
                    .keywords
                    .iter()
                    .filter(|(k, _)| crate::ir::is_type_argument(k))
                    .map(|(_, v)| v.clone())
                    .collect();
                let mut todo: Vec<Value> = if type_args.is_empty() {
                    call.positional.iter().skip(*skip).cloned().collect()
                } else {
                    type_args
                };
                let mut guard = 0;
                while let Some(v) = todo.pop() {
                    guard += 1;
                    if guard > 1_000 {
                        self.serving.unknown = true;
                        break;
                    }
                    match v {
                        Value::Class(c) => match &c.name {
                            Some(_) => self.serving.served.extend(with_bases(&c)),
                            None => self.serving.unknown = true,
                        },
                        Value::List(l, _) => todo.extend(l.borrow().iter().cloned()),
                        Value::OneOf(alts) => todo.extend(alts.iter().cloned()),
                        // Tool values (`WithTools(tools)`) are served where
                        // made (one made from a method nobody knows has
                        // already made any class's methods served).
                        Value::Sdk(_) => {}
                        _ => self.serving.unknown = true,
                    }
                }
            }
            Serve::Marked(mark) => self.serving.serves_marked.push(mark),
            Serve::Mark(mark, at) | Serve::MarkServed(mark, at) => {
                if let Some((v, _)) = self.path(at, call, None, span) {
                    match &v {
                        Value::Class(c) => self.serving.marked.extend(with_bases(c).into_iter().map(|n| (*mark, n))),
                        v => self.serving.marked.extend(class_name(v).map(|n| (*mark, n))),
                    }
                }
                if matches!(how, Serve::MarkServed(..)) && !self.serving.serves_marked.contains(mark) {
                    self.serving.serves_marked.push(mark);
                }
            }
        }
    }

    /// [`super::sdk::Path::Kws`]: the call's keywords of these names as
    /// one record under their wire names; `None` when none is given.
    pub(super) fn keywords_record(&self, call: &PendingCall, names: &[(&str, &str)]) -> Option<Value> {
        let mut out = Obj::new(call.span);
        for (property, wire) in names {
            if let Some(v) = call.kw(property) {
                let at = call.keyword_names.iter().find(|(k, _)| &**k == *property).map(|(_, s)| *s);
                out.set(wire, v.clone(), at.or(call.kw_span(property)));
            }
        }
        (!out.entries.is_empty()).then(|| Value::Object(Rc::new(RefCell::new(out))))
    }

    /// [`super::sdk::Path::DerivedName`]: the name `rule` derives from the
    /// function `f` and its return type's name, by the SDK version the
    /// project's manifest names (the current rule when it names none).
    pub(super) fn derived_name(&mut self, f: &Value, returns: Option<&Value>, rule: &NameRule, span: Span) -> Value {
        let method = match self.get_member(f, "__name__", span) {
            Value::Str(s, _) => s,
            _ => return Value::Unknown(span),
        };
        let returns = match returns {
            Some(Value::Str(s, _)) => Some(s.to_string()),
            _ => None,
        };
        let module = self.modules.iter().position(|m| m.file == span.file);
        let current = match module {
            Some(m) => self.linker.dependency_at_least(m, rule.since.0, rule.since.1).unwrap_or(true),
            None => true,
        };
        let derive = if current { rule.current } else { rule.before };
        match derive(&method, returns.as_deref()) {
            Some(name) => Value::str(&name, span),
            None => Value::Unknown(span),
        }
    }

    /// [`super::sdk::Path::MethodInputs`]: `{ type: "object", properties }`
    /// of the method's input parameters, or unknown.
    pub(super) fn method_inputs(&self, f: &Value, injected: &[&str], inputs: &[&str], span: Span) -> Value {
        let (Value::Func(c) | Value::Bound(c, _)) = f else { return Value::Unknown(span) };
        let func = self.modules[c.module].func(c.func);
        let mut props = Obj::new(span);
        for p in &func.params {
            let ty = match &p.annotation {
                Some(crate::ir::Expr::Name(n, _)) => n.as_str(),
                Some(crate::ir::Expr::Member { name, .. }) => name.as_str(),
                _ => return Value::Unknown(span),
            };
            if injected.contains(&ty) {
                continue;
            }
            if !inputs.contains(&ty) {
                return Value::Unknown(span);
            }
            props.set(&p.name, Value::Object(Rc::new(RefCell::new(Obj::new(p.span)))), Some(p.span));
        }
        let mut schema = Obj::new(span);
        schema.set("type", Value::str("object", span), None);
        schema.set("properties", Value::Object(Rc::new(RefCell::new(props))), None);
        Value::Object(Rc::new(RefCell::new(schema)))
    }

    /// A method call on a receiver nobody knows, in C# (whose extension
    /// methods are static methods of the namespaces a file imports): the
    /// SDK's extension method of that name, called with the receiver first.
    pub(super) fn extension_call(
        &mut self,
        act: &Activation,
        lang: Lang,
        recv: &Value,
        name: &str,
        call: &PendingCall,
        span: Span,
    ) -> Option<Value> {
        if lang != Lang::CSharp || !matches!(recv, Value::Unknown(_)) {
            return None;
        }
        let module = act.frame.borrow().module;
        let f = self.glob_lookup(act, name, span).or_else(|| self.implicit_symbol(module, name, span))?;
        // Only a symbol a table lists by its bare name is a method (an
        // extension method is called on a value, never imported by path);
        // a type (`Server.McpServerTool`) after a dot is a qualified name.
        let Value::Sdk(s) = &f else { return None };
        if !super::sdk::TABLES[s.table].symbols.iter().any(|(path, ty)| *ty == s.ty && !path.contains('.')) {
            return None;
        }
        let mut with_receiver = call.clone();
        with_receiver.positional.insert(0, recv.clone());
        Some(self.call_value(&f, None, with_receiver, span))
    }
}

impl Interp<'_> {
    /// A C# name no scope binds that is a symbol of a C# SDK table, in a
    /// project that references the SDK's package: the compiler found it in
    /// a namespace the file imports, through its own `using`, a project's
    /// `global using` in another file, or the .NET SDK's implicit usings
    /// (`Microsoft.Extensions.DependencyInjection` in web and worker
    /// projects, where `AddMcpServer` lives). A project that does not
    /// reference the package (or has no `.csproj`) sees only what it
    /// imports: a look-alike attribute of its own is never the SDK's.
    pub(super) fn implicit_symbol(&mut self, module: usize, name: &str, span: Span) -> Option<Value> {
        if self.modules[module].lang != Lang::CSharp {
            return None;
        }
        let linker = self.linker;
        let references =
            *self.serving.references.entry(module).or_insert_with(|| {
                linker.dependency_at_least(module, super::sdk::csharp_sdk::PACKAGES, "0") == Some(true)
            });
        if !references {
            return None;
        }
        implicit_symbol(name, span)
    }
}

/// [`Interp::implicit_symbol`] once the project is known to reference the SDK.
/// Asked for every name no C# scope binds: the C# tables' symbols are
/// indexed by their last segment once (the first table's, then the first
/// row's, wins, as a scan in table order would).
fn implicit_symbol(name: &str, span: Span) -> Option<Value> {
    type Index = std::collections::HashMap<&'static str, (usize, &'static str)>;
    static INDEX: std::sync::OnceLock<Index> = std::sync::OnceLock::new();
    let tables = || super::sdk::TABLES.iter().enumerate().filter(|(_, t)| t.langs.contains(&Lang::CSharp));
    let index = INDEX.get_or_init(|| {
        let mut index = Index::new();
        for (i, t) in tables() {
            for (path, ty) in t.symbols {
                index.entry(path.rsplit('.').next().unwrap_or(path)).or_insert((i, ty));
            }
        }
        index
    });
    index
        .get(name)
        .map(|&(i, ty)| super::value::sdk(i, ty, None, span))
        // The root of a qualified name (`ModelContextProtocol.Server.McpServerTool`).
        .or_else(|| {
            tables().find(|(_, t)| t.owns(Lang::CSharp, name)).map(|(i, _)| super::value::sdk(i, "@module", None, span))
        })
}

/// A served class's name and its project bases' (at most 16 names): the
/// SDK serves the attributed methods a class inherits too.
fn with_bases(class: &Rc<super::value::ClassVal>) -> Vec<Rc<str>> {
    let mut out = vec![];
    let mut todo = vec![class.clone()];
    while let Some(c) = todo.pop() {
        if out.len() >= 16 {
            break;
        }
        if let Some(n) = &c.name {
            out.push(n.clone());
        }
        todo.extend(c.bases.iter().filter_map(|b| if let Value::Class(b) = b { Some(b.clone()) } else { None }));
    }
    out
}

/// The class a value is, or the class defining the method it is.
fn class_name(v: &Value) -> Option<Rc<str>> {
    match v {
        Value::Class(c) => c.name.clone(),
        Value::Func(f) | Value::Bound(f, _) => f.class.as_ref().and_then(|c| c.name.clone()),
        _ => None,
    }
}

/// [`super::sdk::Path::Pick`]: the fields of these names of a record, under
/// their wire names; `None` when the record is known and has none of them,
/// unknown when it is not known.
pub(super) fn pick(v: &Value, names: &[(&str, &str)], span: Span) -> Option<Value> {
    let Value::Object(o) = v else { return Some(Value::Unknown(span)) };
    let o = o.borrow();
    let mut out = Obj::new(o.span.unwrap_or(span));
    out.complete = o.complete;
    for (property, wire) in names {
        if let Some(v) = o.get(property) {
            out.set(wire, v.clone(), o.key_span(property));
        }
    }
    if out.entries.is_empty() && o.complete {
        return None;
    }
    Some(Value::Object(Rc::new(RefCell::new(out))))
}
