//! Typed record literals and functional options (Go's `T{...}` and
//! `NewTool(name, opts...)`): general mechanisms the SDK tables name.
//!
//! - A record literal of a project type is an instance of it, so its
//!   methods are found; of an SDK type, what the table's [`Op::Struct`]
//!   row says (a record sent under its JSON names); otherwise an object.
//! - An [`Effect::Options`] call makes a record and calls each option with
//!   it, as the SDK does: SDK options write what their row says, project
//!   options run, an unknown one may have written anything.

use std::cell::RefCell;
use std::rc::Rc;

use super::interp::{Activation, Interp};
use super::sdk::{Effect, Init, Op, OptionArg, Roles, TABLES};
use super::value::{Frame, Instance, Obj, ObjRef, PendingCall, SdkValue, Value};
use crate::ir::Entry;
use crate::ir::MemberValue;
use crate::model::SDK_DEFAULTS_KEY;
use crate::source::Span;

impl Interp<'_> {
    /// `T{...}`: `ty` is the evaluated type, `head` the literal up to the
    /// end of the type as written.
    pub(super) fn struct_literal(
        &mut self,
        act: &mut Activation,
        ty: Value,
        entries: &[Entry],
        span: Span,
        head: Span,
    ) -> Value {
        let fields = self.eval_object_entries(act, entries, span);
        self.record_of(ty, fields, span, head)
    }

    /// A record literal of type `ty` whose fields are evaluated.
    pub(super) fn record_of(&mut self, ty: Value, mut fields: Obj, span: Span, head: Span) -> Value {
        if let Value::Sdk(s) = &ty {
            self.type_properties(s, &mut fields);
        }
        match ty {
            Value::Class(class) => {
                // Not marked constructed: its methods nothing calls still
                // run as roots.
                let fields = Rc::new(RefCell::new(fields));
                Value::Instance(Rc::new(Instance { class, fields, span }))
            }
            Value::Sdk(s) => match TABLES[s.table].rule_anywhere(s.ty, &Op::Struct).map(|r| (&r.effect, r.on)) {
                // A record the SDK reads tools out of later (C#'s `new Tool
                // { Name = ... }`): made as the call with these keywords would be.
                Some((effect @ Effect::Definition, on)) => {
                    let mut call = PendingCall::new(span);
                    for (k, v, at) in &fields.entries {
                        call.keywords.push((k.clone(), v.clone()));
                        if let Some(at) = at {
                            call.keyword_names.push((k.clone(), *at));
                        }
                    }
                    self.listing_effect(&s, effect, on, call, head)
                }
                Some((Effect::Properties, _)) => self.with_properties(s.table, s.ty, &fields, span),
                other => match other.map(|(e, _)| e) {
                    Some(Effect::Define(roles)) => {
                        let mut fields = fields;
                        fields.made_in =
                            Some(self.stack.iter().map(|(_, at)| *at).filter(|at| at.end > at.start).collect());
                        let v = Value::Object(Rc::new(RefCell::new(fields)));
                        self.define(&v, s.table, roles, head);
                        v
                    }
                    Some(Effect::WireRecord { fields: names, defaults }) => {
                        let mut out = Obj::new(span);
                        out.complete = fields.complete;
                        out.wire = names;
                        out.branches = fields.branches;
                        if let Some(spec) = defaults {
                            out.set(SDK_DEFAULTS_KEY, Value::str(spec, span), Some(span));
                        }
                        // `set` stores each field under its wire name.
                        for (k, v, at) in fields.entries {
                            out.set(&k, v, at);
                        }
                        Value::Object(Rc::new(RefCell::new(out)))
                    }
                    _ => Value::Object(Rc::new(RefCell::new(fields))),
                },
            },
            _ => Value::Object(Rc::new(RefCell::new(fields))),
        }
    }

    /// The fields of a record of SDK type `s` written with a record literal
    /// that names no type: of their properties' types
    /// ([`Interp::of_property_type`]).
    fn type_properties(&mut self, s: &SdkValue, fields: &mut Obj) {
        for i in 0..fields.entries.len() {
            let (k, v, at) = fields.entries[i].clone();
            let at = at.or(v.span()).unwrap_or(s.span);
            if let Some(typed) = self.of_property_type(s, &k, &v, at) {
                fields.entries[i].1 = typed;
            }
        }
    }

    /// A value of declared type `ty` nobody made here (a root's parameter,
    /// a field of a root's receiver): a server class gives a server; a
    /// project struct an instance ([`Interp::struct_value`]); a record type
    /// (annotations) some record nobody knows: unknown.
    pub(super) fn value_of_type(&mut self, ty: &Value, span: Span) -> Value {
        // A server class gives a server; a record type (annotations) some
        // record nobody knows.
        let makes_value = matches!(ty, Value::Sdk(s) if TABLES[s.table].instance_type(s.ty).is_some());
        if makes_value {
            self.call_value(ty, None, PendingCall::new(span), span)
        } else {
            self.struct_value(ty, span).unwrap_or(Value::Unknown(span))
        }
    }

    /// A field of a root's receiver (an instance whose fields are what its
    /// callers set) declared with a type: a value of that type, kept in the
    /// instance (`r.srv` of `type Registry struct{ srv *server.MCPServer }`
    /// is a server, as a parameter `s *server.MCPServer` is).
    pub(super) fn declared_field(&mut self, inst: &Instance, name: &str) -> Option<Value> {
        let class = inst.class.clone();
        let decl = self.modules[class.module].class(class.class);
        let (ty, at) = decl.members.iter().find_map(|m| match (&m.value, &m.annotation) {
            (MemberValue::Field(_) | MemberValue::Unsent(_), Some(ty)) if m.name == name && !m.is_static => {
                Some((ty.clone(), m.name_span))
            }
            _ => None,
        })?;
        let frame = self.frame(Frame { parent: class.env.clone(), module: class.module, ..Frame::default() });
        let mut act = Activation { frame, returns: vec![], class: None };
        let t = self.eval(&mut act, &ty);
        let v = self.value_of_type(&t, at);
        if !matches!(v, Value::Unknown(_) | Value::Sdk(_)) && !matches!(v, Value::Instance(_)) {
            return None;
        }
        self.from_params.insert(at);
        self.declared_params.insert(at);
        inst.fields.borrow_mut().set(name, v.clone(), None);
        Some(v)
    }

    /// A Java, Kotlin or C# field declared with an SDK type that makes a
    /// value and no initialiser, that nothing set (`@Inject ToolManager
    /// tools;`, `lateinit var server: Server`): what the container or a
    /// later assignment puts there is of that type, as for a parameter so
    /// declared. Kept in the instance.
    pub(super) fn sdk_typed_field(&mut self, inst: &Instance, name: &str) -> Option<Value> {
        let class = inst.class.clone();
        let module = &self.modules[class.module];
        if !matches!(module.lang, crate::model::Lang::Java | crate::model::Lang::Kotlin | crate::model::Lang::CSharp) {
            return None;
        }
        let (ty, at) = module.class(class.class).members.iter().find_map(|m| match (&m.value, &m.annotation) {
            (MemberValue::Field(None), Some(ty)) if m.name == name && !m.is_static => Some((ty.clone(), m.name_span)),
            _ => None,
        })?;
        let frame = self.frame(Frame { parent: class.env.clone(), module: class.module, ..Frame::default() });
        let mut act = Activation { frame, returns: vec![], class: None };
        let t = self.eval(&mut act, &ty);
        let makes_value = matches!(&t, Value::Sdk(s) if TABLES[s.table].instance_type(s.ty).is_some());
        if !makes_value {
            return None;
        }
        let v = self.value_of_type(&t, at);
        inst.fields.borrow_mut().set(name, v.clone(), None);
        Some(v)
    }

    /// A field a Go struct literal left out: its type's zero value, where
    /// the type says it (`nil` for a pointer, `""`, `false`). Read by the
    /// name the program uses (`ReadOnlyHint`, sent as `readOnlyHint`).
    /// Not for an instance whose fields its callers set (a root's).
    pub(super) fn zero_field(&mut self, inst: &Instance, name: &str) -> Option<Value> {
        let class = &inst.class;
        if !inst.fields.borrow().complete || self.modules[class.module].lang != crate::model::Lang::Go {
            return None;
        }
        let decl = self.modules[class.module].class(class.class);
        let zero = decl.members.iter().find_map(|m| match &m.value {
            MemberValue::Field(Some(zero)) | MemberValue::Unsent(Some(zero))
                if !m.is_static && (m.alias.as_deref() == Some(name) || (m.alias.is_none() && m.name == name)) =>
            {
                Some(zero)
            }
            _ => None,
        })?;
        match zero {
            crate::ir::Expr::Lit(lit, at) => Some(super::interp::literal(lit, *at)),
            _ => None,
        }
    }

    /// A value of a struct type nobody made here (a parameter declared with
    /// it): an instance whose fields are unknown, so its methods are found.
    /// Another type (an interface, a class) says nothing of its value.
    pub(super) fn struct_value(&mut self, ty: &Value, span: Span) -> Option<Value> {
        let Value::Class(class) = ty else { return None };
        let kind = self.modules[class.module].class(class.class).kind;
        // A Java or Kotlin class (not an interface): an instance of it or of
        // a subclass, whose methods are its own (a Spring bean injected into
        // a `@Bean` method, a registry a constructor is handed).
        let java_class = kind == crate::ir::ClassKind::Class
            && matches!(self.modules[class.module].lang, crate::model::Lang::Java | crate::model::Lang::Kotlin);
        if kind != crate::ir::ClassKind::Struct && !java_class {
            return None;
        }
        let mut fields = Obj::new(span);
        fields.complete = false;
        self.from_params.insert(span);
        self.declared_params.insert(span);
        Some(Value::Instance(Rc::new(Instance { class: class.clone(), fields: Rc::new(RefCell::new(fields)), span })))
    }

    fn eval_object_entries(&mut self, act: &mut Activation, entries: &[Entry], span: Span) -> Obj {
        match self.eval_object(act, entries, span) {
            Value::Object(o) => std::mem::take(&mut *o.borrow_mut()),
            _ => Obj::new(span),
        }
    }

    /// [`Effect::Options`]: the record `init` makes, with each option applied.
    /// `head` is the function read (`ToolInfo::new`, `mcp.NewTool`): where a
    /// definition made here is reported, as a literal is at its type.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn options(
        &mut self,
        table: usize,
        init: &'static [(&'static str, Init)],
        from: usize,
        defines: Option<&'static Roles>,
        call: &PendingCall,
        span: Span,
        head: Span,
    ) -> Value {
        let record = self.init_record(init, call, span, 0);
        let record = Value::Object(Rc::new(RefCell::new(record)));
        let options: Vec<Value> = call.positional.iter().skip(from).cloned().collect();
        for opt in options {
            self.apply_option(&opt, &record, span, 0);
        }
        if let Some(roles) = defines {
            self.define(&record, table, roles, head);
        }
        record
    }

    /// A tool definition met (an SDK tool record made): a tool of its own
    /// unless a registration reads it ([`Interp::note_record`]).
    pub(super) fn define(&mut self, v: &Value, table: usize, roles: &'static Roles, site: Span) {
        if let Value::Object(o) = v {
            let calls = self.stack.iter().map(|(_, at)| *at).filter(|at| at.end > at.start).collect();
            o.borrow_mut().made_in = Some(calls);
        }
        let from_root = self.in_root;
        self.definitions.push(super::queued::Pending {
            value: v.clone(),
            holds: crate::ir::TypeHolds::One,
            table,
            roles,
            from_root,
            site,
            listed: false,
        });
    }

    /// Remembers the record a registering call reads its tool's name from
    /// (the base of the name's path: `tool` in `tool.Name`).
    pub(super) fn note_record(
        &mut self,
        roles: &'static Roles,
        call: &PendingCall,
        handler: Option<&Value>,
        span: Span,
    ) {
        let Some(super::sdk::Path::Member(base, _)) = roles.name.first() else { return };
        let Some((record, _)) = self.path(base, call, handler, span) else { return };
        for alt in record.alternatives() {
            if let Value::Object(o) = alt {
                self.registered_records.insert(Rc::as_ptr(&o) as *const () as usize, o.clone());
            }
        }
    }

    fn init_record(
        &mut self,
        init: &'static [(&'static str, Init)],
        call: &PendingCall,
        span: Span,
        depth: usize,
    ) -> Obj {
        let mut obj = Obj::new(span);
        for (key, field) in init {
            let value = match field {
                Init::From(path) => self.path(path, call, None, span).map(|(v, _)| v),
                Init::Str(s) => Some(Value::str(s, span)),
                Init::Object(inner) if depth < 8 => {
                    Some(Value::Object(Rc::new(RefCell::new(self.init_record(inner, call, span, depth + 1)))))
                }
                Init::Object(_) => None,
                Init::NonNull(path) => {
                    self.path(path, call, None, span).map(|(v, _)| v).filter(|v| !matches!(v, Value::Null(_)))
                }
            };
            if let Some(v) = value {
                obj.set(key, v, Some(span));
            }
        }
        obj
    }

    fn apply_option(&mut self, opt: &Value, record: &Value, span: Span, depth: usize) {
        match opt {
            Value::Func(_) | Value::Bound(..) | Value::Sdk(_) => {
                let mut call = PendingCall::new(span);
                call.positional.push(record.clone());
                self.call_value(opt, None, call, span);
            }
            // Options chosen on some paths: each may have been applied.
            Value::OneOf(alts) if depth < 4 => {
                for alt in alts.iter() {
                    self.apply_option(alt, record, span, depth + 1);
                }
            }
            Value::Null(_) | Value::Undefined(_) => {}
            _ => {
                // Could have written any field: what the record holds is
                // no longer all there is.
                if let Value::Object(o) = record {
                    o.borrow_mut().complete = false;
                    for (_, v, _) in o.borrow().entries.iter() {
                        if let Value::Object(inner) = v {
                            inner.borrow_mut().complete = false;
                            for (_, v, _) in inner.borrow().entries.iter() {
                                if let Value::Object(deeper) = v {
                                    deeper.borrow_mut().complete = false;
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// [`Effect::SetOption`] called with a record (argument 0).
    pub(super) fn set_option(
        &mut self,
        s: &SdkValue,
        at: &'static [Option<&'static str>],
        arg: OptionArg,
        call: &PendingCall,
        span: Span,
    ) -> Value {
        let (Some(Value::Object(record)), false) = (call.arg(0), at.is_empty()) else {
            return Value::Undefined(span);
        };
        let kept = s.pending.as_ref();
        // Go assigns a struct by value: the record gets a copy of it
        // (`WithToolAnnotation(preset)` then `WithTitleAnnotation(...)`
        // leaves the preset as it was).
        let value = match arg {
            OptionArg::Arg(n) => match kept.and_then(|p| p.arg(n)) {
                Some(Value::Object(o)) => {
                    let o = o.borrow();
                    let copy = o.copy();
                    Value::Object(Rc::new(RefCell::new(copy)))
                }
                Some(v) => v.clone(),
                None => Value::Unknown(span),
            },
            OptionArg::TypeSchema(k) => match kept.and_then(|p| p.kw(k)).cloned() {
                Some(Value::Class(class)) => self.struct_schema(class, span),
                _ => Value::Unknown(span),
            },
            OptionArg::None => Value::Unknown(span),
        };
        let key_of = |k: &Option<&'static str>| -> Option<Rc<str>> {
            match k {
                Some(k) => Some((*k).into()),
                None => kept.and_then(|p| p.arg(0)).and_then(Value::as_str).map(Into::into),
            }
        };
        let mut obj: ObjRef = record.clone();
        for (i, k) in at.iter().enumerate() {
            let Some(key) = key_of(k) else {
                obj.borrow_mut().complete = false;
                return Value::Undefined(span);
            };
            if i + 1 == at.len() {
                obj.borrow_mut().set(&key, value, Some(s.span));
                break;
            }
            let next = match obj.borrow().get(&key) {
                Some(Value::Object(o)) => Some(o.clone()),
                _ => None,
            };
            let next = next.unwrap_or_else(|| {
                let o = Rc::new(RefCell::new(Obj::new(span)));
                obj.borrow_mut().set(&key, Value::Object(o.clone()), Some(s.span));
                o
            });
            obj = next;
        }
        Value::Undefined(span)
    }

    /// [`super::sdk::Path::InputType`]: `{type: "object", properties}` of
    /// the fields of the struct parameter `n` of `f` is declared with
    /// (embedded structs' fields included), else unknown.
    pub(super) fn input_type_schema(&mut self, f: &Value, n: usize, span: Span) -> Value {
        let (Value::Func(c) | Value::Bound(c, _)) = f else { return Value::Unknown(span) };
        let modules = self.modules;
        let func = modules[c.module].func(c.func);
        let Some(ty) = func.params.get(n).and_then(|p| p.annotation.as_ref()) else { return Value::Unknown(span) };
        let frame = self.frame(Frame { parent: c.env.clone(), module: c.module, ..Frame::default() });
        let mut act = Activation { frame, returns: vec![], class: None };
        let Value::Class(class) = self.eval(&mut act, ty) else { return Value::Unknown(span) };
        self.struct_schema(class, span)
    }

    /// `{type: "object", properties}` of a struct type's fields (embedded
    /// structs' fields included), by the names JSON sends.
    fn struct_schema(&mut self, class: Rc<super::value::ClassVal>, span: Span) -> Value {
        let modules = self.modules;
        if modules[class.module].class(class.class).kind != crate::ir::ClassKind::Struct {
            return Value::Unknown(span);
        }
        let mut props = Obj::new(span);
        let mut todo = vec![class];
        let mut seen = 0;
        while let Some(class) = todo.pop() {
            seen += 1;
            if seen > 32 {
                props.complete = false;
                break;
            }
            let decl = modules[class.module].class(class.class);
            for m in &decl.members {
                if let MemberValue::Field(_) = m.value {
                    props.set(&m.name, Value::Unknown(m.name_span), Some(m.name_span));
                }
            }
            for b in class.bases.iter().rev() {
                match b {
                    Value::Class(b) => todo.push(b.clone()),
                    _ => props.complete = false,
                }
            }
        }
        let mut schema = Obj::new(span);
        schema.set("type", Value::str("object", span), None);
        schema.set("properties", Value::Object(Rc::new(RefCell::new(props))), None);
        Value::Object(Rc::new(RefCell::new(schema)))
    }

    /// A registration inside a loop over a list whose tool record (the
    /// argument the name is a member of: Go's `srv.AddTool(t, h)`) is the
    /// loop's element, or a field of it (`e.tool`): the tool is written
    /// where that record is, one per element.
    pub(super) fn loop_record(&self, roles: &'static Roles, call: &PendingCall) -> Option<Span> {
        let Some(super::sdk::Path::Member(base, _)) = roles.name.first() else { return None };
        let super::sdk::Path::Arg(i) = **base else { return None };
        let record = call.arg(i)?;
        let Value::Object(o) = record else { return None };
        let written = o.borrow().span?;
        let is_element = |e: &Value| {
            e.same(record)
                || match e {
                    Value::Object(f) => f.borrow().entries.iter().any(|(_, v, _)| v.same(record)),
                    Value::Instance(i) => i.fields.borrow().entries.iter().any(|(_, v, _)| v.same(record)),
                    _ => false,
                }
        };
        self.loop_elements.iter().any(is_element).then_some(written)
    }

    /// Go's `f(g())` with a multi-valued `g` passes its results as the
    /// arguments. The results are a list here, as a slice is: they are
    /// spread when `f` takes several parameters (a single slice argument
    /// could not be passed to it) or is an SDK function, unless `g` is a
    /// project function that declares one result (`slices.Concat(tools())`).
    pub(super) fn spread_results(&self, args: &[crate::ir::Arg], call: &mut PendingCall, callee: &Value) {
        let [arg] = args else { return };
        if arg.spread != crate::ir::Spread::No
            || arg.keyword.is_some()
            || !matches!(arg.value, crate::ir::Expr::Call { .. })
        {
            return;
        }
        // A project function declaring one result returns a slice, not results.
        if matches!(self.results_of, Some((at, n)) if at == arg.value.span() && n < 2) {
            return;
        }
        let Some(Value::List(results, _)) = call.positional.first() else { return };
        let results = results.borrow().clone();
        if results.len() < 2 {
            return;
        }
        let takes_several = match callee {
            Value::Func(c) | Value::Bound(c, _) => {
                let params = &self.modules[c.module].func(c.func).params;
                params.iter().filter(|p| p.kind == crate::ir::ParamKind::Positional).count() >= 2
            }
            Value::Sdk(_) => true,
            _ => false,
        };
        if takes_several {
            let at = call.spans.first().map_or(call.span, |(_, at)| *at);
            call.spans = vec![(None, at); results.len()];
            call.elements.clear();
            call.positional = results;
        }
    }

    /// [`Effect::RegisterArgs`]: each positional argument from `from` on
    /// registered as if passed alone.
    pub(super) fn register_args(&mut self, s: &SdkValue, from: usize, roles: &'static Roles, call: &PendingCall) {
        let positional: Vec<(usize, Value)> = call.positional.iter().cloned().enumerate().skip(from).collect();
        // A list among them registers each element (Java's `tools(List)`
        // overload beside `tools(spec...)`).
        let positional: Vec<(usize, Value)> = positional
            .into_iter()
            .flat_map(|(i, item)| match item {
                Value::List(l, _) => l.borrow().iter().map(|e| (i, e.clone())).collect::<Vec<_>>(),
                other => vec![(i, other)],
            })
            .collect();
        for (i, item) in positional {
            // A value standing for a tool registered already (Spring AI's
            // `McpToolUtils.toSyncToolSpecifications(..)` of `@Tool` methods).
            if matches!(&item, Value::Sdk(h) if h.registration.is_some()) {
                continue;
            }
            let mut at = call.spans.iter().filter(|(k, _)| k.is_none()).nth(i).map_or(call.span, |(_, at)| *at);
            // A record written elsewhere (`AddTools(records()...)`) is where its tool is.
            if let Value::Object(o) = &item {
                if let Some(written) = o.borrow().span.filter(|w| !call.span.contains(*w)) {
                    at = written;
                }
            }
            let one = PendingCall { positional: vec![item], spans: vec![(None, at)], ..PendingCall::new(at) };
            self.register(s, roles, &one, None, at);
        }
    }
}

/// A record made by a literal of no known type: no dictionary, no record an
/// SDK table made.
pub(super) fn untyped_record(o: &Obj) -> bool {
    !o.keyed && o.wire.is_empty() && o.made.is_none()
}
