//! Calls, members, classes and imports: where values flow between
//! functions, objects and modules, and into the SDK tables.

use std::cell::RefCell;
use std::rc::Rc;

use crate::ir::{self, Arg, Expr, FuncId, FuncKind, Lit, MemberValue, ParamKind, Spread, Stmt};
use crate::model::Lang;
use crate::source::Span;

use super::interp::{Activation, Flow, Frame, Interp, Link, ModState};
use super::sdk::{Effect, Op, Path, Roles, TABLES};
use super::signature::{passes, Bound};
use super::str_methods::{joined, str_method};
use super::value::{sdk, ClassVal, Closure, Instance, Obj, PendingCall, SdkValue, Value, UNKNOWN_KEY};
use super::Registration;
use crate::ir::CJS_EXPORTS;

impl Interp<'_> {
    pub(super) fn make_function(&mut self, act: &Activation, module: usize, id: FuncId) -> Value {
        let closure = Closure::new(module, id, Some(act.frame.clone()), act.class.clone());
        let made = self.closures_made.entry((module, id)).or_default();
        *made += 1;
        if *made <= super::MAX_KEPT_CLOSURES {
            self.closures.push(closure.clone());
        }
        Value::Func(closure)
    }

    pub(super) fn make_class(&mut self, act: &mut Activation, module: usize, id: ir::ClassId) -> Value {
        let class = &self.modules[module].classes[id.0 as usize];
        let bases: Vec<Value> = class.bases.iter().map(|b| self.eval(act, b)).collect();
        let statics = Rc::new(RefCell::new(Obj::new(class.span)));
        let value = Rc::new(ClassVal {
            module,
            class: id,
            name: class.name.as_deref().map(Into::into),
            bases,
            statics: statics.clone(),
            env: Some(act.frame.clone()),
            span: class.name_span,
        });
        // Static fields see the class as `this`.
        let frame = self.frame(Frame {
            parent: Some(act.frame.clone()),
            this: Some(Value::Class(value.clone())),
            module,
            ..Frame::default()
        });
        let mut inner = Activation { frame, returns: vec![], class: Some(value.clone()) };
        for member in &class.members {
            if let (true, MemberValue::Field(Some(init))) = (member.is_static, &member.value) {
                let v = self.eval(&mut inner, init);
                statics.borrow_mut().set(&member.name, v, Some(member.name_span));
            }
        }
        // A method's decorators run when the class is defined, in its body's
        // scope (`@mcp.tool()` or fastmcp's `@mcp_tool(...)` on a method):
        // for what they do, not for the member, which lookups make bound.
        for member in &class.members {
            let MemberValue::Method(id) = member.value else { continue };
            let decorators = &self.modules[module].funcs[id.0 as usize].decorators;
            if decorators.is_empty() {
                continue;
            }
            let decorators = decorators.clone();
            let closure = Closure::new(module, id, Some(act.frame.clone()), Some(value.clone()));
            self.decorate(&mut inner, &decorators, Value::Func(closure));
        }
        self.classes.push(value.clone());
        Value::Class(value)
    }

    /// Applies decorators innermost first: `@a @b def f` is `a(b(f))`.
    pub(super) fn decorate(&mut self, act: &mut Activation, decorators: &[Expr], mut value: Value) -> Value {
        // JVM annotations each mark the declaration itself: none wraps another.
        let java = matches!(self.modules[act.frame.borrow().module].lang, Lang::Java | Lang::Kotlin);
        let lang = self.modules[act.frame.borrow().module].lang;
        let original = value.clone();
        for d in decorators.iter().rev() {
            let span = d.span();
            let given = if java { original.clone() } else { value };
            let call = PendingCall { positional: vec![given], ..PendingCall::new(span) };
            value = match d {
                // `@tools.append`: a method of a builtin list or dict, called
                // with the function as `tools.append(f)` would be.
                Expr::Member { object, name, span: mspan } if !matches!(**object, Expr::Super(_)) => {
                    let recv = self.eval(act, object);
                    match self.builtin_method(lang, &recv, name, &call, span) {
                        Some(v) => v,
                        None => {
                            let f = self.member_of(lang, &recv, name, *mspan);
                            self.call_value(&f, None, call, span)
                        }
                    }
                }
                _ => {
                    let dv = self.eval(act, d);
                    self.call_value(&dv, None, call, span)
                }
            };
        }
        if java {
            original
        } else {
            value
        }
    }

    pub(super) fn import(&mut self, act: &mut Activation, module: usize, imp: &ir::Import) {
        let lang = self.modules[module].lang;
        // A wildcard import of an SDK module (Rust's `use rmcp::*`): the
        // module is kept in the scope's globs, and a name the scope lacks
        // is looked up in it ([`Interp::lookup`]).
        if imp.member.as_deref() == Some("*") {
            if let Some((t, Some(ty))) = super::sdk::import_symbol(lang, &imp.module, None) {
                // Once per scope: an import a loop runs again (error recovery
                // can put one in a loop body) would otherwise grow the globs
                // every lookup scans, once per pass.
                let mut frame = act.frame.borrow_mut();
                let known = frame.globs.iter().any(|g| matches!(g, Value::Sdk(s) if s.table == t && s.ty == ty));
                if !known {
                    frame.globs.push(sdk(t, ty, None, imp.span));
                }
                return;
            }
        }
        // C#'s `using static A.B;` names a class, not a namespace: its
        // statics are looked up through it ([`Interp::glob_lookup`]).
        if lang == Lang::CSharp
            && imp.member.as_deref() == Some("*")
            && super::sdk::import_symbol(lang, &imp.module, None).is_none()
            && matches!(self.linker.resolve(module, imp), Link::External)
        {
            act.frame.borrow_mut().static_imports.push(imp.module.as_str().into());
            return;
        }
        let value = if let Some((t, ty)) = super::sdk::import_symbol(lang, &imp.module, imp.member.as_deref()) {
            match ty {
                Some(ty) => sdk(t, ty, None, imp.span),
                None => Value::Unknown(imp.span),
            }
        } else {
            match self.linker.resolve(module, imp) {
                // Python runs a module's body when it is imported, whether or
                // not the importer reads it (`import groups` for the tools
                // its decorators add to a registry); JavaScript too, but a
                // namespace's members are live bindings read when used, so
                // only an import for effects (`import "./tools"`) runs it now.
                Link::Module(m) => {
                    if lang == Lang::Python || imp.is_for_effects() {
                        self.eval_module(m);
                    }
                    Value::Module(m, imp.span)
                }
                Link::Member(m, name) => match self.eval_module(m) {
                    Some(frame) if name == "*" => {
                        let mut vars: Vec<_> =
                            frame.borrow().vars.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                        if let Some(Value::Object(o)) = frame.borrow().vars.get(CJS_EXPORTS) {
                            vars.extend(o.borrow().entries.iter().map(|(k, v, _)| (k.clone(), v.clone())));
                        }
                        act.frame.borrow_mut().vars.extend(vars);
                        return;
                    }
                    Some(frame) => {
                        // A binding read when used: a JavaScript import (live),
                        // or a C#/Java/Kotlin one (types are declared in no
                        // order). An import cycle binds it once the module is done.
                        if (lang.is_javascript() || super::interp::types_hoisted(lang))
                            && matches!(self.module_state[m], super::interp::ModState::InProgress(_))
                        {
                            let local = imp.local.as_str().into();
                            self.late_imports.push((act.frame.clone(), local, m, name.clone(), imp.span));
                        }
                        self.export_of(&frame, &name, imp.span)
                    }
                    None => Value::Unknown(imp.span),
                },
                Link::External => Value::Unknown(imp.span),
            }
        };
        act.frame.borrow_mut().vars.insert(imp.local.as_str().into(), value);
    }

    /// [`ir::Stmt::ImportType`]: an SDK's type (`Tool`, `McpServer`) is bound
    /// as the SDK value, as for a value import; a project's type only when
    /// its module has already run, since an erased import never runs one.
    pub(super) fn import_type(&mut self, act: &mut Activation, module: usize, imp: &ir::Import) {
        let lang = self.modules[module].lang;
        let value = match super::sdk::import_symbol(lang, &imp.module, imp.member.as_deref()) {
            Some((t, Some(ty))) => sdk(t, ty, None, imp.span),
            Some((_, None)) => Value::Unknown(imp.span),
            None => match self.linker.resolve(module, imp) {
                Link::Member(m, name) => match &self.module_state[m] {
                    ModState::Done(frame) => {
                        let frame = frame.clone();
                        self.export_of(&frame, &name, imp.span)
                    }
                    _ => Value::Unknown(imp.span),
                },
                _ => Value::Unknown(imp.span),
            },
        };
        act.frame.borrow_mut().vars.insert(imp.local.as_str().into(), value);
    }

    pub(super) fn eval_args(&mut self, act: &mut Activation, args: &[Arg]) -> PendingCall {
        let span = args.first().map_or(Span::new(crate::source::FileId(0), 0, 0), |a| a.span);
        let mut call = PendingCall::new(span);
        for arg in args {
            let v = self.eval(act, &arg.value);
            let at = arg.value.span();
            if let (Spread::No, Some(k)) = (arg.spread, &arg.keyword) {
                let end = (arg.span.start + k.len() as u32).min(arg.span.end);
                call.keyword_names.push((k.as_str().into(), Span { end, ..arg.span }));
            }
            match (arg.spread, &arg.keyword) {
                (Spread::No, k) => call.spans.push((k.as_deref().map(Into::into), at)),
                (Spread::List, _) => {
                    // Each element stands where the spread is.
                    if let Value::List(l, _) = &v {
                        call.spans.extend(std::iter::repeat_n((None, at), l.borrow().len()));
                    }
                }
                (Spread::Map, _) => {}
            }
            // Where each element of a list literal argument was written.
            if let (Spread::No, Some(at)) = (arg.spread, element_spans(&arg.value)) {
                match &arg.keyword {
                    Some(k) => call.element_spans.push((k.as_str().into(), at)),
                    None => call.elements.push((call.positional.len(), at)),
                }
            }
            match (arg.spread, &arg.keyword) {
                (Spread::No, Some(k)) => call.keywords.push((k.as_str().into(), v)),
                (Spread::No, None) => call.positional.push(v),
                (Spread::List, _) => match v {
                    Value::List(l, _) => call.positional.extend(l.borrow().iter().cloned()),
                    Value::OneOf(alts) => self.spread_alternatives(&mut call, &alts, arg.span),
                    other => call.positional.push(Value::Unknown(other.span().unwrap_or(arg.span))),
                },
                (Spread::Map, _) => self.spread_keywords(&mut call, &v, arg.span),
            }
        }
        call
    }

    /// `...xs` in a call where `xs` is one of several lists
    /// (`active.push(...groups[key])`): lists of one length give each
    /// position the join of theirs; lists of different lengths give every
    /// element any of them holds, once (what a `push` may add on some
    /// path), and a path on which it is not a list some element nobody
    /// knows. `null` and `undefined` throw when spread: no path.
    fn spread_alternatives(&mut self, call: &mut PendingCall, alts: &[Value], at: Span) {
        let lists: Vec<Vec<Value>> = alts
            .iter()
            .filter_map(|a| match a {
                Value::List(l, _) => Some(l.borrow().clone()),
                _ => None,
            })
            .collect();
        let others = alts.iter().filter(|a| !matches!(a, Value::List(..) | Value::Null(_) | Value::Undefined(_)));
        let unknown: Vec<Value> = others.map(|o| self.unknown_from(&[o], at)).collect();
        let width = lists.first().map(Vec::len);
        if unknown.is_empty() && width.is_some() && lists.iter().all(|l| Some(l.len()) == width) {
            for i in 0..width.unwrap_or(0) {
                let at_i: Vec<Value> = lists.iter().map(|l| l[i].clone()).collect();
                let joined = self.join(at_i, at);
                call.positional.push(joined);
            }
            return;
        }
        let mut seen = super::value::Distinct::default();
        let mut out: Vec<Value> = vec![];
        let items: Vec<Value> = lists.into_iter().flatten().chain(unknown).collect();
        self.charge(items.len());
        for v in items {
            if seen.is_new(&out, &v) {
                out.push(v);
            }
        }
        call.positional.extend(out);
    }

    /// `**mapping` in a call: its keys as keywords. A mapping that is one
    /// of several (`return kwargs` or `return merged`) gives each key the
    /// join of its values, missing where an alternative lacks it; one that
    /// is not known whole may hold any other keyword too.
    fn spread_keywords(&mut self, call: &mut PendingCall, v: &Value, at: Span) {
        let alts = v.alternatives();
        let objects: Vec<_> =
            alts.iter().filter_map(|a| if let Value::Object(o) = a { Some(o.clone()) } else { None }).collect();
        if objects.len() != alts.len() {
            call.keywords.push(("**".into(), Value::Unknown(at)));
            return;
        }
        for (k, _) in super::value::union_keys(&objects) {
            let values: Vec<Value> =
                objects.iter().map(|o| o.borrow().get(&k).cloned().unwrap_or(Value::Undefined(at))).collect();
            call.keywords.push((k, self.join(values, at)));
        }
        if objects.iter().any(|o| !o.borrow().complete) {
            call.keywords.push(("**".into(), Value::Unknown(at)));
        }
    }

    pub(super) fn eval_call(&mut self, act: &mut Activation, callee: &Expr, args: &[Arg], span: Span) -> Value {
        if !self.splitting {
            if let Some((frame, name, records)) = self.records_read(act, callee, args) {
                return self.call_per_record(act, callee, args, span, frame, name, records);
            }
        }
        self.eval_call_once(act, callee, args, span)
    }

    /// A registration whose arguments read members of a variable that holds
    /// one of several records (`const tool = TOOLS[key](); server.registerTool(
    /// tool.name, { annotations: tool.annotations }, cb)`): the variable's
    /// frame, its name and the records. Its name and hints come from one
    /// record at a time, never a mix of two.
    fn records_read(
        &mut self,
        act: &mut Activation,
        callee: &Expr,
        args: &[Arg],
    ) -> Option<(super::value::FrameRef, String, Rc<[Value]>)> {
        // Only a method read off a name or a member of one: evaluating the
        // callee again runs nothing.
        let Expr::Member { object, name, span } = callee else { return None };
        let mut plain = true;
        ir::walk::within(object, 8, |e| plain &= matches!(e, Expr::Name(..) | Expr::This(_) | Expr::Member { .. }));
        if !plain || args.is_empty() {
            return None;
        }
        // First the variable (a few look-ups), then whether the call registers.
        let found = self.record_variable(act, args)?;
        let recv = self.eval(act, object);
        let Value::Sdk(s) = self.get_member(&recv, name, *span) else { return None };
        let method = s.method.as_deref()?;
        let table = &TABLES[s.table];
        let rule = table.rule_anywhere(s.ty, &Op::Method(leak_known(table, method)))?;
        matches!(rule.effect, Effect::Register(_) | Effect::RegisterReturns(..) | Effect::RegisterChained(_))
            .then_some(found)
    }

    /// The first variable whose members the arguments read that holds one
    /// of several records: its frame, name and records.
    fn record_variable(&self, act: &Activation, args: &[Arg]) -> Option<(super::value::FrameRef, String, Rc<[Value]>)> {
        let mut names: Vec<&str> = vec![];
        for a in args {
            ir::walk::within(&a.value, 256, |e| {
                if let Expr::Member { object, .. } = e {
                    if let Expr::Name(n, _) = &**object {
                        if !names.contains(&n.as_str()) {
                            names.push(n);
                        }
                    }
                }
            });
        }
        for n in names {
            let mut frame = Some(act.frame.clone());
            while let Some(f) = frame {
                let found = f.borrow().vars.get(n).cloned();
                if let Some(v) = found {
                    match v {
                        Value::OneOf(alts)
                            if alts.len() <= self.budget.max_alternatives
                                && alts.iter().all(|a| matches!(a, Value::Object(_) | Value::Instance(_))) =>
                        {
                            return Some((f, n.to_string(), alts));
                        }
                        _ => break,
                    }
                }
                frame = f.borrow().parent.clone();
            }
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    fn call_per_record(
        &mut self,
        act: &mut Activation,
        callee: &Expr,
        args: &[Arg],
        span: Span,
        frame: super::value::FrameRef,
        name: String,
        records: Rc<[Value]>,
    ) -> Value {
        self.splitting = true;
        let before = self.registrations.len();
        let mut outs = vec![];
        for record in records.iter() {
            frame.borrow_mut().vars.insert(name.as_str().into(), record.clone());
            outs.push(self.eval_call_once(act, callee, args, span));
        }
        frame.borrow_mut().vars.insert(name.as_str().into(), Value::OneOf(records.clone()));
        self.splitting = false;
        // Split only when each record is a tool of its own name; records
        // that give one name (or none known) are one registration, whose
        // differing parts stay alternatives.
        let mut names: Vec<Option<String>> = self.registrations[before..]
            .iter()
            .map(|r| r.name.as_ref().and_then(|n| n.as_str()).map(String::from))
            .collect();
        let split = names.len() == records.len() && names.iter().all(Option::is_some) && {
            names.sort();
            names.dedup();
            names.len() == records.len()
        };
        if !split {
            self.registrations.truncate(before);
            return self.eval_call_once(act, callee, args, span);
        }
        self.join(outs, span)
    }

    fn eval_call_once(&mut self, act: &mut Activation, callee: &Expr, args: &[Arg], span: Span) -> Value {
        match callee {
            // `super(...)` in a constructor runs the base constructor on `this`.
            Expr::Super(s) => {
                let this = self.this(act, *s);
                let args = self.eval_args(act, args);
                let base = act.class.as_ref().and_then(|c| c.bases.first().cloned());
                if let Some(Value::Class(base)) = base {
                    self.run_constructor(&base, &this, args, span);
                }
                Value::Undefined(span)
            }
            Expr::Member { object, name, span: mspan } if !matches!(**object, Expr::Super(_)) => {
                let recv = self.eval(act, object);
                let recv = self.named_receiver(act, object, recv);
                let mut call = self.eval_args(act, args);
                if let Some(v) = self.receiver_call(act, object, &recv, name, &mut call, span) {
                    return v;
                }
                let lang = self.modules[act.frame.borrow().module].lang;
                if lang == crate::model::Lang::Go && args.len() == 1 {
                    let method = self.get_member(&recv, name, *mspan);
                    self.spread_results(args, &mut call, &method);
                }
                if let Some(v) = self.object_builtin(act, object, &recv, name, &call, span) {
                    return v;
                }
                if let Some(v) = self.jvm_reflection(act, object, &recv, name, &call, span) {
                    return v;
                }
                if let Some(v) = self.extension_call(act, lang, &recv, name, &call, span) {
                    return v;
                }
                self.call_method(lang, &recv, name, call, *mspan, span)
            }
            _ => {
                // Type arguments are no parameters.
                let argc = args.iter().filter(|a| !a.keyword.as_deref().is_some_and(ir::is_type_argument)).count();
                let f = match callee {
                    Expr::Name(n, _) => self.overload(act, n, argc),
                    _ => None,
                };
                let f = f.unwrap_or_else(|| self.eval(act, callee));
                let f = super::listing::definition_at(f, callee.span());
                let mut call = self.eval_args(act, args);
                if self.modules[act.frame.borrow().module].lang == crate::model::Lang::Go {
                    self.spread_results(args, &mut call, &f);
                }
                self.call_value(&f, None, call, span)
            }
        }
    }

    /// What a module exports as `name`: its binding, or, for a CommonJS
    /// module (one that binds [`CJS_EXPORTS`]), that member of its exports
    /// object; `default` is the object itself unless it is compiled ESM
    /// (`__esModule`), whose default is `exports.default`.
    pub(super) fn export_of(&mut self, frame: &super::interp::FrameRef, name: &str, span: Span) -> Value {
        let cjs = frame.borrow().vars.get(CJS_EXPORTS).cloned();
        match cjs {
            Some(exports @ Value::Object(_)) => {
                let esm = self.get_member(&exports, "__esModule", span).truthy() == Some(true);
                if name == "default" && !esm {
                    return exports;
                }
                self.get_member(&exports, name, span)
            }
            Some(exports) if name == "default" => exports,
            Some(exports) => self.get_member(&exports, name, span),
            None => frame.borrow().vars.get(name).cloned().unwrap_or(Value::Unknown(span)),
        }
    }

    /// An unknown receiver whose name says it is a server
    /// ([`super::sdk::named_receiver`]): a parameter of the running function
    /// (`mcp`) or a member of one (`app.mcp`), not a value the program built.
    fn named_receiver(&self, act: &Activation, object: &Expr, recv: Value) -> Value {
        let (Value::Unknown(span), Expr::Name(n, _) | Expr::Member { name: n, .. }) = (&recv, object) else {
            return recv;
        };
        let mut root = object;
        for _ in 0..16 {
            match root {
                Expr::Member { object, .. } => root = object,
                _ => break,
            }
        }
        let Expr::Name(root, _) = root else { return recv };
        let param = self
            .stack
            .last()
            .is_some_and(|((m, f), _)| self.modules[*m].func(*f).params.iter().any(|p| &p.name == root));
        if !param {
            return recv;
        }
        let lang = self.modules[act.frame.borrow().module].lang;
        match super::sdk::named_receiver(lang, n) {
            Some((t, ty)) => sdk(t, ty, None, *span),
            None => recv,
        }
    }

    /// JavaScript's `Object.values(o)` / `entries` / `keys` (the global,
    /// not shadowed): the mapping views of [`dict_view`].
    fn object_builtin(
        &mut self,
        act: &Activation,
        object: &Expr,
        recv: &Value,
        name: &str,
        call: &PendingCall,
        span: Span,
    ) -> Option<Value> {
        let Expr::Name(global, _) = object else { return None };
        let lang = self.modules[act.frame.borrow().module].lang;
        if &**global == "Array"
            && name == "from"
            && matches!(recv, Value::Unknown(_))
            && matches!(lang, Lang::TypeScript | Lang::JavaScript)
        {
            return self.array_from(call, span);
        }
        // `await Promise.all(xs)` is the list of what each element settles
        // to; `await` of a value is the value. `Promise.resolve(x)` is `x`.
        if &**global == "Promise"
            && matches!(recv, Value::Unknown(_))
            && matches!(lang, Lang::TypeScript | Lang::JavaScript)
        {
            return match (name, &call.positional[..]) {
                ("all" | "resolve", [x]) => Some(x.clone()),
                _ => None,
            };
        }
        // `JSON.parse(text)`: a data file's contents parsed (`data_files.rs`).
        if &**global == "JSON"
            && name == "parse"
            && matches!(recv, Value::Unknown(_))
            && matches!(lang, Lang::TypeScript | Lang::JavaScript)
        {
            return Some(self.parse_json(call.arg(0), span));
        }
        // C#'s completed tasks: `Task.FromResult(x)` / `ValueTask.FromResult(x)`
        // is `x` (an `await` of it, or the SDK awaiting it, gets `x`).
        if matches!(&**global, "Task" | "ValueTask")
            && name == "FromResult"
            && matches!(recv, Value::Unknown(_))
            && lang == Lang::CSharp
        {
            return call.positional.first().cloned();
        }
        if &**global != "Object"
            || !matches!(recv, Value::Unknown(_))
            || !matches!(lang, Lang::TypeScript | Lang::JavaScript)
        {
            return None;
        }
        let view = match name {
            "values" => "values",
            "entries" => "items",
            "keys" => "keys",
            // `Object.freeze(o)` is `o`, made read-only.
            "freeze" | "seal" | "preventExtensions" => return call.positional.first().cloned(),
            "defineProperty" => return Some(self.define_property(call, span)),
            // `Object.assign(target, ...sources)`: the sources' keys copied in, in order.
            "assign" => {
                let target = call.positional.first().cloned()?;
                if let Value::Object(t) = &target {
                    for source in call.positional.iter().skip(1) {
                        merge_into(t, &self.as_namespace(source.clone()));
                    }
                }
                return Some(target);
            }
            _ => return None,
        };
        let [arg] = &call.positional[..] else { return None };
        // An object that differs by path: the view of what any of them holds.
        let mut out: Vec<Value> = vec![];
        let alts = arg.alternatives();
        for alt in &alts {
            let listed = match self.as_namespace(alt.clone()) {
                Value::Object(o) => dict_view(&o.borrow(), view, &PendingCall::new(span), span),
                _ => None,
            };
            let Some(Value::List(items, _)) = listed else {
                // Not an object we know (a parameter on one path): some
                // element we cannot know, beside the others'.
                if alts.len() == 1 {
                    return Some(self.unknown_from(&[alt], span));
                }
                let unknown = self.unknown_from(&[alt], span);
                out.push(unknown);
                continue;
            };
            for v in items.borrow().iter() {
                if !out.iter().any(|o| o.same(v)) {
                    out.push(v.clone());
                }
            }
        }
        Some(Value::List(Rc::new(RefCell::new(out)), span))
    }

    /// `Object.defineProperty(o, key, { value })` or `{ get() {...} }` (as
    /// compiled re-exports write it): `o[key]` is the value, or what the
    /// getter returns when read now.
    fn define_property(&mut self, call: &PendingCall, span: Span) -> Value {
        let (Some(target), Some(Value::Str(key, at)), Some(desc)) = (call.arg(0), call.arg(1), call.arg(2)) else {
            return call.arg(0).cloned().unwrap_or(Value::Unknown(span));
        };
        let (target, key, at, desc) = (target.clone(), key.clone(), *at, desc.clone());
        let value = match self.get_member(&desc, "value", span) {
            Value::Undefined(_) => match self.get_member(&desc, "get", span) {
                getter @ (Value::Func(_) | Value::Bound(..)) => self.call_value(&getter, None, empty_call(span), span),
                Value::Undefined(_) => Value::Undefined(span),
                _ => Value::Unknown(span),
            },
            v => v,
        };
        self.set_member(&target, &key, value, Some(at));
        target
    }

    /// `recv.name(args)`: built-in list and mapping methods first, then members.
    fn call_method(
        &mut self,
        lang: Lang,
        recv: &Value,
        name: &str,
        call: PendingCall,
        mspan: Span,
        span: Span,
    ) -> Value {
        // A receiver that differs by path (`pick(k).getTools()`, a list
        // chosen by a condition): the method runs on each alternative, and
        // the results are its alternatives. On a path where the receiver is
        // null or undefined the call throws, so that path yields nothing.
        if let Value::OneOf(alts) = recv {
            let alts = alts.clone();
            let mut out = vec![];
            for a in alts.iter().filter(|a| !matches!(a, Value::Null(_) | Value::Undefined(_))) {
                out.push(self.call_method(lang, a, name, call.clone(), mspan, span));
            }
            return self.join(out, span);
        }
        if let Some(v) = self.builtin_method(lang, recv, name, &call, span) {
            // A method of a value derived from a root's parameters gives
            // one too (`name.slice(0, 64)`).
            return match v {
                Value::Unknown(at) if self.param_derived(recv) => self.unknown_from(&[recv], at),
                v => v,
            };
        }
        if let Some(v) = self.function_method(lang, recv, name, &call, span) {
            return v;
        }
        if lang == Lang::Python {
            if let Some(v) = self.model_copy(recv, name, &call, span) {
                return v;
            }
        }
        if let Some(v) = self.builder_method(recv, name, &call, span) {
            return v;
        }
        // Java and Kotlin keep fields and methods apart: `definition()` calls
        // the accessor even where a field of that name holds the value.
        if let (Lang::Java | Lang::Kotlin, Value::Instance(i)) = (lang, recv) {
            if self.class_member(&i.class, name).is_some() {
                let f = self.method_of(&i.class.clone(), recv, name, mspan);
                return self.call_value(&f, None, call, span);
            }
        }
        let f = self.get_member(recv, name, mspan);
        self.call_value(&f, None, call, span)
    }

    pub(super) fn call_value(&mut self, f: &Value, this: Option<Value>, call: PendingCall, span: Span) -> Value {
        match f {
            Value::Func(c) => self.invoke(c, this, call, span),
            // An instance method read off its class is the plain function:
            // its first argument is the receiver (`Base.__init__(self, x)`).
            Value::Bound(c, recv)
                if matches!(**recv, Value::Class(_)) && self.modules[c.module].func(c.func).receiver_first =>
            {
                let mut call = call;
                let receiver = call.take_first();
                self.invoke(c, receiver, call, span)
            }
            Value::Bound(c, recv) => self.invoke(c, Some((**recv).clone()), call, span),
            Value::Class(c) => match self.enum_by_value(c, &call) {
                Some(member) => member,
                None => self.construct(c, call, span),
            },
            Value::Sdk(s) => self.sdk_call(s, call, span),
            Value::OneOf(vs) => {
                // Calling `undefined` or `None` throws: no path goes on from
                // it (`if (TABLE[key]) TABLE[key]()` with a key that may be
                // missing calls one of the table's functions).
                let callable: Vec<Value> =
                    vs.iter().filter(|v| !matches!(v, Value::Undefined(_) | Value::Null(_))).cloned().collect();
                let vs: Rc<[Value]> = if callable.is_empty() { vs.clone() } else { callable.into() };
                let results: Vec<Value> =
                    vs.iter().map(|v| self.call_value(v, this.clone(), call.clone(), span)).collect();
                self.join(results, span)
            }
            other => self.unknown_from(&[other], span),
        }
    }

    pub(super) fn invoke(&mut self, c: &Rc<Closure>, this: Option<Value>, call: PendingCall, span: Span) -> Value {
        let result = self.run_function(c, this, call, span);
        // Set once the call is done (its own calls set it before): whether
        // a list it returned is several results ([`Interp::spread_results`]).
        self.results_of = Some((span, self.modules[c.module].func(c.func).results));
        result
    }

    fn run_function(&mut self, c: &Rc<Closure>, this: Option<Value>, call: PendingCall, span: Span) -> Value {
        let key = (c.module, c.func);
        self.invoked.insert(key);
        self.invoked_in.insert((c.module, c.func, c.env_id()));
        let depth_hit = self.stack.len() >= self.budget.max_call_depth;
        let recursion = self.stack.iter().filter(|(k, _)| *k == key).count();
        if depth_hit || recursion >= self.budget.max_recursion {
            self.exhausted = true;
            return Value::Unknown(span);
        }
        // Pure-looking calls (primitive arguments, no `this`) are memoised.
        // The closure's environment is part of the key: the same function
        // closing over different values is a different function.
        let env = c.env.as_ref().map_or(0, |e| Rc::as_ptr(e) as usize);
        let memo_key = this.is_none().then(|| fingerprint(&call)).flatten().map(|k| format!("{env}:{k}"));
        if let Some(k) = &memo_key {
            if let Some((v, _)) = self.memo.get(&(c.module, c.func, k.clone())) {
                return v.clone();
            }
        }
        let registered_before = self.registrations.len();
        let module = c.module;
        let func = &self.modules[module].funcs[c.func.0 as usize];
        let frame = self.frame(Frame { parent: c.env.clone(), this: None, module, ..Frame::default() });
        if !func.lexical_this {
            frame.borrow_mut().this = Some(this.unwrap_or(Value::Unknown(span)));
        }
        let mut act = Activation { frame, returns: vec![], class: c.class.clone() };
        self.handed.push(handed_functions(&call));
        // On the stack before the parameters bind: a default that calls the
        // function itself (`def f(x=f())`) is recursion, bounded as such.
        self.stack.push((key, span));
        self.note_handed();
        self.active.push(act.frame.clone());
        self.bind_params(&mut act, func, call, span);
        let flow = self.exec_block(&mut act, &func.body);
        self.active.pop();
        self.stack.pop();
        self.handed.pop();
        let mut returns = std::mem::take(&mut act.returns);
        if flow == Flow::Normal || returns.is_empty() {
            returns.push(Value::Undefined(func.span));
        }
        if self.modules[module].lang == Lang::Go {
            drop_error_paths(&mut returns);
        }
        let result = self.join(returns, func.span);
        if let (Some(k), true) = (memo_key, self.registrations.len() == registered_before) {
            self.memo.insert((c.module, c.func, k), (result.clone(), c.env.clone()));
        }
        result
    }

    fn bind_params(&mut self, act: &mut Activation, func: &ir::Function, mut call: PendingCall, span: Span) {
        super::receivers::bind_trailing(func, &mut call);
        // Type arguments the call writes; one the compiler infers is unknown.
        for (i, name) in func.type_params.iter().enumerate() {
            let key = ir::type_argument(i);
            let v = call.kw(&key).cloned().unwrap_or(Value::Unknown(span));
            act.frame.borrow_mut().vars.insert(name.as_str().into(), v);
        }
        call.keywords.retain(|(k, _)| !ir::is_type_argument(k));
        let mut positional = std::mem::take(&mut call.positional).into_iter();
        for p in &func.params {
            let v = match p.kind {
                ParamKind::Positional => {
                    let kw = call.keywords.iter().position(|(k, _)| **k == *p.name);
                    match kw {
                        Some(i) => Some(call.keywords.remove(i).1),
                        None => positional.next(),
                    }
                }
                ParamKind::KeywordOnly => {
                    call.keywords.iter().position(|(k, _)| **k == *p.name).map(|i| call.keywords.remove(i).1)
                }
                ParamKind::Rest => Some(Value::List(Rc::new(RefCell::new(positional.by_ref().collect())), p.span)),
                ParamKind::KwRest => {
                    let mut obj = Obj::new(p.span);
                    for (k, v) in call.keywords.drain(..) {
                        if &*k == "**" {
                            obj.complete = false;
                        } else {
                            obj.set(&k, v, None);
                        }
                    }
                    Some(Value::Object(Rc::new(RefCell::new(obj))))
                }
            };
            let v = match v {
                Some(v) if !matches!(v, Value::Undefined(_)) => v,
                _ => match &p.default {
                    Some(d) => self.eval(act, d),
                    None => Value::Undefined(span),
                },
            };
            match &p.pattern {
                Some(pat) => self.bind_pattern(act, pat, v, true),
                None => {
                    act.frame.borrow_mut().vars.insert(p.name.as_str().into(), v);
                }
            }
        }
    }

    pub(super) fn construct(&mut self, class: &Rc<ClassVal>, call: PendingCall, span: Span) -> Value {
        let key = (class.module, class.class);
        self.constructed.insert(key);
        // `new X()` in X's own field initialiser (or constructor) would make
        // instances without end, each level several: as deep as a function
        // may recurse, then unknown.
        let making = self.constructing.iter().filter(|k| **k == key).count();
        if making >= self.budget.max_recursion || self.constructing.len() >= self.budget.max_call_depth {
            self.exhausted = true;
            return Value::Unknown(span);
        }
        self.constructing.push(key);
        let inst = self.construct_inner(class, call, span);
        self.constructing.pop();
        inst
    }

    fn construct_inner(&mut self, class: &Rc<ClassVal>, call: PendingCall, span: Span) -> Value {
        // Made here: what its constructor writes holds on this path, even
        // inside a branch whose condition is unknown.
        let mut obj = Obj::new(span);
        obj.branches = self.branches;
        let fields = Rc::new(RefCell::new(obj));
        let inst = Value::Instance(Rc::new(Instance { class: class.clone(), fields, span }));
        self.init_fields(class, &inst, 0);
        self.run_constructor(class, &inst, call, span);
        self.extended_sdk_class(class, &inst);
        inst
    }

    /// Instance field initialisers, base classes first. A Go struct has
    /// none: its fields' zero values are read where a literal left them out
    /// ([`Interp::zero_field`]), and an instance made for a root's receiver
    /// holds what its callers set.
    fn init_fields(&mut self, class: &Rc<ClassVal>, inst: &Value, depth: usize) {
        if depth > 16 || self.modules[class.module].lang == Lang::Go {
            return;
        }
        for base in class.bases.clone() {
            if let Value::Class(b) = base {
                self.init_fields(&b, inst, depth + 1);
            }
        }
        let decl = &self.modules[class.module].classes[class.class.0 as usize];
        let frame = self.frame(Frame {
            parent: class.env.clone(),
            this: Some(inst.clone()),
            module: class.module,
            ..Frame::default()
        });
        let mut act = Activation { frame, returns: vec![], class: Some(class.clone()) };
        for member in &decl.members {
            if let (false, MemberValue::Field(Some(init))) = (member.is_static, &member.value) {
                let v = self.eval(&mut act, init);
                self.set_member(inst, &member.name, v, Some(member.name_span));
            }
        }
    }

    /// Runs the nearest constructor up the hierarchy (a class without one
    /// passes its arguments to its base's, as JavaScript and Python do).
    pub(super) fn run_constructor(&mut self, class: &Rc<ClassVal>, inst: &Value, call: PendingCall, span: Span) {
        let mut current = Some(class.clone());
        for _ in 0..16 {
            let Some(c) = current else {
                if self.modules[class.module].lang == Lang::Python {
                    self.bind_model_fields(class, inst, &call);
                }
                return;
            };
            // Overloaded constructors (Java): the one taking as many arguments.
            let argc = call.positional.len();
            let exact = self.find_method(&c, |_, f| {
                f.kind == FuncKind::Constructor
                    && f.params.len() == argc
                    && f.params.iter().all(|p| p.kind == ir::ParamKind::Positional)
            });
            let ctor =
                exact.or_else(|| self.find_method(&c, |m, f| f.kind == FuncKind::Constructor || m == "__init__"));
            if let Some(ctor) = ctor {
                let closure = Closure::new(c.module, ctor, c.env.clone(), Some(c.clone()));
                self.invoke(&closure, Some(inst.clone()), call, span);
                return;
            }
            current = c.bases.iter().find_map(|b| if let Value::Class(b) = b { Some(b.clone()) } else { None });
        }
    }

    /// A Python class whose hierarchy defines no `__init__` and whose
    /// bases are all the project's or model bases (a `@dataclass`, a
    /// pydantic `BaseModel`, a `NamedTuple`): its constructor takes the
    /// annotated class-level fields, bases' first, by position in that
    /// order or by name. A field not given keeps its class default; after
    /// a `**` splat of something unknown, any field may have been given.
    /// (Any other class without `__init__` takes no arguments.)
    fn bind_model_fields(&mut self, class: &Rc<ClassVal>, inst: &Value, call: &PendingCall) {
        if call.positional.is_empty() && call.keywords.is_empty() {
            return;
        }
        let mut chain = vec![];
        let mut todo = vec![class.clone()];
        while let Some(c) = todo.pop() {
            if chain.len() >= 32 {
                return;
            }
            for b in &c.bases {
                match b {
                    Value::Class(b) => todo.push(b.clone()),
                    Value::Sdk(s) if s.ty == super::sdk::forms::MODEL_BASE => {}
                    _ => return,
                }
            }
            chain.push(c);
        }
        let mut fields: Vec<(String, Span)> = vec![];
        for c in chain.iter().rev() {
            let decl = &self.modules[c.module].classes[c.class.0 as usize];
            for m in &decl.members {
                let class_var = matches!(&m.annotation, Some(ir::Expr::Index { object, .. })
                    if matches!(&**object, ir::Expr::Name(n, _) | ir::Expr::Member { name: n, .. } if n == "ClassVar"));
                if m.is_static
                    && matches!(m.value, MemberValue::Field(_))
                    && m.annotation.is_some()
                    && !class_var
                    && !fields.iter().any(|(f, _)| *f == m.name)
                {
                    fields.push((m.name.clone(), m.name_span));
                }
            }
        }
        for (i, (name, at)) in fields.iter().enumerate() {
            if let Some(v) = call.kw(name).or(call.positional.get(i)).cloned() {
                self.set_member(inst, name, v, Some(*at));
            }
        }
    }

    /// Python's `Color("red")` on an `Enum` class: the member whose value
    /// that is (a member is held as its value). Unknown when no member
    /// surely has it (the call raises, or the value is not known).
    fn enum_by_value(&mut self, class: &Rc<ClassVal>, call: &PendingCall) -> Option<Value> {
        let is_enum = class.bases.iter().any(|b| matches!(b, Value::Sdk(s) if s.ty == super::sdk::forms::ENUM_BASE));
        if !is_enum || self.modules[class.module].lang != Lang::Python {
            return None;
        }
        let span = call.span;
        let ([wanted], true) = (&call.positional[..], call.keywords.is_empty()) else {
            return Some(Value::Unknown(span));
        };
        let statics = class.statics.borrow();
        let found = statics.entries.iter().find(|(_, v, _)| v.literal_eq(wanted) == Some(true));
        Some(found.map_or(Value::Unknown(span), |(_, v, _)| v.clone()))
    }

    fn find_method(&self, class: &ClassVal, pick: impl Fn(&str, &ir::Function) -> bool) -> Option<FuncId> {
        let decl = &self.modules[class.module].classes[class.class.0 as usize];
        decl.members.iter().find_map(|m| match m.value {
            MemberValue::Method(id) if pick(&m.name, &self.modules[class.module].funcs[id.0 as usize]) => Some(id),
            _ => None,
        })
    }

    /// A method, getter or static member by name, searching bases in order.
    pub(super) fn class_member(
        &self,
        class: &Rc<ClassVal>,
        name: &str,
    ) -> Option<(Rc<ClassVal>, FuncId, FuncKind, bool)> {
        let mut todo = vec![class.clone()];
        let mut seen = 0;
        while let Some(c) = todo.pop() {
            seen += 1;
            if seen > 64 {
                return None;
            }
            let decl = &self.modules[c.module].classes[c.class.0 as usize];
            for m in &decl.members {
                if let MemberValue::Method(id) = m.value {
                    if m.name == name {
                        let kind = self.modules[c.module].funcs[id.0 as usize].kind;
                        return Some((c.clone(), id, kind, m.is_static));
                    }
                }
            }
            for b in c.bases.iter().rev() {
                if let Value::Class(b) = b {
                    todo.push(b.clone());
                }
            }
        }
        None
    }

    pub(super) fn get_member(&mut self, v: &Value, name: &str, span: Span) -> Value {
        match v {
            // A map's entries are no properties; `size` counts them.
            Value::Object(o) if o.borrow().keyed => match (name, o.borrow().complete) {
                ("size", true) => Value::Num(o.borrow().entries.len().to_string().into(), span),
                ("size", false) => Value::Unknown(span),
                _ => Value::Undefined(span),
            },
            Value::Object(o) => {
                let o = o.borrow();
                match o.get(name) {
                    Some(v) => v.clone(),
                    None if o.complete => Value::Undefined(span),
                    None => Value::Unknown(span),
                }
            }
            Value::Instance(i) => {
                if let Some(v) = i.fields.borrow().get(name) {
                    return v.clone();
                }
                if let Some(v) = self.zero_field(i, name) {
                    return v;
                }
                if let Some(v) = self.sdk_typed_field(i, name) {
                    return v;
                }
                // A field of an instance standing for a root's receiver or
                // parameter: what its callers set.
                if self.from_params.contains(&i.span) && !i.fields.borrow().complete {
                    if let Some(v) = self.declared_field(i, name) {
                        return v;
                    }
                    self.from_params.insert(span);
                    if self.declared_params.contains(&i.span) {
                        self.declared_params.insert(span);
                    }
                }
                // `this.constructor` (JavaScript), `self.__class__` (Python).
                if matches!(name, "constructor" | "__class__") {
                    return Value::Class(i.class.clone());
                }
                self.method_of(&i.class.clone(), v, name, span)
            }
            Value::Class(c) => {
                if let Some(v) = self.inherited_static(c, name) {
                    return v;
                }
                // Its own name (`cls.__name__`, JavaScript's `Cls.name`,
                // Kotlin's `T::class.simpleName`, C#'s `typeof(T).Name`).
                let lang = self.modules[c.module].lang;
                let own_name = match lang {
                    Lang::Python => matches!(name, "__name__" | "__qualname__"),
                    Lang::TypeScript | Lang::JavaScript => name == "name",
                    Lang::Kotlin => name == "simpleName",
                    Lang::CSharp => name == "Name",
                    _ => false,
                };
                // Kotlin's `T::class.java`: the same class, seen from Java.
                if lang == Lang::Kotlin && name == "java" {
                    return v.clone();
                }
                if let (true, Some(n)) = (own_name, &c.name) {
                    return Value::Str(n.clone(), c.span);
                }
                // A static getter computes from the class; a method is the plain function.
                self.method_of(&c.clone(), v, name, span)
            }
            Value::Module(m, _) if self.modules[*m].lang == Lang::Python && matches!(name, "__path__" | "__name__") => {
                self.module_dunder(*m, name, span)
            }
            Value::Module(m, _) => match self.eval_module(*m) {
                Some(frame) => self.export_of(&frame, name, span),
                None => Value::Unknown(span),
            },
            Value::Sdk(s) => {
                // A member of an SDK module is a symbol; of an SDK value, a method.
                if s.ty == "@module" {
                    return match super::sdk::module_member(s.table, name) {
                        Some((t, ty)) => sdk(t, ty, None, span),
                        None => sdk(s.table, "@module", None, span),
                    };
                }
                if self.from_params.contains(&s.span) {
                    self.from_params.insert(span);
                    if self.declared_params.contains(&s.span) {
                        self.declared_params.insert(span);
                    }
                }
                if let Some(v) = self.sdk_member(s, name, span) {
                    return v;
                }
                // A method that derives from its receiver's shape (or a
                // path object's text, or the type it was made for) still sees it.
                let op = Op::Method(leak_known(TABLES[s.table], name));
                let reads = matches!(TABLES[s.table].rule_anywhere(s.ty, &op),
                    Some(r) if matches!(r.effect, Effect::Shape(_) | Effect::Path(_) | Effect::File(_) | Effect::CallsBack { .. }));
                let pending = if reads { s.pending.clone() } else { None };
                Value::Sdk(Rc::new(SdkValue {
                    method: Some(name.into()),
                    pending,
                    instance: s.instance,
                    ..SdkValue::plain(s.table, s.ty, span)
                }))
            }
            Value::Func(c) | Value::Bound(c, _) if c.attr(name).is_some() => {
                c.attr(name).unwrap_or(Value::Unknown(span))
            }
            Value::Func(c) | Value::Bound(c, _) if matches!(name, "__name__" | "name") => {
                match &self.modules[c.module].funcs[c.func.0 as usize].name {
                    Some(n) => Value::str(n, self.modules[c.module].funcs[c.func.0 as usize].name_span),
                    None => Value::Unknown(span),
                }
            }
            // Python's docstring: a string literal as the body's first statement.
            Value::Func(c) | Value::Bound(c, _) if name == "__doc__" => {
                let m = &self.modules[c.module];
                match m.func(c.func).body.first() {
                    Some(Stmt::Expr(Expr::Lit(Lit::Str(doc), at))) => Value::str(doc, *at),
                    _ => Value::Null(span),
                }
            }
            Value::OneOf(vs) => {
                let vs = vs.clone();
                let out: Vec<Value> = vs.iter().map(|v| self.get_member(v, name, span)).collect();
                self.join(out, span)
            }
            other => self.unknown_from(&[other], span),
        }
    }

    fn method_of(&mut self, class: &Rc<ClassVal>, recv: &Value, name: &str, span: Span) -> Value {
        if let Value::Instance(_) = recv {
            if let Some(v) = self.static_through_instance(class, name) {
                return v;
            }
        }
        match self.class_member(class, name) {
            Some((owner, id, FuncKind::Getter, _)) => {
                let closure = Closure::new(owner.module, id, owner.env.clone(), Some(owner));
                self.invoke(&closure, Some(recv.clone()), empty_call(span), span)
            }
            // A static method reached through an instance (Java's
            // `this.definition(flag)`, an implicit call) runs with its class
            // as `this`, which is how its body reads the class's statics.
            Some((owner, id, _, true))
                if matches!(recv, Value::Instance(_)) && self.modules[owner.module].lang != Lang::Python =>
            {
                let closure = Closure::new(owner.module, id, owner.env.clone(), Some(owner.clone()));
                Value::Bound(closure, Box::new(Value::Class(owner)))
            }
            Some((owner, id, _, _)) => {
                // A Python classmethod called on an instance gets its class.
                let f = self.modules[owner.module].func(id);
                let classmethod = self.modules[owner.module].lang == Lang::Python
                    && f.kind == FuncKind::Method
                    && !f.is_static
                    && !f.receiver_first;
                let closure = Closure::new(owner.module, id, owner.env.clone(), Some(owner));
                match recv {
                    Value::Instance(i) if classmethod => Value::Bound(closure, Box::new(Value::Class(i.class.clone()))),
                    Value::Instance(_) | Value::Class(_) => Value::Bound(closure, Box::new(recv.clone())),
                    _ => Value::Func(closure),
                }
            }
            None => self.sdk_base_member(class, name, recv, span).unwrap_or_else(|| {
                // A method an implementation nobody made here defines.
                if let Value::Instance(i) = recv {
                    if self.from_params.contains(&i.span) {
                        self.from_params.insert(span);
                        if self.declared_params.contains(&i.span) {
                            self.declared_params.insert(span);
                        }
                    }
                }
                Value::Unknown(span)
            }),
        }
    }

    /// A member no project class in the hierarchy defines, of a class that
    /// extends an SDK class (`class LedgerServer extends McpServer`): the
    /// SDK value's method, so `this.tool(...)` registers.
    pub(super) fn sdk_base_member(&self, class: &Rc<ClassVal>, name: &str, recv: &Value, span: Span) -> Option<Value> {
        let mut todo = vec![class.clone()];
        for _ in 0..64 {
            let c = todo.pop()?;
            for b in &c.bases {
                match b {
                    Value::Class(b) => todo.push(b.clone()),
                    Value::Sdk(s) if s.method.is_none() => {
                        if let Some(ty) = TABLES[s.table].instance_type(s.ty) {
                            return Some(sdk_method(s.table, ty, name, recv, span));
                        }
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// A class attribute read through an instance, where the language does
    /// that (Python), searching the class and then its bases.
    fn static_through_instance(&self, class: &Rc<ClassVal>, name: &str) -> Option<Value> {
        if !self.modules[class.module].classes[class.class.0 as usize].instances_see_statics {
            return None;
        }
        self.inherited_static(class, name)
    }

    /// A static member of the class or, failing that, of its bases, nearest
    /// first and bases in order (static members are inherited in
    /// JavaScript and Python alike; a C# `partial` class's other parts are
    /// bases of its first part, a Java interface's constants inherited).
    fn inherited_static(&self, class: &Rc<ClassVal>, name: &str) -> Option<Value> {
        // Most reads are of the class's own statics, or of a class with no
        // base: no queue for those.
        if let Some(v) = class.statics.borrow().get(name) {
            return Some(v.clone());
        }
        if !class.bases.iter().any(|b| matches!(b, Value::Class(_))) {
            return None;
        }
        let mut todo = std::collections::VecDeque::from([class.clone()]);
        let mut seen = 0;
        while let Some(c) = todo.pop_front() {
            seen += 1;
            if seen > 64 {
                return None;
            }
            if let Some(v) = c.statics.borrow().get(name) {
                return Some(v.clone());
            }
            todo.extend(c.bases.iter().filter_map(|b| if let Value::Class(b) = b { Some(b.clone()) } else { None }));
        }
        None
    }

    pub(super) fn super_member(&mut self, act: &Activation, name: &str, span: Span) -> Value {
        let this = self.this(act, span);
        let base = act.class.as_ref().and_then(|c| c.bases.first().cloned());
        match base {
            Some(Value::Class(b)) => self.method_of(&b, &this, name, span),
            // `super().__init__(name, tools=[...])` of a class extending an
            // SDK server class: the SDK's constructor, whose call rule
            // registers what it is handed (`FastMCP(tools=[...])`).
            Some(Value::Sdk(s))
                if s.method.is_none() && name == "__init__" && TABLES[s.table].instance_type(s.ty).is_some() =>
            {
                Value::Sdk(s)
            }
            // Any other method of that SDK class, from an override that
            // forwards to it (`def tool(self, ...): return super().tool(...)`,
            // `super.registerTool(...)`): the SDK server's own method.
            Some(Value::Sdk(s)) if s.method.is_none() => match TABLES[s.table].instance_type(s.ty) {
                Some(ty) => sdk_method(s.table, ty, name, &this, span),
                None => Value::Unknown(span),
            },
            _ => Value::Unknown(span),
        }
    }

    pub(super) fn get_index(&mut self, o: &Value, i: &Value, span: Span) -> Value {
        match (o, i) {
            // An SDK value's own subscript (`sys.modules[name]`,
            // `Literal["a"]`) whatever the index: a key is no member of it.
            (Value::Sdk(s), _) if s.method.is_none() && TABLES[s.table].rule(s.ty, &Op::Index).is_some() => {
                self.subscript(s, i, span)
            }
            (_, Value::Str(k, _)) => self.get_member(o, k, span),
            (Value::List(l, _), Value::Num(n, _)) => match n.parse::<usize>() {
                Ok(i) => l.borrow().get(i).cloned().unwrap_or(Value::Undefined(span)),
                Err(_) => Value::Unknown(span),
            },
            (Value::List(l, _), Value::Sdk(s)) if s.ty == super::sdk::forms::SLICE => {
                let bounds = s.pending.as_ref().map(|p| p.positional.clone()).unwrap_or_default();
                let items = l.borrow().clone();
                Value::List(Rc::new(RefCell::new(slice(items, &bounds))), span)
            }
            // A string sliced by code points (`name[:-3]`, a file name without `.py`).
            // Bounds not known (or a step) leave it unknown: no guess.
            (Value::Str(t, _), Value::Sdk(s)) if s.ty == super::sdk::forms::SLICE => {
                let bounds = s.pending.as_ref().map(|p| p.positional.clone()).unwrap_or_default();
                let open = |i: usize| matches!(bounds.get(i), None | Some(Value::Null(_) | Value::Undefined(_)));
                let known = (0..2).all(|i| open(i) || bounds.get(i).and_then(int).is_some())
                    && (open(2) || bounds.get(2).and_then(int) == Some(1));
                if !known {
                    return Value::Unknown(span);
                }
                let kept: String = slice(t.chars().collect(), &bounds).into_iter().collect();
                Value::str(&kept, span)
            }
            (_, Value::OneOf(keys)) => {
                let keys = keys.clone();
                let out: Vec<Value> = keys.iter().map(|k| self.get_index(o, k, span)).collect();
                self.join(out, span)
            }
            // A key nobody knows into a known record (`handlers[key]`): any
            // of its values, or missing (first, so the alternatives are
            // located at the subscript). Wider than the budget: unknown.
            // Also for a key a root was given: whatever its callers pass,
            // the record and its values are the project's own.
            (Value::Object(obj), Value::Unknown(_))
                if obj.borrow().complete && obj.borrow().made.is_none() && !obj.borrow().keyed =>
            {
                let mut out = vec![Value::Undefined(span)];
                out.extend(obj.borrow().entries.iter().map(|(_, v, _)| v.clone()));
                match out.len() > super::value::alternatives_limit(&out, self.budget.max_alternatives) {
                    true => self.unknown_from(&[o, i], span),
                    false => self.join(out, span),
                }
            }
            // A generic class given its type parameters (`MCPServer[AppState]`)
            // is the class: the parameters only matter to a type checker. An
            // SDK class is indexed for nothing else, whatever the parameter
            // (a `@dataclass` the interpreter cannot follow); a project class
            // only with types.
            (Value::Sdk(s), _) if s.method.is_none() && TABLES[s.table].rule(s.ty, &Op::Call).is_some() => o.clone(),
            (Value::Class(_), t) if is_type(t) => o.clone(),
            // A generic function given its type arguments (Go's `f[T]`).
            (Value::Func(_), t) if is_type(t) => o.clone(),
            _ => self.unknown_from(&[o, i], span),
        }
    }

    /// An SDK value subscripted (`Optional[Model]`, `Annotated[str, meta]`):
    /// its [`Op::Index`] row, given the index as arguments.
    fn subscript(&mut self, s: &Rc<SdkValue>, index: &Value, span: Span) -> Value {
        let Some(rule) = TABLES[s.table].rule(s.ty, &Op::Index) else { return Value::Unknown(span) };
        let mut call = PendingCall::new(span);
        match index {
            Value::List(items, _) => call.positional.extend(items.borrow().iter().cloned()),
            one => call.positional.push(one.clone()),
        }
        self.sdk_effect(s, rule, &rule.effect, call, span)
    }

    /// List methods every language shares under some name, and Python's
    /// mapping views (a JavaScript object has no `values()` method: its
    /// views are `Object.values(o)`, [`Self::object_builtin`]).
    fn builtin_method(
        &mut self,
        lang: Lang,
        recv: &Value,
        name: &str,
        call: &PendingCall,
        span: Span,
    ) -> Option<Value> {
        if let Value::Object(o) = recv {
            // A Kotlin map's collection functions walk its entries.
            if lang == Lang::Kotlin
                && !o.borrow().keyed
                && o.borrow().get(name).is_none()
                && matches!(name, "forEach" | "map" | "mapNotNull" | "flatMap" | "filter" | "onEach" | "forEachIndexed")
            {
                let entries = Value::List(Rc::new(RefCell::new(self.map_view(o, "entries", span))), span);
                let mut call = call.clone();
                super::receivers::trailing_first(&mut call);
                return self.builtin_method(lang, &entries, name, &call, span);
            }
            if o.borrow().keyed {
                let name = match lang {
                    // LINQ on a dictionary walks its key-value pairs.
                    Lang::CSharp if super::csharp_collections::is_linq(name, call.positional.len()) => {
                        self.charge(o.borrow().entries.len());
                        let pairs = Value::List(Rc::new(RefCell::new(self.key_value_pairs(o, span))), span);
                        return self.builtin_method(lang, &pairs, name, call, span);
                    }
                    Lang::CSharp => super::csharp_collections::map_alias(name)?,
                    _ => name,
                };
                return self.map_method(o, name, call, span);
            }
            if lang != Lang::Python {
                return None;
            }
            if name == "copy"
                && call.positional.is_empty()
                && call.keywords.is_empty()
                && o.borrow().get(name).is_none()
            {
                return Some(super::maps::copied(recv, false, self.budget.max_alternatives, span));
            }
            // `d.update(other)`, `d.update(k=v)`: keys copied in, in order.
            if name == "update" {
                for source in &call.positional {
                    merge_into(o, source);
                }
                for (k, v) in &call.keywords {
                    if &**k == "**" {
                        merge_into(o, v);
                    } else {
                        o.borrow_mut().set(k, v.clone(), call.kw_span(k));
                    }
                }
                return Some(Value::Null(span));
            }
            if let Some(v) = super::python_containers::dict_mutation(o, name, call, span) {
                return Some(v);
            }
            let view = dict_view(&o.borrow(), name, call, span);
            // A method nothing here models may have changed the dict: a key
            // it lacks is no longer surely missing.
            if view.is_none() && o.borrow().get(name).is_none() {
                o.borrow_mut().complete = false;
            }
            return view;
        }
        // Python's `cls.__subclasses__()`: the classes made so far that
        // name it among their bases.
        if let Value::Class(c) = recv {
            if lang == Lang::Python && name == "__subclasses__" && call.positional.is_empty() {
                self.charge(self.classes.len());
                let subclasses: Vec<Value> = self
                    .classes
                    .iter()
                    .filter(|k| k.bases.iter().any(|b| matches!(b, Value::Class(b) if Rc::ptr_eq(b, c))))
                    .map(|k| Value::Class(k.clone()))
                    .collect();
                return Some(Value::List(Rc::new(RefCell::new(subclasses)), span));
            }
            return None;
        }
        if let Value::Str(s, from) = recv {
            // Python's `sep.join(parts)`: known strings, joined.
            if lang == Lang::Python && name == "join" && call.positional.len() == 1 && call.keywords.is_empty() {
                return Some(joined(&call.positional[0], s, self.budget.max_str, span));
            }
            let out = str_method(lang, s, name, call, self.budget.max_str, span);
            // A string made from another is written where that one is (a
            // tool named `snake(Cls.simpleName)` is defined by `Cls`).
            let out = match out {
                Some(Value::Str(t, _)) => Some(Value::Str(t, *from)),
                out => out,
            };
            // What a string method builds is work of its own (a padded or
            // split long string): charged as its size.
            let size = match &out {
                Some(Value::Str(t, _)) => t.len() / 16,
                Some(Value::List(l, _)) => l.borrow().len(),
                _ => 0,
            };
            if !self.charge(size) {
                return Some(Value::Unknown(span));
            }
            return out;
        }
        let Value::List(list, lspan) = recv else {
            return None;
        };
        let items = list.borrow().clone();
        let name = match lang {
            Lang::CSharp => match super::csharp_collections::list_alias(name, call.positional.len()) {
                Some(alias) => alias,
                None => match self.csharp_list_method(&items, name, call, span) {
                    Some(v) => return Some(v),
                    None => name,
                },
            },
            _ => name,
        };
        let fresh = |v: Vec<Value>| Value::List(Rc::new(RefCell::new(v)), span);
        // What a list of known length derives is as known, also when empty.
        let known_length = super::numbers::length(lang, recv, span).is_some();
        let out = match name {
            // The JVM's `List` (Java, Kotlin): `add(x)`, `addAll(xs)`; Java's
            // stream steps that keep the elements (`stream()`, `toList()`).
            "add" if matches!(lang, Lang::Java | Lang::Kotlin) && call.positional.len() == 1 => {
                list.borrow_mut().extend(call.positional.iter().cloned());
                Value::Bool(true, span)
            }
            "addAll" if matches!(lang, Lang::Java | Lang::Kotlin) => {
                extend_list(list, call.arg(0), span);
                Value::Bool(true, span)
            }
            // C#'s `List<T>`: `Add(x)`, `AddRange(xs)` (LINQ: `csharp_collections`).
            "Add" if lang == Lang::CSharp && call.positional.len() == 1 => {
                list.borrow_mut().extend(call.positional.iter().cloned());
                Value::Undefined(span)
            }
            "AddRange" if lang == Lang::CSharp => {
                extend_list(list, call.arg(0), span);
                Value::Undefined(span)
            }
            // `toArray(T[]::new)` makes an array of the same elements.
            "stream" | "toList" | "collect" | "parallelStream" | "sequential" | "distinct" | "sorted" | "toArray"
                if lang == Lang::Java =>
            {
                fresh(items)
            }
            "toList" | "toMutableList" | "toTypedArray" | "asSequence" | "asIterable"
                if lang == Lang::Kotlin && call.positional.is_empty() =>
            {
                fresh(items)
            }
            // Kotlin's `filterNotNull()` (and `listOfNotNull(...)`, lowered
            // to it): each element without its null alternatives.
            "filterNotNull" if lang == Lang::Kotlin && call.positional.is_empty() => {
                let kept = items.into_iter().filter_map(Value::non_null).collect();
                Value::List(Rc::new(RefCell::new(kept)), span)
            }
            // A list's `includes(x)`, and `has(x)` on a `Set` (held as the
            // list of its elements, [`Interp::new_set`]).
            "includes" | "has" if lang != Lang::Python && call.positional.len() == 1 => {
                let found = super::relations::contains(super::relations::Asks::Element, recv, &call.positional[0]);
                found.map_or(Value::Unknown(span), |b| Value::Bool(b, span))
            }
            // A `Set`'s `add(x)`: kept once; the set itself is the result.
            "add" if matches!(lang, Lang::TypeScript | Lang::JavaScript) && call.positional.len() == 1 => {
                let x = &call.positional[0];
                if !items.iter().any(|e| e.literal_eq(x) == Some(true)) {
                    list.borrow_mut().push(x.clone());
                }
                recv.clone()
            }
            // Python's sets (held as lists of their elements) and lists
            // changed in place.
            "add" | "update" | "insert" | "remove" | "discard" | "clear" if lang == Lang::Python => {
                // Each change scans the set: work of its own, as big as the set.
                if !self.charge(items.len() + 1) {
                    return Some(Value::Unknown(span));
                }
                super::python_containers::list_mutation(list, name, call, span)
            }
            "push" | "append" | "unshift" => {
                list.borrow_mut().extend(call.positional.iter().cloned());
                Value::Undefined(span)
            }
            "extend" => {
                extend_list(list, call.arg(0), span);
                Value::Undefined(span)
            }
            "join" if matches!(lang, Lang::TypeScript | Lang::JavaScript) && call.positional.len() <= 1 => {
                let sep = match call.arg(0) {
                    None => ",",
                    Some(v) => match v.as_str() {
                        Some(sep) => sep,
                        None => return Some(Value::Unknown(span)),
                    },
                };
                joined(recv, sep, self.budget.max_str, span)
            }
            "concat" => {
                let mut out = items;
                for a in &call.positional {
                    match a {
                        Value::List(other, _) => out.extend(other.borrow().iter().cloned()),
                        other => out.push(other.clone()),
                    }
                }
                fresh(out)
            }
            // JS `flat()`: nested lists one level down (a depth argument
            // other than 1 is not followed).
            "flat" if lang != Lang::Python && call.positional.is_empty() => {
                let mut out = vec![];
                for item in items {
                    match item {
                        Value::List(inner, _) => out.extend(inner.borrow().iter().cloned()),
                        other => out.push(other),
                    }
                }
                fresh(out)
            }
            // `find(pred)` / `findLast(pred)`: the first element the
            // predicate holds for; one it may hold for is an alternative, and
            // when none surely does, missing is one too.
            "find" | "findLast" if lang != Lang::Python => {
                let f = call.arg(0).cloned().unwrap_or(Value::Unknown(span));
                let mut order: Vec<(usize, Value)> = items.into_iter().enumerate().collect();
                if name == "findLast" {
                    order.reverse();
                }
                let mut out = vec![];
                let mut found = false;
                for (i, item) in order {
                    let idx = Value::Num(i.to_string().into(), *lspan);
                    let args = PendingCall { positional: vec![item.clone(), idx], ..PendingCall::new(span) };
                    match self.call_value(&f, None, args, span).truthy_in(lang) {
                        Some(false) => {}
                        Some(true) => {
                            out.push(item);
                            found = true;
                            break;
                        }
                        None => out.push(item),
                    }
                }
                if !found {
                    out.push(Value::Undefined(span));
                }
                self.join(out, span)
            }
            // An array's iterators: `entries()` yields `[index, element]`
            // pairs, `keys()` the indexes, `values()` the elements.
            "entries" | "keys" | "values" if lang.is_javascript() && call.positional.is_empty() => {
                let index = |i: usize| Value::Num(i.to_string().into(), *lspan);
                fresh(match name {
                    "entries" => items.into_iter().enumerate().map(|(i, x)| fresh(vec![index(i), x])).collect(),
                    "keys" => (0..items.len()).map(index).collect(),
                    _ => items,
                })
            }
            "slice" | "copy" | "toSorted" | "reverse" | "sort" if call.positional.is_empty() => fresh(items),
            "slice" => fresh(slice(items, &call.positional)),
            "filter" | "map" | "forEach" | "flatMap" => {
                let f = call.arg(0).cloned().unwrap_or(Value::Unknown(span));
                let mut out = vec![];
                for (i, item) in items.into_iter().enumerate() {
                    let idx = Value::Num(i.to_string().into(), *lspan);
                    let args = PendingCall { positional: vec![item.clone(), idx], ..PendingCall::new(span) };
                    let r = self.call_value(&f, None, args, span);
                    match name {
                        // An unknown predicate keeps the element: it may be registered.
                        "filter" if r.truthy_in(lang) != Some(false) => out.push(item),
                        "map" => out.push(r),
                        "flatMap" => match r {
                            Value::List(l, _) => out.extend(l.borrow().iter().cloned()),
                            other => out.push(other),
                        },
                        _ => {}
                    }
                }
                if name == "forEach" {
                    Value::Undefined(span)
                } else {
                    fresh(out)
                }
            }
            _ => return None,
        };
        if let Value::List(l, _) = &out {
            let derived = matches!(name, "filter" | "map" | "flatMap" | "slice" | "concat" | "flat");
            if derived && known_length && l.borrow().is_empty() && self.derived_empty.len() < 4096 {
                self.derived_empty.push(l.clone());
            }
        }
        Some(out)
    }

    /// A JS function's own methods: `f.bind(thisArg)` is `f` with `this`
    /// fixed, and `f.call(thisArg, ...args)` calls it so (a method re-bound
    /// in a constructor, `this.init = this.init.bind(this)`). `bind` with
    /// arguments to fix is not followed.
    fn function_method(
        &mut self,
        lang: Lang,
        recv: &Value,
        name: &str,
        call: &PendingCall,
        span: Span,
    ) -> Option<Value> {
        if !matches!(lang, Lang::TypeScript | Lang::JavaScript) || !call.keywords.is_empty() {
            return None;
        }
        let closure = match recv {
            Value::Func(c) | Value::Bound(c, _) => c.clone(),
            _ => return None,
        };
        match (name, &call.positional[..]) {
            // A bound function keeps its first `this`.
            ("bind", [_]) if matches!(recv, Value::Bound(..)) => Some(recv.clone()),
            ("bind", [this]) => Some(Value::Bound(closure, Box::new(this.clone()))),
            ("call", [this, rest @ ..]) => {
                let this = match recv {
                    Value::Bound(_, bound) => (**bound).clone(),
                    _ => this.clone(),
                };
                let args = PendingCall { positional: rest.to_vec(), ..PendingCall::new(span) };
                Some(self.call_value(&Value::Func(closure), Some(this), args, span))
            }
            _ => None,
        }
    }

    fn sdk_call(&mut self, s: &Rc<SdkValue>, call: PendingCall, span: Span) -> Value {
        let table = TABLES[s.table];
        if let Some(v) = self.listing_call(s, &call, span) {
            return v;
        }
        if s.ty == super::marked::MARKER {
            return self.mark(s, call, span);
        }
        // A decorator made by an earlier call: this call hands it the function.
        if let Some((pending, roles)) =
            s.pending.as_ref().zip(s.decorator).filter(|_| s.ty != super::tool_objects::TOOL)
        {
            let handler = call.positional.first().cloned();
            // rmcp's `#[tool]` makes tools of methods only: on an `impl`
            // (rmcp 0.1's `#[tool(tool_box)]`, what `#[tool_router]`
            // became) it marks the router of the methods' tools.
            if matches!(handler, Some(Value::Class(_))) && roles.api == crate::frontend::rust::API_TOOL_ATTR {
                return handler.unwrap_or(Value::Unknown(span));
            }
            if s.ty == "@tool-decorator" {
                return self.make_tool(s.table, roles, pending, handler, span);
            }
            self.register(s, roles, pending, handler.clone(), span);
            return handler.unwrap_or(Value::Unknown(span));
        }
        if let (Some(stored), "@partial") = (&s.pending, s.ty) {
            return self.call_partial(stored, call, span);
        }
        let op = match &s.method {
            Some(m) => Op::Method(leak_known(table, m)),
            None => Op::Call,
        };
        let Some(rule) = table.rule_anywhere(s.ty, &op) else {
            return Value::Unknown(span);
        };
        self.sdk_effect(s, rule, &rule.effect, call, span)
    }

    pub(super) fn sdk_effect(
        &mut self,
        s: &Rc<SdkValue>,
        rule: &'static super::sdk::Rule,
        effect: &'static Effect,
        call: PendingCall,
        span: Span,
    ) -> Value {
        let table = TABLES[s.table];
        match effect {
            Effect::When { arg, equals, then } => match call.arg(*arg).and_then(Value::as_str) {
                Some(v) if v == *equals => self.sdk_effect(s, rule, then, call, span),
                _ => Value::Unknown(span),
            },
            Effect::Unless { kw, ty, then } => match call.kw(kw) {
                Some(Value::Sdk(k)) if k.ty == *ty => Value::Unknown(span),
                _ => self.sdk_effect(s, rule, then, call, span),
            },
            Effect::Returns(ty) => {
                // A type another table adds (`"ts:Server"` is not this
                // table's): the value belongs to the table of the rule.
                let t = super::sdk::rule_table(s.table, rule);
                made(t, ty, span)
            }
            Effect::RegisterReturns(roles, ty) => {
                let r = self.register(s, roles, &call, None, span);
                // A tool made from a method nobody knows (C#'s reflection
                // loop over `GetMethods()`): the SDK also reads that method's
                // own attribute, so hints the call does not set are unknown,
                // not absent; and it may be any class's attributed method,
                // served from dependency injection (`AddSingleton(sp =>
                // McpServerTool.Create(method, ...))`) as well as `WithTools`.
                if let (Some(Value::Unknown(at)), true) = (call.arg(0), roles.api == super::sdk::csharp_sdk::API_CREATE)
                {
                    self.serving.made_from_unknown.push(r);
                    self.serving.unknown = true;
                    let reg = &mut self.registrations[r];
                    let unset = match &reg.annotations {
                        None | Some(Value::Null(_) | Value::Undefined(_)) => true,
                        Some(Value::Object(o)) => o.borrow().entries.is_empty(),
                        _ => false,
                    };
                    if unset {
                        reg.annotations = Some(Value::Unknown(*at));
                    }
                }
                let t = super::sdk::rule_table(s.table, rule);
                self.handles.push((t, ty, r));
                Value::Sdk(Rc::new(SdkValue { registration: Some(r), ..SdkValue::plain(t, ty, span) }))
            }
            Effect::RegisterChained(roles) => {
                let handed_tool =
                    call.positional.iter().any(|v| matches!(v, Value::Sdk(h) if h.registration.is_some()));
                if !handed_tool {
                    // Each tool of a chain where its name is written, not
                    // at the chain's first receiver.
                    let at = call.arg_span(0).unwrap_or(span);
                    if self.from_params.contains(&s.span) {
                        self.from_params.insert(at);
                    }
                    let site = SdkValue { span: at, ..SdkValue::plain(s.table, s.ty, at) };
                    self.register(&site, roles, &call, None, at);
                }
                chained(s)
            }
            Effect::RegisterEach { items, roles } => {
                self.register_each(s, items, roles, &call, span);
                Value::Unknown(span)
            }
            Effect::Update(roles) => {
                self.update_registration(s, roles, &call, span);
                // A builder's chain goes on with the same tool (rmcp's
                // `Tool::new(..).annotate(..)`); JavaScript's `update` returns nothing.
                if TABLES[s.table].langs.contains(&Lang::Rust) {
                    chained(s)
                } else {
                    Value::Undefined(span)
                }
            }
            Effect::Nothing => Value::Undefined(span),
            Effect::UpdateHints(fields) => {
                self.update_hints(s, fields, &call, span);
                chained(s)
            }
            Effect::Builder { ty, fields } => self.new_builder(s, ty, fields, call, span),
            Effect::Set(_) | Effect::Build(_) => Value::Unknown(span),
            Effect::MethodMarker(roles) => self.marker(s, roles, call, span),
            Effect::RegisterMarked => self.register_marked(s, &call, span),
            Effect::CallsBack { func, with, returns } => {
                self.calls_back(s, func, with, &call, span);
                match returns {
                    Some(ty) if *ty == s.ty => chained(s),
                    Some(ty) => made(super::sdk::rule_table(s.table, rule), ty, span),
                    None => Value::Unknown(span),
                }
            }
            // A type's property rows, not a callable.
            Effect::OfType(_) | Effect::Properties => Value::Unknown(span),
            Effect::As(api, ty) => match super::sdk::table_index(api) {
                // One hop: the other table's own rules, not another `As`.
                Some(t) if !std::ptr::eq(TABLES[t], table) => {
                    let other = SdkValue { method: s.method.clone(), ..SdkValue::plain(t, ty, s.span) };
                    self.sdk_call(&Rc::new(other), call, span)
                }
                _ => Value::Unknown(span),
            },
            Effect::Registry(_) => Value::Unknown(span),
            Effect::ReturnsGenerating(ty, roles) => {
                self.register_unknown(roles, &Value::Unknown(span), span);
                if let Some(r) = self.registrations.last_mut() {
                    r.generated = true;
                }
                made(super::sdk::rule_table(s.table, rule), ty, span)
            }
            Effect::ReturnsRegistering(ty, keyword, roles) => {
                self.register_each_kw(s, keyword, roles, &call);
                made(super::sdk::rule_table(s.table, rule), ty, span)
            }
            Effect::Record => Value::Object(Rc::new(RefCell::new(Obj::of_keywords(&call, span)))),
            Effect::Construct { sigs, defaults } => self.construct_record(sigs, *defaults, &call, span),
            Effect::ReturnsApplying(ty) => {
                let value = made(super::sdk::rule_table(s.table, rule), ty, span);
                self.returns_applying(value, &call, span)
            }
            Effect::Register(roles) => {
                self.register(s, roles, &call, None, span);
                Value::Unknown(span)
            }
            Effect::Partial => {
                Value::Sdk(Rc::new(SdkValue { pending: Some(call), ..SdkValue::plain(s.table, "@partial", span) }))
            }
            Effect::MakeTool(roles) => self.make_tool(s.table, roles, &call, None, span),
            Effect::ToolDecorator(roles) => {
                if matches!(call.arg(0), Some(Value::Func(_) | Value::Bound(..))) {
                    let mut rest = call.clone();
                    let handler = rest.positional.remove(0);
                    return self.make_tool(s.table, roles, &rest, Some(handler), span);
                }
                Value::Sdk(Rc::new(SdkValue {
                    table: s.table,
                    ty: "@tool-decorator",
                    method: None,
                    pending: Some(call),
                    decorator: Some(roles),
                    span: s.span,
                    registration: None,
                    instance: s.instance,
                    listing: None,
                }))
            }
            Effect::ListHandler(h) => {
                self.list_handler(s.table, h, &call, span);
                Value::Unknown(span)
            }
            // A type, not a callable.
            Effect::Define(_) => Value::Unknown(span),
            effect @ (Effect::Definition | Effect::ListingDecorator(_) | Effect::ListingHandler(_)) => {
                self.listing_effect(s, effect, rule.on, call, span)
            }
            Effect::Decorator(roles) => {
                // `@server.tool` used bare: the function is the first argument.
                if matches!(call.arg(0), Some(Value::Func(_) | Value::Bound(..))) {
                    let mut rest = call.clone();
                    let handler = rest.positional.remove(0);
                    self.register(s, roles, &rest, Some(handler.clone()), span);
                    return handler;
                }
                Value::Sdk(Rc::new(SdkValue {
                    table: s.table,
                    ty: "@decorator",
                    method: None,
                    pending: Some(call),
                    decorator: Some(roles),
                    listing: None,
                    // The method read (`mcp.tool`): the registration's head.
                    span: s.span,
                    registration: None,
                    instance: s.instance,
                }))
            }
            Effect::Keeps(ty) => {
                Value::Sdk(Rc::new(SdkValue { pending: Some(call), ..SdkValue::plain(s.table, ty, span) }))
            }
            Effect::Range => {
                let n: Vec<Option<i64>> = call.positional.iter().map(int).collect();
                let (start, stop, step) = match n.as_slice() {
                    [Some(stop)] => (0, *stop, 1),
                    [Some(a), Some(b)] => (*a, *b, 1),
                    [Some(a), Some(b), Some(c)] if *c != 0 => (*a, *b, *c),
                    _ => return self.unknown_from(&call.positional.iter().collect::<Vec<_>>(), span),
                };
                let len = if step > 0 { (stop - start + step - 1) / step } else { (start - stop - step - 1) / -step };
                if len > self.budget.max_unroll as i64 {
                    return Value::Unknown(span);
                }
                let items = (0..len.max(0)).map(|i| Value::Num((start + i * step).to_string().into(), span)).collect();
                Value::List(Rc::new(RefCell::new(items)), span)
            }
            Effect::Bean => self.mark_bean(s, &call, span),
            Effect::BeansOf { one } => self.beans_of_call(&call, *one, span),
            Effect::Service => self.service(&call, span),
            Effect::ContainerDefine(scope) => self.container_define(s, scope, &call, span),
            Effect::ContainerGet { one } => self.container_get(&call, *one, span),
            Effect::KeptArg(n) => s.pending.as_ref().and_then(|p| p.arg(*n)).cloned().unwrap_or(Value::Unknown(span)),
            Effect::Arg(n) => call.arg(*n).cloned().unwrap_or(Value::Unknown(span)),
            Effect::IsInstance | Effect::IsSubclass => {
                let ask = match effect {
                    Effect::IsInstance => super::relations::python_instance_of,
                    _ => super::relations::python_subclass_of,
                };
                let answer = match &call.positional[..] {
                    [v, Value::List(classes, _)] => {
                        let answers: Vec<Option<bool>> = classes.borrow().iter().map(|c| ask(v, c)).collect();
                        if answers.contains(&Some(true)) {
                            Some(true)
                        } else if answers.iter().all(|a| *a == Some(false)) {
                            Some(false)
                        } else {
                            None
                        }
                    }
                    [v, class] => ask(v, class),
                    _ => None,
                };
                answer.map_or(Value::Unknown(span), |b| Value::Bool(b, span))
            }
            Effect::IsCallable => {
                let answer = match &call.positional[..] {
                    [v] => super::relations::callable(v),
                    _ => None,
                };
                answer.map_or(Value::Unknown(span), |b| Value::Bool(b, span))
            }
            Effect::Collect { unique } => self.collect(&call, *unique, span),
            Effect::Sorted => self.sorted(&call, span),
            Effect::Mount(how) => {
                self.mount(s.instance, how, &call);
                Value::Undefined(span)
            }
            Effect::Copy { deep } => match call.arg(0) {
                Some(v) if call.positional.len() == 1 => {
                    super::maps::copied(v, *deep, self.budget.max_alternatives, span)
                }
                _ => Value::Unknown(span),
            },
            Effect::NewMapping => self.new_mapping(&call, span),
            Effect::Path(op) => self.path_effect(s, *op, &call, span),
            Effect::File(op) => self.file_effect(s, *op, &call, span),
            Effect::Length => match (&call.positional[..], call.keywords.is_empty()) {
                ([v], true) => {
                    let lang = self.modules.iter().find(|m| m.file == span.file).map_or(Lang::Python, |m| m.lang);
                    let lengths: Option<Vec<Value>> =
                        v.alternatives().iter().map(|a| super::numbers::length(lang, a, span)).collect();
                    match lengths {
                        Some(l) => self.join(l, span),
                        None => Value::Unknown(span),
                    }
                }
                _ => Value::Unknown(span),
            },
            Effect::ImportModule => self.import_module(&call, span),
            Effect::LoadedModule => self.loaded_module(&call, span),
            Effect::GetAttr => self.getattr(&call, span),
            Effect::IsCoroutineFunction => self.is_coroutine_function(&call, span),
            Effect::ListModules { recursive } => self.list_modules(&call, *recursive, span),
            Effect::ClassOf => match (&call.positional[..], call.keywords.is_empty()) {
                ([Value::Instance(i)], true) => Value::Class(i.class.clone()),
                _ => Value::Unknown(span),
            },
            Effect::CopyInto { into, from } => {
                if let Some(Value::Object(target)) = call.arg(*into) {
                    merge_into(target, call.arg(*from).unwrap_or(&Value::Unknown(span)));
                }
                Value::Undefined(span)
            }
            Effect::ArgOrDefault { arg, default } => {
                let fallback = call.arg(*default).cloned().unwrap_or(Value::Unknown(span));
                let alts = call.arg(*arg).cloned().unwrap_or(Value::Unknown(span)).alternatives();
                let read = alts
                    .into_iter()
                    .map(|v| match v {
                        Value::Null(_) | Value::Undefined(_) => fallback.clone(),
                        other => other,
                    })
                    .collect();
                self.join(read, span)
            }
            Effect::Concat => {
                let parts = call.positional.into_iter().map(super::state::Part::Spread).collect();
                self.concat(parts, span)
            }
            Effect::Shape(op) => self.shape_effect(s, op, call, span),
            // A type, not a callable.
            Effect::WireRecord { .. } => Value::Unknown(span),
            Effect::Options { init, options, defines } => {
                self.options(s.table, init, *options, *defines, &call, span, s.span)
            }
            Effect::SetOption { at, arg } => self.set_option(s, at, *arg, &call, span),
            Effect::RegisterArgs(from, roles) => {
                self.register_args(s, *from, roles, &call);
                // A builder's chain goes on (Java's `McpServer.sync(t).tools(a, b).build()`).
                chained(s)
            }
            Effect::ArgOrSelf(n) => call.arg(*n).cloned().unwrap_or_else(|| Value::Sdk(s.clone())),
            Effect::RegisterOwned { roles, owner } => {
                self.register_owned(s, roles, owner, &call, span);
                Value::Unknown(span)
            }
            Effect::Serve(how) => {
                self.serve(how, &call, span);
                Value::Sdk(s.clone())
            }
        }
    }

    /// Registers each element of the list given as `keyword`, as if it
    /// were passed alone, reported where the element is written.
    fn register_each_kw(&mut self, s: &SdkValue, keyword: &str, roles: &'static Roles, call: &PendingCall) {
        let Some(Value::List(items, list_span)) = call.kw(keyword) else { return };
        let items = items.borrow().clone();
        let spans = call.element_spans.iter().find(|(k, _)| &**k == keyword).map(|(_, s)| s.as_slice());
        for (i, item) in items.into_iter().enumerate() {
            let at = spans.and_then(|s| s.get(i)).copied().unwrap_or(*list_span);
            let one = PendingCall { positional: vec![item], spans: vec![(None, at)], ..PendingCall::new(at) };
            self.register(s, roles, &one, None, at);
        }
    }

    /// Calls a `functools.partial`: its function with the stored arguments
    /// first, the call's keywords replacing stored ones.
    fn call_partial(&mut self, stored: &PendingCall, call: PendingCall, span: Span) -> Value {
        let Some(f) = stored.positional.first().cloned() else { return Value::Unknown(span) };
        let given: Vec<Rc<str>> = call.keywords.iter().map(|(k, _)| k.clone()).collect();
        let kept = |k: &str| !given.iter().any(|g| &**g == k);
        let mut merged = PendingCall::new(span);
        merged.positional = stored.positional[1..].iter().chain(&call.positional).cloned().collect();
        merged.keywords = stored.keywords.iter().filter(|(k, _)| kept(k)).chain(&call.keywords).cloned().collect();
        // Positional spans in order (the stored ones after `f`), then keywords.
        let positional = |c: &PendingCall| c.spans.iter().filter(|(k, _)| k.is_none()).cloned().collect::<Vec<_>>();
        merged.spans = positional(stored).into_iter().skip(1).chain(positional(&call)).collect();
        merged.spans.extend(stored.spans.iter().filter(|(k, _)| k.as_deref().is_some_and(kept)).cloned());
        merged.spans.extend(call.spans.iter().filter(|(k, _)| k.is_some()).cloned());
        self.call_value(&f, None, merged, span)
    }

    /// Records a registration; its index in `registrations`.
    pub(super) fn register(
        &mut self,
        s: &SdkValue,
        roles: &'static Roles,
        call: &PendingCall,
        handler: Option<Value>,
        span: Span,
    ) -> usize {
        // A tool record that is one of several, each named differently (`if
        // ok { return a, nil }; return b, nil`): each is a tool, registered
        // as a caller on its path would. Alternatives of one name stay one
        // registration, whose differing hints are unresolved.
        if let Some(split) = self.split_by_name(roles, call, handler.as_ref(), span) {
            let mut last = 0;
            for one in split {
                last = self.register(s, roles, &one, handler.clone(), span);
            }
            return last;
        }
        // `add_tool(fn)` has no handler role: the function it is passed, or
        // the one a tool object handed to it was made from.
        let handler = handler.or_else(|| super::tool_objects::tool_handler(call));
        let null_is_absent = TABLES[s.table].null_is_absent;
        let pick = |this: &mut Self, paths: &[Path]| {
            paths
                .iter()
                .filter_map(|p| this.path(p, call, handler.as_ref(), span))
                .find(|(v, _)| !(null_is_absent && matches!(v, Value::Null(_))))
        };
        let reading = std::mem::replace(&mut self.reading_parts, true);
        let name = pick(self, roles.name).map(|(v, at)| (self.own_names(v), at));
        let title = pick(self, roles.title).map(|(v, _)| v);
        let description = pick(self, roles.description).map(|(v, _)| v);
        let annotations = pick(self, roles.annotations);
        self.reading_parts = reading;
        let slot = self.annotations_slot(roles, call, handler.as_ref(), span, annotations.is_none());
        // A schema read off the handler's parameter types waits for the end
        // of the run ([`Interp::read_inputs`]): the types may be declared later.
        let later = !roles.params.is_empty() && roles.params.iter().all(|p| matches!(p, Path::WrappedInput(_)));
        let (inputs, inputs_later) = match roles.params {
            [] => (super::Inputs::Handler, &[][..]),
            paths if later => (super::Inputs::Handler, paths),
            paths => {
                let picked = pick(self, paths);
                (self.inputs_of(picked, span), &[][..])
            }
        };
        // Plumbing only when the server is the caller's too: a function that
        // makes its own server and registers what it is given is a server
        // whose tools are unknown, not a helper.
        let name_param_derived = matches!(&name, Some((v, _)) if self.param_derived(v));
        // A record an SDK type's constructor makes (`Tool::new(name, ..)`)
        // has no server: named from a root's parameters, it is a helper's
        // plumbing too; so is a name from a parameter declared with a type
        // (`tool mcp.Tool`, a Go receiver's fields), what the function's
        // callers pass, whoever owns the server.
        let made_by_type = s.method.is_some() && TABLES[s.table].symbols.iter().any(|(_, ty)| *ty == s.ty);
        // Or when every argument is a parameter of a root, passed on as it
        // came (`(t) => other.addTool(t)`, a forwarding registrar nothing
        // calls): it registers its callers' tools, none of its own. A root
        // that registers what it derives from them (the functions of an
        // `extra` mapping, into a server it made) is a server whose tools
        // are unknown.
        let forwards = !call.positional.is_empty()
            && call
                .positional
                .iter()
                .chain(call.keywords.iter().map(|(_, v)| v))
                .all(|v| matches!(v, Value::Unknown(at) if self.root_params.contains(at)));
        let name_from_params = name_param_derived
            && (self.from_params.contains(&s.span)
                || made_by_type
                || forwards
                || name.as_ref().is_some_and(|(v, _)| self.param_declared(v)));
        // A tool object built inside the call is where the tool is written.
        let built = Self::tool_built_in(call, span).or_else(|| self.loop_record(roles, call));
        self.note_record(roles, call, handler.as_ref(), span);
        let made = made_in(call);
        let callers_matter =
            self.in_root && (name_param_derived || annotations.as_ref().is_some_and(|(v, _)| self.mentions_params(v)));
        // A registration is work of its own, and memory kept to the end
        // of the run: a small file whose loops register thousands of tools
        // stops at the budget.
        self.charge(super::budget::REGISTRATION_STEPS);
        self.registrations.push(Registration {
            api: super::tool_objects::tool_api(call).unwrap_or(roles.api),
            site: built.unwrap_or(s.span),
            call: built.unwrap_or(span),
            stack: self.stack.iter().map(|(_, s)| *s).collect(),
            made_in: made.as_ref().map(|(calls, _)| calls.clone()).unwrap_or_default(),
            record_at: made.and_then(|(_, at)| at),
            name_at: name.as_ref().and_then(|(_, at)| *at),
            name: name.map(|(v, _)| v),
            title,
            description,
            annotations_at: annotations.as_ref().and_then(|(_, at)| *at),
            annotations: annotations.map(|(v, _)| v),
            slot,
            inputs,
            inputs_later,
            name_from_params,
            name_param_derived,
            handed_at: handler.as_ref().and_then(|h| self.handed_at(h)),
            declared_at: handler.as_ref().and_then(|h| self.handed_elsewhere(h, span)),
            handler,
            from_root: self.in_root,
            branches: self.branches,
            server: s.instance,
            generated: false,
            callers_matter,
        });
        self.registrations.len() - 1
    }

    /// Where the annotations a registration lacks would be written: the
    /// call itself when the SDK reads them from an argument of it (a
    /// keyword, a named argument, flat attribute properties), or the
    /// record literal it reads them from as a member (`registerTool`'s
    /// config object, a Go `mcp.Tool{}`, the tool mcp-go's `NewTool` makes).
    fn annotations_slot(
        &mut self,
        roles: &Roles,
        call: &PendingCall,
        handler: Option<&Value>,
        span: Span,
        absent: bool,
    ) -> Option<Span> {
        // A tool object handed to the call carries its own annotations:
        // the call may take none (fastmcp's `add_tool(tool)`).
        let of_object = |p: &Path| matches!(p, Path::Of(..));
        if roles.annotations.iter().any(of_object) && super::tool_objects::tool_api(call).is_some() {
            return None;
        }
        let mut path = roles.annotations.first()?;
        loop {
            match path {
                Path::FromMeta(inner) => path = inner,
                Path::Kw(_) | Path::ArgOrKw(..) | Path::Param(..) | Path::Kws(_) | Path::KwsExcept(_) => {
                    return Some(span)
                }
                Path::Pick(Path::Kw(_), _) => return Some(span),
                // Only a record handed over as it is: a base that calls
                // something (`Returned`, `Provided`) is not run twice.
                Path::Member(
                    base @ (Path::Arg(_) | Path::Kw(_) | Path::ArgOrKw(..) | Path::Param(..) | Path::Element),
                    _,
                ) if absent => {
                    let (record, _) = self.path(base, call, handler, span)?;
                    let Value::Object(o) = record else { return None };
                    return o.borrow().span;
                }
                _ => return None,
            }
        }
    }

    /// A name that is a root's parameter or a default the function writes
    /// (`toolName || "web_search"`): the default is the function's own
    /// tool, what callers pass is theirs (plumbing), so only the names the
    /// function writes remain.
    fn own_names(&self, v: Value) -> Value {
        let Value::OneOf(alts) = &v else { return v };
        let own: Vec<Value> = alts.iter().filter(|a| !self.param_derived(a)).cloned().collect();
        if own.is_empty() || own.len() == alts.len() || !own.iter().all(|a| matches!(a, Value::Str(..))) {
            return v;
        }
        match own[0].span() {
            Some(span) => Value::join(own, usize::MAX, span),
            None => v,
        }
    }

    /// The call once per alternative of an argument that is one of several
    /// records, when each alternative gives a different known name.
    fn split_by_name(
        &mut self,
        roles: &'static Roles,
        call: &PendingCall,
        handler: Option<&Value>,
        span: Span,
    ) -> Option<Vec<PendingCall>> {
        let i = call.positional.iter().position(|v| {
            matches!(v, Value::OneOf(_)) && v.alternatives().iter().all(|a| matches!(a, Value::Object(_)))
        })?;
        let path = roles.name.first()?;
        let mut names: Vec<Rc<str>> = vec![];
        let mut calls = vec![];
        for alt in call.positional[i].alternatives() {
            let mut one = call.clone();
            one.positional[i] = alt;
            let Some((Value::Str(name, _), _)) = self.path(path, &one, handler, span) else { return None };
            if names.contains(&name) {
                return None;
            }
            names.push(name);
            calls.push(one);
        }
        Some(calls)
    }

    /// The inputs a registration's params path gave.
    pub(super) fn inputs_of(&mut self, picked: Option<(Value, Option<Span>)>, span: Span) -> super::Inputs {
        match picked {
            None | Some((Value::Undefined(_) | Value::Null(_), _)) => super::Inputs::NoSchema,
            Some((v, _)) => super::Inputs::Schema(self.sent_schema(v, span)),
        }
    }

    /// The call site of the outermost project call on the stack that was
    /// handed `handler` as an argument (a project decorator applied to it).
    fn handed_at(&self, handler: &Value) -> Option<Span> {
        let (Value::Func(h) | Value::Bound(h, _)) = handler else { return None };
        self.stack.iter().zip(&self.handed).find_map(|((_, at), funcs)| {
            // A function run as a root has no call site (an empty span).
            (at.end > at.start && funcs.iter().any(|f| Rc::ptr_eq(f, h))).then_some(*at)
        })
    }

    /// Remembers where each function the innermost call was handed was
    /// first handed to a project call ([`Interp::handed_at`] then).
    fn note_handed(&mut self) {
        let Some(funcs) = self.handed.last().cloned() else { return };
        for f in funcs {
            let key = Rc::as_ptr(&f) as usize;
            if self.first_handed.contains_key(&key) {
                continue;
            }
            if let Some(at) = self.handed_at(&Value::Func(f.clone())) {
                self.first_handed.insert(key, (f, at));
            }
        }
    }

    /// For a handler defined in another file than the registering `call`
    /// (a registry filled by the tool modules' own decorator, registered
    /// later in a loop): where it was first handed to a project call, which
    /// is where that tool is declared.
    fn handed_elsewhere(&self, handler: &Value, call: Span) -> Option<Span> {
        let (Value::Func(h) | Value::Bound(h, _)) = handler else { return None };
        if self.modules[h.module].file == call.file {
            return None;
        }
        self.first_handed.get(&(Rc::as_ptr(h) as usize)).map(|(_, at)| *at)
    }

    /// The value a role's path gives, with the span of the argument it was read from.
    pub(super) fn path(
        &mut self,
        p: &Path,
        call: &PendingCall,
        handler: Option<&Value>,
        span: Span,
    ) -> Option<(Value, Option<Span>)> {
        let (v, at) = match p {
            Path::Arg(i) => (call.arg(*i).cloned()?, call.arg_span(*i)),
            Path::Kw(k) => (call.kw(k).cloned()?, call.kw_span(k)),
            Path::ArgOrKw(i, k) => match call.arg(*i) {
                Some(v) => (v.clone(), call.arg_span(*i)),
                None => (call.kw(k).cloned()?, call.kw_span(k)),
            },
            Path::Member(base, key) => {
                // The argument holds the value somewhere inside: no span of its own.
                let (b, _) = self.path(base, call, handler, span)?;
                // A record a registration reads a part out of is read by it.
                if self.reading_parts {
                    for alt in b.alternatives() {
                        if let Value::Object(o) = alt {
                            self.registered_records.insert(Rc::as_ptr(&o) as *const () as usize, o.clone());
                            if let Some(at) = o.borrow().span {
                                self.read_record_sites.insert(at);
                            }
                        }
                    }
                }
                (self.get_member(&b, key, span), None)
            }
            Path::Handler => (handler.cloned()?, None),
            Path::Unknown => (Value::Unknown(span), None),
            Path::InputType(base, n) => {
                let (f, _) = self.path(base, call, handler, span)?;
                (self.input_type_schema(&f, *n, span), None)
            }
            Path::Returned(base) => {
                let (f, _) = self.path(base, call, handler, span)?;
                let at = super::conventions::sdk_call_site(self, &f, span);
                (self.call_value(&f, None, PendingCall::new(at), at), None)
            }
            Path::Provided { of, method, required } => {
                let (v, _) = self.path(of, call, handler, span)?;
                let defines = |this: &Self, name: &str| match &v {
                    Value::Class(c) => this.class_member(c, name).is_some(),
                    Value::Instance(i) => this.class_member(&i.class, name).is_some(),
                    _ => false,
                };
                if defines(self, method) {
                    (self.get_member(&v, method, span), None)
                } else if defines(self, required) {
                    return None;
                } else {
                    (Value::Unknown(span), None)
                }
            }
            Path::Element => self.each.as_ref().map(|(e, _, at)| (e.clone(), *at))?,
            Path::Key => self.each.as_ref().and_then(|(_, k, at)| k.clone().map(|k| (k, *at)))?,
            Path::ModuleStem => (self.module_stem.clone()?, None),
            Path::HandlerName => (self.get_member(handler?, "__name__", span), None),
            Path::Of(inner, key) => {
                let (v, _) = self.path(inner, call, handler, span)?;
                self.tool_part(&v, key, 0)?
            }
            Path::Param(sigs, name) => match super::signature::bind(sigs, name, call) {
                Bound::Arg(i) => (call.arg(i).cloned()?, call.arg_span(i)),
                Bound::Kw => (call.kw(name).cloned()?, call.kw_span(name)),
                Bound::Absent => return None,
                Bound::Undecided(at) => return Some((Value::Unknown(at), None)),
            },
            Path::WrappedInput(ty) => (self.wrapped_input(handler?, ty, span)?, None),
            Path::Fields(inner) => {
                let (v, _) = self.path(inner, call, handler, span)?;
                (self.fields_schema(&v, span), None)
            }
            Path::KwsExcept(except) => {
                let mut rest = PendingCall::new(call.span);
                rest.keywords = call.keywords.iter().filter(|(k, _)| !except.contains(&&**k)).cloned().collect();
                rest.keyword_names = call.keyword_names.clone();
                if rest.keywords.is_empty() {
                    return None;
                }
                (Value::Object(Rc::new(RefCell::new(Obj::of_keywords(&rest, call.span)))), None)
            }
            Path::FromMeta(inner) => {
                let (v, at) = self.path(inner, call, handler, span)?;
                (super::value::from_meta(&v), at)
            }
            Path::Kws(names) => (self.keywords_record(call, names)?, None),
            Path::Pick(inner, names) => {
                let (v, at) = self.path(inner, call, handler, span)?;
                (super::attributes::pick(&v, names, span)?, at)
            }
            Path::MethodInputs { of, injected, inputs } => {
                let (f, _) = self.path(of, call, handler, span)?;
                (self.method_inputs(&f, injected, inputs, span), None)
            }
            Path::DerivedName { of, returns, rule } => {
                let (f, _) = self.path(of, call, handler, span)?;
                let returns = self.path(returns, call, handler, span).map(|(v, _)| v);
                (self.derived_name(&f, returns.as_ref(), rule, span), None)
            }
            Path::Slot(layout, n) => {
                let i = match slot_argument(layout, *n, call) {
                    Slotted::Arg(i) => i,
                    Slotted::Absent => return None,
                    Slotted::Undecided(i) => return Some((Value::Unknown(call.arg_span(i).unwrap_or(span)), None)),
                };
                (call.arg(i).cloned()?, call.arg_span(i))
            }
            Path::ArgOfArity(layout) => {
                let n = call.positional.len();
                let (_, i) = layout.iter().find(|(arity, _)| *arity == n)?;
                (call.arg(*i).cloned()?, call.arg_span(*i))
            }
            Path::SdkDefaults(hints) => {
                let mut o = Obj::new(span);
                o.set(crate::model::SDK_DEFAULTS_KEY, Value::str(hints, span), Some(span));
                (Value::Object(Rc::new(RefCell::new(o))), None)
            }
        };
        (!matches!(v, Value::Undefined(_))).then_some((v, at))
    }
}

/// The value a builder method called on `s` returns: the same tool (not
/// the method read off it), so the chain goes on.
fn chained(s: &SdkValue) -> Value {
    Value::Sdk(Rc::new(SdkValue {
        method: None,
        pending: s.pending.clone(),
        registration: s.registration,
        ..SdkValue::plain(s.table, s.ty, s.span)
    }))
}

/// The functions a call passes, by position or keyword.
fn handed_functions(call: &PendingCall) -> Vec<Rc<Closure>> {
    let args = call.positional.iter().chain(call.keywords.iter().map(|(_, v)| v));
    args.filter_map(|v| match v {
        Value::Func(c) | Value::Bound(c, _) => Some(c.clone()),
        _ => None,
    })
    .collect()
}

/// Whether `v` is a type, or a tuple of them (`Cls[A, B]`).
fn is_type(v: &Value) -> bool {
    match v {
        Value::Class(_) | Value::Sdk(_) => true,
        Value::List(l, _) => l.borrow().iter().all(is_type),
        _ => false,
    }
}

/// Where each element of a list literal without spreads was written.
fn element_spans(e: &Expr) -> Option<Vec<Span>> {
    let Expr::List { items, .. } = e else { return None };
    items
        .iter()
        .map(|i| match i {
            ir::Element::Item(e) => Some(e.span()),
            ir::Element::Spread(_) => None,
        })
        .collect()
}

/// A mapping's `items()`, `values()` and `keys()` as lists (pairs for
/// `items`), when every key is known and the object has no member of that
/// name of its own.
fn dict_view(o: &super::value::Obj, name: &str, call: &PendingCall, span: Span) -> Option<Value> {
    if name == "get" {
        return dict_get(o, call, span);
    }
    // Values stored under keys nobody knows ([`UNKNOWN_KEY`]) are listed
    // with an unknown key; a dict incomplete for another reason (a spread
    // of something unknown) is not listed at all.
    let unknown_keys = o.entries.iter().any(|(k, _, _)| k.starts_with(UNKNOWN_KEY));
    if (!o.complete && !unknown_keys)
        || !call.positional.is_empty()
        || !call.keywords.is_empty()
        || o.get(name).is_some()
    {
        return None;
    }
    let list = |v: Vec<Value>| Value::List(Rc::new(RefCell::new(v)), span);
    let key = |k: &Rc<str>, at: &Option<Span>| {
        if k.starts_with(UNKNOWN_KEY) {
            Value::Unknown(at.unwrap_or(span))
        } else {
            Value::Str(k.clone(), at.unwrap_or(span))
        }
    };
    let out: Vec<Value> = match name {
        "items" => o.entries.iter().map(|(k, v, at)| list(vec![key(k, at), v.clone()])).collect(),
        "values" => o.entries.iter().map(|(_, v, _)| v.clone()).collect(),
        "keys" => o.entries.iter().map(|(k, _, at)| key(k, at)).collect(),
        _ => return None,
    };
    Some(list(out))
}

/// A mapping's `get(key[, default])`: the value under a known key, else
/// the default. A key the mapping lacks with no default is unknown, not
/// `None`: the mapping may be filled elsewhere, and absent hints are never
/// guessed.
fn dict_get(o: &super::value::Obj, call: &PendingCall, span: Span) -> Option<Value> {
    if o.get("get").is_some() || !call.keywords.is_empty() || !(1..=2).contains(&call.positional.len()) {
        return None;
    }
    let Value::Str(key, _) = &call.positional[0] else { return Some(Value::Unknown(span)) };
    Some(match (o.get(key), call.positional.get(1)) {
        (Some(v), _) => v.clone(),
        (None, Some(default)) if o.complete => default.clone(),
        _ => Value::Unknown(span),
    })
}

/// Which argument fills slot `n` of a layout ([`super::sdk::Slot`]).
enum Slotted {
    Arg(usize),
    Absent,
    /// Argument `i` could not be told apart: this slot is unknown.
    Undecided(usize),
}

/// The SDK matches slots greedily by each argument's test; an argument
/// whose test cannot be decided is tried both ways, and only readings that
/// use every argument exactly count (a call that works): the slot is known
/// when all of them agree.
fn slot_argument(layout: &[super::sdk::Slot], n: usize, call: &PendingCall) -> Slotted {
    // Readings that use every argument; failing those, where the layout
    // ends in a rest the SDK ignores, readings that leave arguments to it.
    let strict = slot_readings(layout, n, call, false);
    let rest = layout.iter().any(|s| s.test == super::sdk::Test::Rest);
    match strict {
        Err(at) => Slotted::Undecided(at),
        Ok((answers, _)) if answers.is_empty() && rest => match slot_readings(layout, n, call, true) {
            Err(at) => Slotted::Undecided(at),
            Ok((answers, undecided)) => decide(answers, undecided),
        },
        Ok((answers, undecided)) => decide(answers, undecided),
    }
}

fn decide(answers: Vec<Option<usize>>, undecided: Option<usize>) -> Slotted {
    match answers[..] {
        [Some(i)] => Slotted::Arg(i),
        [None] => Slotted::Absent,
        _ => Slotted::Undecided(undecided.unwrap_or(0)),
    }
}

/// Which argument slot `n` takes in each reading of the arguments (deduplicated),
/// and the first argument a reading could not decide; `Err` past the budget.
/// `lenient`: a [`super::sdk::Test::Rest`] slot takes every argument left.
#[allow(clippy::type_complexity)]
fn slot_readings(
    layout: &[super::sdk::Slot],
    n: usize,
    call: &PendingCall,
    lenient: bool,
) -> Result<(Vec<Option<usize>>, Option<usize>), usize> {
    let args = &call.positional;
    // (slot, next argument, the argument slot `n` took, first undecided argument)
    let mut todo: Vec<(usize, usize, Option<usize>, Option<usize>)> = vec![(0, 0, None, None)];
    let mut answers: Vec<Option<usize>> = vec![];
    let mut undecided = None;
    while let Some((k, next, got, open)) = todo.pop() {
        let Some(slot) = layout.get(k) else {
            if next == args.len() {
                answers.push(got);
                undecided = undecided.or(open);
            }
            continue;
        };
        if slot.test == super::sdk::Test::Rest {
            todo.push((k + 1, if lenient { args.len().max(next) } else { next }, got, open));
            continue;
        }
        let take = |todo: &mut Vec<_>| {
            if next < args.len() {
                todo.push((k + 1, next + 1, if k == n { Some(next) } else { got }, open));
            }
        };
        if !slot.optional {
            take(&mut todo);
            continue;
        }
        match (next + 1 < args.len()).then(|| passes(slot.test, &args[next])) {
            None | Some(Some(false)) => todo.push((k + 1, next, got, open)),
            Some(Some(true)) => take(&mut todo),
            Some(None) => {
                todo.push((k + 1, next, got, open.or(Some(next))));
                take(&mut todo);
                if let Some((_, _, _, o)) = todo.last_mut() {
                    *o = o.or(Some(next));
                }
            }
        }
        if todo.len() > 64 {
            return Err(next);
        }
    }
    answers.sort_unstable();
    answers.dedup();
    Ok((answers, undecided))
}

/// The method `name` of the SDK type `ty`, read from `recv` (an SDK
/// object, or an instance of a project class extending an SDK class):
/// it keeps which object it was read from ([`SdkValue::instance`]).
fn sdk_method(table: usize, ty: &'static str, name: &str, recv: &Value, span: Span) -> Value {
    let instance = match recv {
        Value::Instance(i) => Some(i.span),
        Value::Sdk(s) => s.instance,
        _ => None,
    };
    Value::Sdk(Rc::new(SdkValue { method: Some(name.into()), instance, ..SdkValue::plain(table, ty, span) }))
}

/// An SDK object a constructor made at `span` ([`SdkValue::instance`]).
fn made(table: usize, ty: &'static str, span: Span) -> Value {
    Value::Sdk(Rc::new(SdkValue { instance: Some(span), ..SdkValue::plain(table, ty, span) }))
}

fn empty_call(span: Span) -> PendingCall {
    PendingCall::new(span)
}

/// The table's own spelling of a method name, so rules can hold `&'static str`.
fn leak_known(table: &super::sdk::SdkTable, name: &str) -> &'static str {
    // Other tables may add methods to this one's types (`"ts:Server"`).
    std::iter::once(table)
        .chain(TABLES.iter().copied())
        .flat_map(|t| t.rules.iter())
        .find_map(|r| match r.op {
            Op::Method(m) if m == name => Some(m),
            _ => None,
        })
        .unwrap_or("")
}

/// A memo key for calls whose arguments are all primitives.
fn fingerprint(call: &PendingCall) -> Option<String> {
    let mut out = String::new();
    let prim = |v: &Value, out: &mut String| -> bool {
        match v {
            Value::Bool(b, _) => out.push_str(if *b { "T" } else { "F" }),
            Value::Str(s, _) => {
                out.push('"');
                out.push_str(s);
                out.push('"');
            }
            Value::Num(n, _) => out.push_str(n),
            Value::Null(_) => out.push('N'),
            Value::Undefined(_) => out.push('U'),
            _ => return false,
        }
        out.push(',');
        true
    };
    for v in &call.positional {
        if !prim(v, &mut out) {
            return None;
        }
    }
    for (k, v) in &call.keywords {
        out.push_str(k);
        out.push('=');
        if !prim(v, &mut out) {
            return None;
        }
    }
    Some(out)
}

/// A known integer.
fn int(v: &Value) -> Option<i64> {
    match v {
        Value::Num(n, _) => n.parse().ok(),
        _ => None,
    }
}

/// `items[start:stop]` (JavaScript's `slice(start, stop)`): negative bounds
/// count from the end, a missing or `None` bound is the end. A bound that is
/// not known (a page cursor) keeps every item: each may be the one taken,
/// as pagination shows every item on some page. A step other than 1 too.
fn slice<T>(items: Vec<T>, bounds: &[Value]) -> Vec<T> {
    let len = items.len() as i64;
    let bound = |i: usize, default: i64| -> Option<i64> {
        match bounds.get(i) {
            None | Some(Value::Null(_) | Value::Undefined(_)) => Some(default),
            Some(v) => int(v).map(|n| if n < 0 { (len + n).max(0) } else { n.min(len) }),
        }
    };
    let step_is_one = matches!(bounds.get(2), None | Some(Value::Null(_) | Value::Undefined(_)))
        || bounds.get(2).and_then(int) == Some(1);
    match (bound(0, 0), bound(1, len), step_is_one) {
        (Some(a), Some(b), true) => items.into_iter().skip(a as usize).take((b - a).max(0) as usize).collect(),
        _ => items,
    }
}

/// Copies `source`'s keys into `target` in order (`Object.assign`,
/// `dict.update`); a source that is not a known object may have set any key.
pub(super) fn merge_into(target: &Rc<RefCell<Obj>>, source: &Value) {
    match source {
        Value::Object(src) if Rc::ptr_eq(src, target) => {}
        Value::Object(src) => {
            let src = src.borrow();
            let complete = src.complete;
            let entries = src.entries.clone();
            drop(src);
            let mut t = target.borrow_mut();
            for (k, v, at) in entries {
                t.set(&k, v, at);
            }
            t.complete &= complete;
        }
        Value::Null(_) | Value::Undefined(_) => {}
        _ => target.borrow_mut().complete = false,
    }
}

/// The call sites a tool record the call is given was written in, and
/// where the record is (the first such record among its arguments).
fn made_in(call: &PendingCall) -> Option<(Vec<Span>, Option<Span>)> {
    call.positional.iter().flat_map(Value::alternatives).find_map(|v| match v {
        Value::Object(o) => {
            let o = o.borrow();
            o.made_in.as_deref().map(|calls| (calls.to_vec(), o.span))
        }
        _ => None,
    })
}

/// Go's `(T, error)` convention: a caller uses the other results only when
/// the error is nil. A return whose last result may be an error (not known
/// nil) and whose other results are all zero values (`return mcp.Tool{},
/// errors.New(..)`, `return nil, err`) is an error path; when some return
/// of the function gives a nil error, those paths give nothing a caller
/// reads, and are dropped before the returns are joined (so ten error
/// paths do not overflow the alternatives budget into an unknown tool).
fn drop_error_paths(returns: &mut Vec<Value>) {
    let tuple = |v: &Value| match v {
        Value::List(l, _) if l.borrow().len() >= 2 => Some(l.clone()),
        _ => None,
    };
    let nil_error = |v: &Value| tuple(v).is_some_and(|l| matches!(l.borrow().last(), Some(Value::Null(_))));
    if !returns.iter().any(nil_error) {
        return;
    }
    returns.retain(|v| {
        let Some(l) = tuple(v) else { return true };
        let l = l.borrow();
        let Some((err, rest)) = l.split_last() else { return true };
        let may_be_nil = err.alternatives().iter().any(|e| matches!(e, Value::Null(_)));
        may_be_nil || !rest.iter().all(is_zero)
    });
}

/// Go's zero value of a type: `nil`, `""`, `0`, `false`, or a struct
/// literal that sets nothing (`mcp.Tool{}`; an SDK record keeps only its
/// defaults marker).
fn is_zero(v: &Value) -> bool {
    match v {
        Value::Null(_) | Value::Undefined(_) | Value::Bool(false, _) => true,
        Value::Str(s, _) => s.is_empty(),
        Value::Num(n, _) => matches!(&**n, "0" | "0.0"),
        Value::Object(o) => {
            let o = o.borrow();
            o.complete && o.entries.iter().all(|(k, _, _)| &**k == crate::model::SDK_DEFAULTS_KEY)
        }
        Value::Instance(i) => {
            let f = i.fields.borrow();
            f.complete && f.entries.is_empty()
        }
        _ => false,
    }
}

/// `xs.extend(ys)` and its kin: the elements of a known list; of anything
/// else, one element nobody knows.
fn extend_list(list: &super::value::ListRef, other: Option<&Value>, span: Span) {
    match other {
        Some(Value::List(other, _)) => {
            let other = other.borrow().clone();
            list.borrow_mut().extend(other);
        }
        _ => list.borrow_mut().push(Value::Unknown(span)),
    }
}
