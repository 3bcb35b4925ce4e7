//! SDK effects beyond "this call registers one tool": lists of tool
//! definitions, values that stand for a registered tool (and change it
//! later), callbacks the SDK calls with a server, classes that become tools
//! by extending an SDK class, and files that become tools by exporting a
//! name. Each is a table row ([`super::sdk::Effect`], [`super::sdk::Op`]);
//! this file is how the interpreter carries them out.

use std::cell::RefCell;
use std::rc::Rc;

use crate::ir::{self, Pattern, Stmt};
use crate::source::Span;

use super::interp::Interp;
use super::sdk::{table_index, Effect, Given, Op, Path, Roles, TABLES};
use super::value::sdk;
use super::value::{ClassVal, Obj, PendingCall, SdkValue, Value};

impl Interp<'_> {
    /// [`Effect::RegisterEach`]: one registration per element of a list
    /// (reported where the element is written) or per value of a record
    /// (named by and reported at its key).
    pub(super) fn register_each(
        &mut self,
        s: &SdkValue,
        items: &Path,
        roles: &'static Roles,
        call: &PendingCall,
        span: Span,
    ) {
        let Some((mut v, _)) = self.path(items, call, None, span) else { return };
        // The SDK calls a function it is given for the list (`tools: async () => ({...})`).
        if matches!(v, Value::Func(_) | Value::Bound(..)) {
            let at = sdk_call_site(self, &v, span);
            v = self.call_value(&v, None, PendingCall::new(at), at);
        }
        let written = match items {
            Path::Arg(n) => call.elements.iter().find(|(i, _)| i == n).map(|(_, at)| at.clone()),
            _ => None,
        };
        // A collection that differs by path: what any of them holds.
        let mut elements: Vec<(Value, Option<Value>, Option<Span>)> = vec![];
        for alt in v.alternatives() {
            match &alt {
                Value::List(l, _) => elements.extend(l.borrow().iter().enumerate().map(|(i, e)| {
                    let at = written.as_ref().and_then(|w| w.get(i).copied()).or_else(|| e.span());
                    (e.clone(), None, at)
                })),
                Value::Object(o) => elements.extend(o.borrow().entries.iter().map(|(k, e, at)| {
                    let at = at.or_else(|| e.span());
                    (e.clone(), Some(Value::Str(k.clone(), at.unwrap_or(span))), at)
                })),
                // Unknown on this path: the others still hold their tools.
                _ => continue,
            }
        }
        let outer = self.each.take();
        for (element, key, at) in elements {
            let at_or_call = at.unwrap_or(span);
            let site = SdkValue { span: at_or_call, ..sdk_value_of(s) };
            self.each = Some((element, key, at));
            self.register(&site, roles, call, None, at_or_call);
        }
        self.each = outer;
    }

    /// [`Effect::Update`]: the roles the update gives replace the tool's.
    /// An update made inside a branch whose condition is unknown (deeper
    /// than the registration) happens on some paths only: the old and the
    /// new value are alternatives, so the hint is unresolved, not guessed.
    pub(super) fn update_registration(&mut self, s: &SdkValue, roles: &'static Roles, call: &PendingCall, span: Span) {
        let Some(r) = s.registration.filter(|r| *r < self.registrations.len()) else { return };
        let branched = self.branches > self.registrations[r].branches;
        let max = self.budget.max_alternatives;
        let pick = |this: &mut Self, paths: &[Path]| paths.iter().find_map(|p| this.path(p, call, None, span));
        let title = pick(self, roles.title);
        let description = pick(self, roles.description);
        let annotations = pick(self, roles.annotations);
        let reg = &mut self.registrations[r];
        let merge = |old: &Option<Value>, new: Value| -> Value {
            if !branched {
                return new;
            }
            let at = new.span().unwrap_or(span);
            let old = old.clone().unwrap_or(Value::Undefined(at));
            Value::join(vec![new, old], max, at)
        };
        if let Some((v, _)) = title {
            reg.title = Some(merge(&reg.title, v));
        }
        if let Some((v, _)) = description {
            reg.description = Some(merge(&reg.description, v));
        }
        if let Some((v, at)) = annotations {
            reg.annotations = Some(merge(&reg.annotations, v));
            reg.annotations_at = at;
        }
    }

    /// [`Effect::CallsBack`]: the SDK calls the function with its values.
    pub(super) fn calls_back(&mut self, s: &SdkValue, func: &Path, with: &[Given], call: &PendingCall, span: Span) {
        let Some((f, _)) = self.path(func, call, None, span) else { return };
        let positional = with
            .iter()
            .map(|given| {
                let ty = match given {
                    Given::Sdk(api, ty) => {
                        return match table_index(api) {
                            Some(t) => sdk(t, ty, None, span),
                            None => Value::Unknown(span),
                        };
                    }
                    Given::TypeArgument(n) => call.kw(&ir::type_argument(*n)),
                    Given::KeptTypeArgument(n) => s.pending.as_ref().and_then(|p| p.kw(&ir::type_argument(*n))),
                    Given::Unknown => None,
                };
                match ty.cloned() {
                    Some(ty) => self.value_of_type(&ty, span),
                    None => Value::Unknown(span),
                }
            })
            .collect();
        let at = sdk_call_site(self, &f, span);
        self.call_value(&f, None, PendingCall { positional, ..PendingCall::new(at) }, at);
    }

    /// A property read on an SDK value that is not a method: an
    /// [`Op::Member`] row, or a field of a value standing for a registered
    /// tool (its roles by name: `registered.annotations`).
    pub(super) fn sdk_member(&mut self, s: &SdkValue, name: &str, span: Span) -> Option<Value> {
        if s.method.is_some() {
            return None;
        }
        if let Some(r) = s.registration.and_then(|r| self.registrations.get(r)) {
            let field = match name {
                "name" => r.name.clone(),
                "title" => r.title.clone(),
                "description" => r.description.clone(),
                "annotations" => r.annotations.clone(),
                // A method of the registered tool (`update`): it still knows which.
                _ => {
                    let method = SdkValue { method: Some(name.into()), ..sdk_value_of(s) };
                    return Some(Value::Sdk(Rc::new(SdkValue { span, ..method })));
                }
            };
            return Some(field.unwrap_or(Value::Undefined(span)));
        }
        // A tool object's parts (`tool.name`, `tool.fn`), as it was built
        // with them; a part it was not given is the SDK's default, none.
        if s.ty == super::tool_objects::TOOL {
            if let (Some(parts), "name" | "title" | "description" | "annotations" | "fn") = (&s.pending, name) {
                return Some(match parts.kw(name) {
                    Some(v) => v.clone(),
                    None if name == "name" || name == "fn" => Value::Unknown(span),
                    None => Value::Null(span),
                });
            }
        }
        let table = TABLES[s.table];
        let member = table.rules.iter().chain(TABLES.iter().flat_map(|t| t.rules.iter())).find_map(|r| match r.op {
            Op::Member(m) if m == name => Some(m),
            _ => None,
        })?;
        let rule = table.rule_anywhere(s.ty, &Op::Member(member))?;
        match rule.effect {
            Effect::Registry(ty) => Some(self.registry(s, ty, span)),
            // A type of the table that holds the row (FastMCP's `_mcp_server`
            // is the low-level table's server).
            Effect::Returns(ty) => Some(sdk(super::sdk::rule_table(s.table, rule), ty, None, span)),
            Effect::Path(op) => Some(self.path_effect(s, op, &PendingCall::new(span), span)),
            Effect::KeptArg(n) => {
                Some(s.pending.as_ref().and_then(|p| p.arg(n)).cloned().unwrap_or(Value::Unknown(span)))
            }
            _ => None,
        }
    }

    /// [`Effect::Registry`]: the tools registered so far through this
    /// SDK that it handed a value of type `ty` for, by name. (Every server
    /// of the SDK shares one registry here: servers have no identity yet.)
    fn registry(&mut self, s: &SdkValue, ty: &'static str, span: Span) -> Value {
        let mut obj = Obj::new(span);
        for &(t, handle_ty, i) in &self.handles {
            if t != s.table || handle_ty != ty {
                continue;
            }
            let Some(Value::Str(name, at)) = &self.registrations[i].name else { continue };
            let v = Value::Sdk(Rc::new(SdkValue { registration: Some(i), ..SdkValue::plain(t, ty, span) }));
            obj.set(name, v, Some(*at));
        }
        Value::Object(Rc::new(RefCell::new(obj)))
    }

    /// [`Op::Extend`]: an instance of a project class one of whose bases
    /// (directly or through project classes) is an SDK class with such a
    /// row registers a tool, reported at the class's name, with the
    /// instance as argument 0 and the class as argument 1.
    pub(super) fn extended_sdk_class(&mut self, class: &Rc<ClassVal>, inst: &Value) {
        let mut todo = vec![class.clone()];
        let mut guard = 0;
        while let Some(c) = todo.pop() {
            guard += 1;
            if guard > 64 {
                return;
            }
            for base in &c.bases {
                match base {
                    Value::Class(b) => todo.push(b.clone()),
                    Value::Sdk(b) if b.method.is_none() => {
                        let Some(rule) = TABLES[b.table].rule_anywhere(b.ty, &Op::Extend) else { continue };
                        let (Effect::Register(roles) | Effect::RegisterReturns(roles, _)) = rule.effect else {
                            continue;
                        };
                        let view = self.instance_view(class, inst);
                        // Argument 1: the class itself, whose static members
                        // (Rust's associated fns) the SDK calls.
                        let positional = vec![view, Value::Class(class.clone())];
                        let call = PendingCall { positional, ..PendingCall::new(class.span) };
                        let site = SdkValue { span: class.span, ..SdkValue::plain(b.table, b.ty, class.span) };
                        self.register(&site, roles, &call, None, class.span);
                        return;
                    }
                    _ => {}
                }
            }
        }
    }

    /// What the SDK base class sees of an instance of a project class: its
    /// fields and the getters the project classes define, nothing else (a
    /// member none of them sets is undefined, not unknown).
    fn instance_view(&mut self, class: &Rc<ClassVal>, inst: &Value) -> Value {
        let Value::Instance(i) = inst else { return inst.clone() };
        let mut obj = Obj::new(i.span);
        for (k, v, at) in &i.fields.borrow().entries {
            obj.set(k, v.clone(), *at);
        }
        let mut getters: Vec<String> = vec![];
        let mut todo = vec![class.clone()];
        while let Some(c) = todo.pop() {
            if getters.len() > 256 {
                break;
            }
            for m in &self.modules[c.module].class(c.class).members {
                if let crate::ir::MemberValue::Method(id) = m.value {
                    if self.modules[c.module].func(id).kind == crate::ir::FuncKind::Getter && !m.is_static {
                        getters.push(m.name.clone());
                    }
                }
            }
            todo.extend(c.bases.iter().filter_map(|b| if let Value::Class(b) = b { Some(b.clone()) } else { None }));
        }
        for g in getters {
            if obj.get(&g).is_none() {
                let v = self.get_member(inst, &g, i.span);
                obj.set(&g, v, None);
            }
        }
        Value::Object(Rc::new(RefCell::new(obj)))
    }

    /// [`Op::Export`]: after a module has run, each SDK it imports whose
    /// table has such a row registers the exported value, reported at the
    /// binding's name.
    pub(super) fn module_conventions(&mut self, idx: usize) {
        let module = self.modules[idx].clone();
        let mut tables: Vec<usize> = vec![];
        for stmt in &module.body {
            if let Stmt::Import(imp) | Stmt::ImportType(imp) = stmt {
                if let Some(t) = TABLES.iter().position(|t| t.owns(module.lang, &imp.module)) {
                    if !tables.contains(&t) {
                        tables.push(t);
                    }
                }
            }
        }
        for t in tables {
            for rule in TABLES[t].rules {
                let (Op::Export { name, not_under }, Effect::Register(roles)) = (&rule.op, &rule.effect) else {
                    continue;
                };
                let path = self.linker.module_path(idx);
                let Some(path) = path else { continue };
                let dirs: Vec<&str> = path.split('/').collect();
                let dirs = &dirs[..dirs.len().saturating_sub(1)];
                if dirs.iter().any(|d| not_under.contains(d)) {
                    continue;
                }
                let Some(site) = module.body.iter().find_map(|s| match s {
                    Stmt::Let { target: Pattern::Name(n, at), .. } if n == name => Some(*at),
                    _ => None,
                }) else {
                    continue;
                };
                let Some(frame) = self.eval_module(idx) else { continue };
                let Some(value) = frame.borrow().vars.get(*name).cloned() else { continue };
                let file = path.rsplit('/').next().unwrap_or(&path);
                let stem = file.split('.').next().unwrap_or(file);
                let call = PendingCall { positional: vec![value], ..PendingCall::new(site) };
                let sdk_site = SdkValue { span: site, ..SdkValue::plain(t, "@module", site) };
                let outer = self.module_stem.replace(Value::str(stem, site));
                self.register(&sdk_site, roles, &call, None, site);
                self.module_stem = outer;
            }
        }
    }
}

fn sdk_value_of(s: &SdkValue) -> SdkValue {
    SdkValue { method: s.method.clone(), registration: s.registration, ..SdkValue::plain(s.table, s.ty, s.span) }
}

/// Where the SDK calls a function from: nowhere in the project (an empty
/// span where the function starts), so the call is no project call site a
/// tool could be reported at.
pub(super) fn sdk_call_site(it: &Interp, f: &Value, span: Span) -> Span {
    match f {
        Value::Func(c) | Value::Bound(c, _) => {
            let at = it.modules[c.module].func(c.func).span;
            Span { end: at.start, ..at }
        }
        _ => span,
    }
}
