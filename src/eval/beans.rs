//! A dependency-injection container's beans ([`Effect::Bean`],
//! [`Effect::BeansOf`]; Spring's rules in `sdk/java_spring_beans.rs`):
//! which project classes are beans, the one instance of each, and what a
//! collection of a type receives (every bean assignable to it).

use std::cell::RefCell;
use std::rc::Rc;

use super::interp::Interp;
use super::value::{ClassVal, Obj, PendingCall, SdkValue, Value};
use crate::ir::{Expr, FuncKind, MemberValue};
use crate::source::Span;

/// How deep constructing one bean may construct others it is injected.
const MAX_INJECTION_DEPTH: usize = 4;

/// Collection types whose element a container fills with beans: Java's,
/// and the .NET interfaces a constructor may ask for.
const COLLECTIONS: [&str; 10] = [
    "List",
    "Set",
    "Collection",
    "Iterable",
    "Map",
    "IEnumerable",
    "IReadOnlyList",
    "IReadOnlyCollection",
    "IList",
    "ICollection",
];

impl Interp<'_> {
    /// [`Effect::Bean`]: the annotated class is a bean.
    pub(super) fn mark_bean(&mut self, s: &SdkValue, call: &PendingCall, span: Span) -> Value {
        match call.arg(0) {
            Some(Value::Class(c)) => {
                let c = c.clone();
                self.add_bean(&c, None);
                Value::Class(c)
            }
            _ => Value::Sdk(Rc::new(SdkValue::plain(s.table, s.ty, span))),
        }
    }

    /// [`Effect::BeansOf`]: the beans of the class named by the first argument.
    pub(super) fn beans_of_call(&mut self, call: &PendingCall, one: bool, span: Span) -> Value {
        let Some(Value::Class(ty)) = call.arg(0) else { return Value::Unknown(span) };
        let ty = ty.clone();
        let Some(beans) = self.beans_of(&ty, span) else { return Value::Unknown(span) };
        if one {
            return self.join(beans.into_iter().map(|(_, v)| v).collect(), span);
        }
        bean_map(beans, span)
    }

    /// [`Effect::Service`]: the implementation a .NET registration names
    /// is a bean; the result is the service collection (arg 0).
    pub(super) fn service(&mut self, call: &PendingCall, span: Span) -> Value {
        // `typeof(Impl)`, an instance, or a factory, the last one given;
        // else the last type argument (`<I, Impl>`, `<Impl>`).
        let mut chosen = None;
        for v in call.positional.iter().skip(1).rev() {
            let v = match v {
                Value::Func(_) | Value::Bound(..) => {
                    let at = Span { end: span.start, ..span };
                    let with = PendingCall { positional: vec![Value::Unknown(at)], ..PendingCall::new(at) };
                    self.call_value(v, None, with, at)
                }
                v => v.clone(),
            };
            if matches!(v, Value::Class(_) | Value::Instance(_)) {
                chosen = Some(v);
                break;
            }
        }
        if chosen.is_none() {
            let mut type_args = call.keywords.iter().filter(|(k, _)| crate::ir::is_type_argument(k));
            chosen = type_args.next_back().map(|(_, v)| v.clone()).filter(|v| matches!(v, Value::Class(_)));
        }
        match chosen {
            Some(Value::Class(c)) => self.add_bean(&c, None),
            Some(Value::Instance(i)) => {
                let c = i.class.clone();
                self.add_bean(&c, Some(Value::Instance(i)));
            }
            _ => {}
        }
        call.arg(0).cloned().unwrap_or(Value::Unknown(span))
    }

    /// [`Effect::ContainerDefine`]: runs the definition's lambda with a `scope_ty`
    /// receiver and keeps what it makes, as the type argument says.
    pub(super) fn container_define(
        &mut self,
        s: &SdkValue,
        scope_ty: &'static str,
        call: &PendingCall,
        span: Span,
    ) -> Value {
        let lambda = call
            .kw(crate::ir::TRAILING_LAMBDA)
            .or_else(|| call.positional.iter().rev().find(|v| matches!(v, Value::Func(_) | Value::Bound(..))))
            .cloned();
        let Some(lambda) = lambda else { return Value::Unknown(span) };
        let scope = Value::Sdk(Rc::new(SdkValue::plain(s.table, scope_ty, span)));
        // Called by the container: no call site of the project's.
        let at = Span { end: span.start, ..span };
        let mut with = PendingCall::new(at);
        with.keywords.push((super::receivers::RECEIVER.into(), scope));
        let made = self.call_value(&lambda, None, with, at);
        let declared = call.kw("[0]").cloned().unwrap_or(Value::Unknown(span));
        self.beans.defined.push((declared, made));
        Value::Unknown(span)
    }

    /// [`Effect::ContainerGet`]: what the container holds for the type
    /// argument: its definitions (Koin), then its beans (.NET's
    /// registrations, Spring's stereotypes); the last, or all of them.
    pub(super) fn container_get(&mut self, call: &PendingCall, one: bool, span: Span) -> Value {
        let Some(ty) = call.kw("[0]").cloned() else { return Value::Unknown(span) };
        let mut items: Vec<Value> = self
            .beans
            .defined
            .iter()
            .filter(|(declared, made)| match declared {
                Value::Unknown(_) => {
                    matches!((made, &ty), (Value::Instance(i), Value::Class(t)) if assignable(&i.class, t))
                }
                declared => same_type(declared, &ty),
            })
            .map(|(_, made)| made.clone())
            .collect();
        if let Value::Class(t) = &ty {
            items.extend(self.beans_of(t, span).unwrap_or_default().into_iter().map(|(_, v)| v));
        }
        if one {
            return items.pop().unwrap_or(Value::Unknown(span));
        }
        if items.is_empty() {
            return Value::Unknown(span);
        }
        Value::List(Rc::new(RefCell::new(items)), span)
    }

    /// Makes a class a bean (its one instance `made`, when a registration
    /// gave it), once.
    fn add_bean(&mut self, class: &Rc<ClassVal>, made: Option<Value>) {
        let key = (class.module, class.class);
        if self.beans.marked.insert(key) {
            self.beans.classes.push(class.clone());
        }
        if let Some(v) = made {
            self.beans.instances.entry(key).or_insert(v);
        }
    }

    /// What a container injects into a parameter of this declared type:
    /// every bean of the element type of a collection (`List<T>`, `T[]`,
    /// `Map<String, T>` by name, `IEnumerable<T>`), when some bean is one;
    /// the last bean of a class or interface type. `None`: no bean is one.
    pub(super) fn injected(
        &mut self,
        ty: &Expr,
        eval_type: &mut dyn FnMut(&mut Self, &Expr) -> Value,
        span: Span,
    ) -> Option<Value> {
        if matches!(ty, Expr::Name(..) | Expr::Member { .. }) {
            let Value::Class(class) = eval_type(self, ty) else { return None };
            return self.beans_of(&class, span)?.pop().map(|(_, v)| v);
        }
        let Expr::Index { object, index, .. } = ty else { return None };
        let Expr::Name(collection, _) = &**object else { return None };
        if !COLLECTIONS.contains(&collection.as_str()) {
            return None;
        }
        let Value::Class(element) = eval_type(self, index) else { return None };
        let beans = self.beans_of(&element, span)?;
        if collection == "Map" {
            return Some(bean_map(beans, span));
        }
        let items = beans.into_iter().map(|(_, v)| v).collect();
        Some(Value::List(Rc::new(RefCell::new(items)), span))
    }

    /// Whether a class is a bean.
    pub(super) fn is_bean(&self, class: &Rc<ClassVal>) -> bool {
        self.beans.marked.contains(&(class.module, class.class))
    }

    /// Each bean assignable to `ty` with its name (the class's simple name,
    /// first letter lowered, as Spring names scanned beans); `None` when
    /// there is none, so the value stays what it was.
    fn beans_of(&mut self, ty: &Rc<ClassVal>, span: Span) -> Option<Vec<(String, Value)>> {
        let classes: Vec<Rc<ClassVal>> = self.beans.classes.iter().filter(|b| assignable(b, ty)).cloned().collect();
        if classes.is_empty() || self.beans.depth >= MAX_INJECTION_DEPTH {
            return None;
        }
        let mut out = vec![];
        for c in classes {
            let name = bean_name(&c);
            let v = self.bean(&c, span);
            out.push((name, v));
        }
        Some(out)
    }

    /// The one instance of a bean class, constructed the first time with
    /// what the container injects into its constructor.
    pub(super) fn bean(&mut self, class: &Rc<ClassVal>, span: Span) -> Value {
        let key = (class.module, class.class);
        if let Some(v) = self.beans.instances.get(&key) {
            return v.clone();
        }
        // Constructed once: a cycle of beans meets the unfinished one as unknown.
        self.beans.instances.insert(key, Value::Unknown(span));
        self.beans.depth += 1;
        let ctor = self.modules[class.module].class(class.class).members.iter().find_map(|m| match m.value {
            MemberValue::Method(id) if self.modules[class.module].func(id).kind == FuncKind::Constructor => Some(id),
            _ => None,
        });
        let args = match ctor {
            Some(id) => super::root_args(self, class.module, id, class.env.clone(), class.span, true),
            None => PendingCall::new(span),
        };
        let v = self.construct(class, args, class.span);
        self.beans.depth -= 1;
        self.beans.instances.insert(key, v.clone());
        v
    }
}

fn same_class(a: &ClassVal, b: &ClassVal) -> bool {
    a.module == b.module && a.class == b.class
}

/// Whether `class` is `ty` or extends or implements it.
fn assignable(class: &Rc<ClassVal>, ty: &ClassVal) -> bool {
    let mut todo = vec![class.clone()];
    let mut seen = 0;
    while let Some(c) = todo.pop() {
        seen += 1;
        if seen > 64 {
            return false;
        }
        if same_class(&c, ty) {
            return true;
        }
        todo.extend(c.bases.iter().filter_map(|b| match b {
            Value::Class(b) => Some(b.clone()),
            _ => None,
        }));
    }
    false
}

/// Whether a declared type is `ty` (one SDK type, or a class assignable to it).
fn same_type(declared: &Value, ty: &Value) -> bool {
    match (declared, ty) {
        (Value::Sdk(a), Value::Sdk(b)) => a.table == b.table && a.ty == b.ty,
        (Value::Class(a), Value::Class(b)) => assignable(a, b),
        _ => false,
    }
}

fn bean_name(class: &ClassVal) -> String {
    let name = class.name.as_deref().unwrap_or("bean");
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The beans as a map by name, complete: no other bean has the type.
fn bean_map(beans: Vec<(String, Value)>, span: Span) -> Value {
    let mut map = Obj::new(span);
    map.keyed = true;
    for (name, v) in beans {
        map.set(&name, v, Some(span));
    }
    Value::Object(Rc::new(RefCell::new(map)))
}
