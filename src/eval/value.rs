//! The abstract values the interpreter computes.
//!
//! Objects, lists and instances are shared and mutable (`Rc<RefCell<…>>`),
//! as in the languages being interpreted: `tools.push(x)` inside a helper is
//! seen by its caller. Every value that came from source carries the span it
//! came from, so a hint can point at the literal that declared it.

use std::cell::RefCell;
use std::rc::Rc;

use crate::ir::{ClassId, FuncId};
use crate::source::Span;

/// The most elements a union of list alternatives may hold ([`Value::join`]).
const UNION_MAX: usize = 4_096;

use std::collections::HashMap;

pub type ObjRef = Rc<RefCell<Obj>>;
pub type ListRef = Rc<RefCell<Vec<Value>>>;

#[derive(Clone, Debug)]
pub enum Value {
    /// Cannot be known statically; the span says what made it so.
    Unknown(Span),
    Undefined(Span),
    Null(Span),
    Bool(bool, Span),
    /// Numbers stay text: they are never hints, only evidence.
    Num(Rc<str>, Span),
    Str(Rc<str>, Span),
    Object(ObjRef),
    List(ListRef, Span),
    Func(Rc<Closure>),
    /// A method read from an instance or class: `this` is fixed.
    Bound(Rc<Closure>, Box<Value>),
    Class(Rc<ClassVal>),
    Instance(Rc<Instance>),
    /// A module imported as a whole (`import * as p`, `import pkg.presets as p`).
    Module(usize, Span),
    /// A value of an SDK type (a server, a decorator awaiting its function).
    Sdk(Rc<SdkValue>),
    /// Different values on different paths (branches, loops): a hint that
    /// is one of several is dynamic, never guessed.
    OneOf(Rc<[Value]>),
}

#[derive(Clone, Debug, Default)]
pub struct Obj {
    /// Keys in insertion order; a later write to a key replaces it in place.
    pub entries: Vec<(Rc<str>, Value, Option<Span>)>,
    /// False when a spread of something unknown went in: a missing key is
    /// then unknown rather than undefined.
    pub complete: bool,
    pub span: Option<Span>,
    /// For a record of an SDK type the SDK reads tools from later: how it was made.
    pub made: Option<Rc<Made>>,
    /// For a record of an SDK type sent under other names (Go's
    /// `ReadOnlyHint` as `readOnlyHint`): its fields and their wire names,
    /// so a field written or read after the literal (`a.ReadOnlyHint = v`)
    /// is the same key as one the literal set.
    pub wire: &'static [(&'static str, &'static str)],
    /// How many branches with an unknown condition enclosed the literal
    /// that made it: a field written under more of them is written on some
    /// paths only.
    pub branches: usize,
    /// For an SDK tool record: the project calls on the stack where its
    /// literal was written (outermost first), for a tool a factory builds
    /// and something registers later, to be reported where the factory
    /// was called with its name.
    pub made_in: Option<Rc<[Span]>>,
    /// A JS `Map`: the entries are the map's (`set`/`get`/`values`), not
    /// properties. A value set under a key nobody knows is kept under a key
    /// no source can write ([`UNKNOWN_KEY`]), and the map is then incomplete.
    pub keyed: bool,
    /// Keys one literal writes twice (`{"readOnlyHint": True, ...,
    /// "readOnlyHint": False}`): each key, the earlier entry (key through
    /// value, which the later one overrides) and the later key.
    pub shadowed: Vec<(Rc<str>, Span, Span)>,
    /// A Python named tuple (`pkgutil.ModuleInfo`): its fields are also
    /// its items, in order, for a tuple pattern (`for _, name, ispkg in`).
    pub named_tuple: bool,
}

/// The prefix of the keys a [`Obj::keyed`] map keeps values set under a
/// key nobody knows.
pub const UNKNOWN_KEY: &str = "\u{0}?";

impl Obj {
    pub fn new(span: Span) -> Obj {
        Obj {
            entries: vec![],
            complete: true,
            span: Some(span),
            made: None,
            wire: &[],
            branches: 0,
            made_in: None,
            keyed: false,
            shadowed: vec![],
            named_tuple: false,
        }
    }
    /// Sets `v` under a key nobody knows: kept under a key no source can
    /// write ([`UNKNOWN_KEY`]), and the object is then incomplete.
    pub fn set_unknown_key(&mut self, v: Value) {
        let n = self.entries.iter().filter(|(k, _, _)| k.starts_with(UNKNOWN_KEY)).count();
        let at = v.span();
        self.set(&format!("{UNKNOWN_KEY}{n}"), v, at);
        self.complete = false;
    }

    /// A copy of the record (its values shared).
    pub fn copy(&self) -> Obj {
        Obj {
            entries: self.entries.clone(),
            complete: self.complete,
            span: self.span,
            made: self.made.clone(),
            wire: self.wire,
            branches: self.branches,
            made_in: self.made_in.clone(),
            keyed: self.keyed,
            shadowed: self.shadowed.clone(),
            named_tuple: self.named_tuple,
        }
    }
    /// `key` as the record stores it: a field's wire name.
    fn key<'k>(&self, key: &'k str) -> &'k str {
        self.wire.iter().find(|(field, _)| *field == key).map_or(key, |(_, wire)| wire)
    }
    /// The object a record constructor makes of a call's keyword arguments
    /// (`ToolAnnotations(readOnlyHint=True)`); a `**spread` leaves it incomplete.
    pub fn of_keywords(call: &PendingCall, span: Span) -> Obj {
        let mut obj = Obj::new(span);
        for (k, v) in &call.keywords {
            if &**k == "**" {
                obj.complete = false;
            } else {
                let key = call.keyword_names.iter().find(|(n, _)| n == k).map(|(_, at)| *at);
                obj.set(k, v.clone(), key.or(v.span()));
            }
        }
        obj
    }
    pub fn get(&self, key: &str) -> Option<&Value> {
        let key = self.key(key);
        self.entries.iter().find(|(k, _, _)| &**k == key).map(|(_, v, _)| v)
    }
    pub fn key_span(&self, key: &str) -> Option<Span> {
        let key = self.key(key);
        self.entries.iter().find(|(k, _, _)| &**k == key).and_then(|(_, _, s)| *s)
    }
    pub fn set(&mut self, key: &str, value: Value, key_span: Option<Span>) {
        self.replace(key, value, key_span);
    }
    /// Sets `key`; whether it replaced a value already there.
    pub fn replace(&mut self, key: &str, value: Value, key_span: Option<Span>) -> bool {
        let key = self.key(key);
        match self.entries.iter_mut().find(|(k, _, _)| &**k == key) {
            Some(slot) => {
                slot.1 = value;
                slot.2 = key_span.or(slot.2);
                true
            }
            None => {
                self.entries.push((key.into(), value, key_span));
                false
            }
        }
    }
}

/// Every key any of `objs` sets, in first-seen order, with where it is
/// first written: the keys of a spread of objects that differ by path.
pub fn union_keys(objs: &[Rc<RefCell<Obj>>]) -> Vec<(Rc<str>, Option<Span>)> {
    let mut keys: Vec<(Rc<str>, Option<Span>)> = vec![];
    for o in objs {
        for (k, _, ks) in &o.borrow().entries {
            if !keys.iter().any(|(seen, _)| seen == k) {
                keys.push((k.clone(), *ks));
            }
        }
    }
    keys
}

/// A function value with the environment it closes over.
#[derive(Debug)]
pub struct Closure {
    pub module: usize,
    pub func: FuncId,
    pub env: Option<Rc<RefCell<Frame>>>,
    /// For methods: the class that defines it (for `super`).
    pub class: Option<Rc<ClassVal>>,
    /// Attributes written on the function object after it was made
    /// (Python's `f.__name__ = op`): they replace what the definition says.
    pub attrs: RefCell<Vec<(Rc<str>, Value)>>,
}

impl Closure {
    /// Which frame it closes over, as an address (0 for none).
    pub fn env_id(&self) -> usize {
        self.env.as_ref().map_or(0, |e| Rc::as_ptr(e) as usize)
    }

    pub fn new(
        module: usize,
        func: FuncId,
        env: Option<Rc<RefCell<Frame>>>,
        class: Option<Rc<ClassVal>>,
    ) -> Rc<Closure> {
        Rc::new(Closure { module, func, env, class, attrs: RefCell::default() })
    }
    pub fn attr(&self, name: &str) -> Option<Value> {
        self.attrs.borrow().iter().find(|(k, _)| &**k == name).map(|(_, v)| v.clone())
    }
    pub fn set_attr(&self, name: &str, value: Value) {
        let mut attrs = self.attrs.borrow_mut();
        match attrs.iter_mut().find(|(k, _)| &**k == name) {
            Some(slot) => slot.1 = value,
            None => attrs.push((name.into(), value)),
        }
    }
}

#[derive(Debug)]
pub struct ClassVal {
    pub module: usize,
    pub class: ClassId,
    pub name: Option<Rc<str>>,
    pub bases: Vec<Value>,
    /// Static fields and static methods, evaluated when the class is.
    pub statics: ObjRef,
    pub env: Option<Rc<RefCell<Frame>>>,
    pub span: Span,
}

#[derive(Debug)]
pub struct Instance {
    pub class: Rc<ClassVal>,
    pub fields: ObjRef,
    pub span: Span,
}

#[derive(Debug)]
pub struct SdkValue {
    /// Index into [`super::sdk::TABLES`].
    pub table: usize,
    /// The SDK type (`"Server"`).
    pub ty: &'static str,
    /// A method read from an SDK value, not yet called (`server.tool`).
    pub method: Option<Rc<str>>,
    /// For a decorator: the call that made it, whose arguments give the roles.
    pub pending: Option<PendingCall>,
    pub decorator: Option<&'static super::sdk::Roles>,
    /// For a decorator: the function it gets is a list-tools handler.
    pub listing: Option<&'static super::sdk::Listing>,
    pub span: Span,
    /// For a value that stands for a registered tool: its index in the
    /// interpreter's registrations.
    pub registration: Option<usize>,
    /// For an SDK object a constructor made (a server): the call that made
    /// it, kept by the methods and decorators read from it, so that a
    /// registration knows its server ([`super::mounts`]).
    pub instance: Option<Span>,
}

impl SdkValue {
    /// A value of SDK type `ty` of table `table`, made at `span`, with
    /// nothing else known of it yet.
    pub fn plain(table: usize, ty: &'static str, span: Span) -> SdkValue {
        SdkValue {
            table,
            ty,
            method: None,
            pending: None,
            decorator: None,
            span,
            registration: None,
            instance: None,
            listing: None,
        }
    }
}

/// A call's evaluated arguments.
#[derive(Clone, Debug)]
pub struct PendingCall {
    pub positional: Vec<Value>,
    pub keywords: Vec<(Rc<str>, Value)>,
    pub span: Span,
    /// Where each argument was written: positional ones in order (`None`),
    /// keywords by name. Empty for calls the interpreter makes itself.
    pub spans: Vec<(Option<Rc<str>>, Span)>,
    /// Where each element of a list literal given by keyword was written
    /// (`tools=[a, b]`), for lists without spreads.
    pub element_spans: Vec<(Rc<str>, Vec<Span>)>,
    /// For a positional argument written as a list literal without
    /// spreads: where each element was written (`addTools([a, {...}])`).
    pub elements: Vec<(usize, Vec<Span>)>,
    /// Where each keyword's name was written (`destructive` in
    /// `destructive=True`): what a finding about the key points at.
    pub keyword_names: Vec<(Rc<str>, Span)>,
}

impl PendingCall {
    /// Takes the first positional argument out (and where it was written).
    pub fn take_first(&mut self) -> Option<Value> {
        if self.positional.is_empty() {
            return None;
        }
        if let Some(i) = self.spans.iter().position(|(k, _)| k.is_none()) {
            self.spans.remove(i);
        }
        self.elements.retain(|(i, _)| *i != 0);
        self.elements.iter_mut().for_each(|(i, _)| *i -= 1);
        Some(self.positional.remove(0))
    }

    pub fn new(span: Span) -> PendingCall {
        PendingCall {
            positional: vec![],
            keywords: vec![],
            span,
            spans: vec![],
            element_spans: vec![],
            elements: vec![],
            keyword_names: vec![],
        }
    }
    pub fn arg_span(&self, i: usize) -> Option<Span> {
        self.spans.iter().filter(|(k, _)| k.is_none()).nth(i).map(|(_, s)| *s)
    }
    pub fn kw_span(&self, name: &str) -> Option<Span> {
        self.spans.iter().find(|(k, _)| k.as_deref() == Some(name)).map(|(_, s)| *s)
    }
    pub fn arg(&self, i: usize) -> Option<&Value> {
        self.positional.get(i)
    }
    /// The keyword argument `name`; failing that, the value of a `**spread`
    /// nobody knows (it may hold any keyword), so a part read from it is
    /// unknown rather than absent.
    pub fn kw(&self, name: &str) -> Option<&Value> {
        let find = |n: &str| self.keywords.iter().find(|(k, _)| &**k == n).map(|(_, v)| v);
        find(name).or_else(|| find("**"))
    }
}

impl Value {
    pub fn str(s: &str, span: Span) -> Value {
        Value::Str(s.into(), span)
    }

    /// The span of the source that produced the value, where there is one.
    pub fn span(&self) -> Option<Span> {
        match self {
            Value::Unknown(s)
            | Value::Undefined(s)
            | Value::Null(s)
            | Value::Bool(_, s)
            | Value::Num(_, s)
            | Value::Str(_, s)
            | Value::List(_, s)
            | Value::Module(_, s) => Some(*s),
            Value::Object(o) => o.borrow().span,
            Value::Func(_) | Value::Bound(..) => None,
            Value::Class(c) => Some(c.span),
            Value::Instance(i) => Some(i.span),
            Value::Sdk(v) => Some(v.span),
            Value::OneOf(vs) => vs.first().and_then(Value::span),
        }
    }

    /// [`Value::truthy`] as `lang` reads it: JavaScript's arrays are
    /// truthy even when empty (`if (extra)` tests for one, not for items).
    pub fn truthy_in(&self, lang: crate::model::Lang) -> Option<bool> {
        if !lang.is_javascript() {
            return self.truthy();
        }
        match self {
            Value::List(..) => Some(true),
            Value::OneOf(vs) => {
                let first = vs.first()?.truthy_in(lang)?;
                vs.iter().all(|v| v.truthy_in(lang) == Some(first)).then_some(first)
            }
            v => v.truthy(),
        }
    }

    /// Three-valued truthiness: `None` when it depends on the path or is unknown.
    pub fn truthy(&self) -> Option<bool> {
        match self {
            Value::Bool(b, _) => Some(*b),
            Value::Null(_) | Value::Undefined(_) => Some(false),
            Value::Str(s, _) => Some(!s.is_empty()),
            Value::Num(n, _) => Some(!matches!(&**n, "0" | "0.0")),
            Value::Object(_) | Value::Func(_) | Value::Bound(..) | Value::Class(_) | Value::Instance(_) => Some(true),
            Value::List(l, _) => Some(!l.borrow().is_empty()),
            Value::OneOf(vs) => {
                let first = vs.first()?.truthy()?;
                vs.iter().all(|v| v.truthy() == Some(first)).then_some(first)
            }
            Value::Unknown(_) | Value::Module(..) | Value::Sdk(_) => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s, _) => Some(s),
            _ => None,
        }
    }

    /// Equality of two known primitives; `None` when either is not one.
    pub fn literal_eq(&self, other: &Value) -> Option<bool> {
        match (self, other) {
            (Value::Bool(a, _), Value::Bool(b, _)) => Some(a == b),
            (Value::Str(a, _), Value::Str(b, _)) => Some(a == b),
            (Value::Num(a, _), Value::Num(b, _)) => Some(a == b),
            (Value::Null(_) | Value::Undefined(_), Value::Null(_) | Value::Undefined(_)) => Some(true),
            // Something made (a record, a list, a function) is never nil.
            (
                Value::Object(_) | Value::List(..) | Value::Func(_) | Value::Instance(_),
                Value::Null(_) | Value::Undefined(_),
            )
            | (
                Value::Null(_) | Value::Undefined(_),
                Value::Object(_) | Value::List(..) | Value::Func(_) | Value::Instance(_),
            ) => Some(false),
            (
                Value::Bool(..) | Value::Str(..) | Value::Num(..) | Value::Null(_) | Value::Undefined(_),
                Value::Bool(..) | Value::Str(..) | Value::Num(..) | Value::Null(_) | Value::Undefined(_),
            ) => Some(false),
            _ => None,
        }
    }

    /// Whether two values are the same for merging alternatives: identical
    /// primitives, or the same shared object.
    pub fn same(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Object(a), Value::Object(b)) => Rc::ptr_eq(a, b),
            (Value::List(a, _), Value::List(b, _)) => Rc::ptr_eq(a, b),
            (Value::Func(a), Value::Func(b)) => Rc::ptr_eq(a, b),
            // One method bound to one receiver: a variable holding it is
            // the same on both sides of a branch that did not touch it.
            (Value::Bound(a, this_a), Value::Bound(b, this_b)) => Rc::ptr_eq(a, b) && this_a.same(this_b),
            (Value::Class(a), Value::Class(b)) => Rc::ptr_eq(a, b),
            (Value::Instance(a), Value::Instance(b)) => Rc::ptr_eq(a, b),
            (Value::Sdk(a), Value::Sdk(b)) => Rc::ptr_eq(a, b),
            (Value::Module(a, _), Value::Module(b, _)) => a == b,
            (Value::Unknown(a), Value::Unknown(b)) => a == b,
            _ => self.literal_eq(other) == Some(true),
        }
    }

    /// The very same value: [`Value::same`], or one set of alternatives
    /// shared by both (a variable copied into each arm of a branch).
    pub fn identical(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::OneOf(a), Value::OneOf(b)) => Rc::ptr_eq(a, b),
            (Value::OneOf(_), _) | (_, Value::OneOf(_)) => false,
            _ => self.same(other),
        }
    }

    /// The alternatives of a value (itself when it has none).
    /// The value where it is not null (Kotlin's `v!!`, an element
    /// `filterNotNull` keeps): its alternatives but `null`; `None` when it
    /// is surely null.
    pub fn non_null(self) -> Option<Value> {
        match self {
            Value::Null(_) => None,
            Value::OneOf(vs) => {
                let mut rest: Vec<Value> = vs.iter().filter(|a| !matches!(a, Value::Null(_))).cloned().collect();
                match rest.len() {
                    0 => None,
                    1 => rest.pop(),
                    _ if rest.len() == vs.len() => Some(Value::OneOf(vs)),
                    _ => Some(Value::OneOf(rest.into())),
                }
            }
            v => Some(v),
        }
    }

    pub fn alternatives(&self) -> Vec<Value> {
        match self {
            Value::OneOf(vs) => vs.to_vec(),
            v => vec![v.clone()],
        }
    }

    /// Joins alternatives, dropping duplicates; wider than `max` is unknown,
    /// except that lists (a list of tools filtered differently on each of
    /// many paths) become one list of every element any of them holds:
    /// what each path registers is among them, and each keeps its values.
    pub fn join(values: Vec<Value>, max: usize, span: Span) -> Value {
        Value::join_counted(values, max, span).0
    }

    /// [`Value::join`], and how many alternatives and list elements it
    /// looked at: the work the interpreter charges to its step budget, as a
    /// join of wide values in a loop can cost far more than the statements
    /// that led to it.
    pub(super) fn join_counted(values: Vec<Value>, max: usize, span: Span) -> (Value, usize) {
        let mut out: Vec<Value> = Vec::new();
        let mut seen = Distinct::default();
        let mut work = 0;
        for v in values.into_iter().flat_map(|v| v.alternatives()) {
            work += 1;
            if seen.is_new(&out, &v) {
                out.push(v);
            }
        }
        let joined = Value::joined(out, max, span, &mut work);
        (joined, work)
    }

    /// What distinct alternatives `out` join to (see [`Value::join`]).
    fn joined(mut out: Vec<Value>, max: usize, span: Span, work: &mut usize) -> Value {
        match out.len() {
            0 => Value::Undefined(span),
            1 => out.pop().unwrap(),
            n if n > max && out.iter().all(|v| matches!(v, Value::List(..))) => {
                let mut union: Vec<Value> = Vec::new();
                let mut seen = Distinct::default();
                for v in &out {
                    let Value::List(l, _) = v else { continue };
                    for item in l.borrow().iter() {
                        *work += 1;
                        if seen.is_new(&union, item) {
                            union.push(item.clone());
                        }
                    }
                    // Each list is within the size budget; their union stays
                    // within a few of them, or is unknown.
                    if union.len() > UNION_MAX {
                        return Value::Unknown(span);
                    }
                }
                Value::List(Rc::new(RefCell::new(union)), span)
            }
            n if n > alternatives_limit(&out, max) => Value::Unknown(span),
            _ => Value::OneOf(out.into()),
        }
    }
}

/// Values seen so far, by [`Value::same`], among `out` (what is kept):
/// by identity ([`identity`]: a shared value's address, a primitive's
/// text), in a hash set once there are more than [`Distinct::SMALL`] of
/// them (a join of thousands of records or strings is then not
/// quadratic); the few values without one (bound methods), one by one.
/// Most joins are of two or three values, and cost no allocation beyond
/// `out`.
#[derive(Default)]
pub(super) struct Distinct {
    many: Option<std::collections::HashSet<Identity>>,
    /// Where in `out` the values that have no identity are.
    others: Vec<usize>,
}

impl Distinct {
    const SMALL: usize = 32;

    /// Whether `v` is not yet in `out`; remembers it as kept when not.
    pub(super) fn is_new(&mut self, out: &[Value], v: &Value) -> bool {
        let Some(key) = identity(v) else {
            // Past a few, one more is kept unchecked: a repeated alternative
            // is still a sound one, and comparing each with all of them made
            // a union of thousands of such values quadratic (an 887-byte
            // fuzzed file, 1 s).
            if self.others.len() < Self::SMALL && self.others.iter().any(|&i| out[i].same(v)) {
                return false;
            }
            self.others.push(out.len());
            return true;
        };
        if self.many.is_none() && out.len() >= Self::SMALL {
            self.many = Some(out.iter().filter_map(identity).collect());
        }
        match &mut self.many {
            Some(set) => set.insert(key),
            None => !out.iter().any(|o| identity(o).as_ref() == Some(&key)),
        }
    }
}

/// What makes two values [`Value::same`], as a hashable key: a shared
/// value's address, a primitive's kind and text (nil and undefined are one).
#[derive(PartialEq, Eq, Hash)]
pub(super) enum Identity {
    Shared(u8, usize),
    Str(Rc<str>),
    Num(Rc<str>),
    Bool(bool),
    Nil,
    Module(usize),
    Unknown(Span),
}

fn identity(v: &Value) -> Option<Identity> {
    let shared = |tag: u8, p: *const u8| Some(Identity::Shared(tag, p as usize));
    match v {
        Value::Object(o) => shared(0, Rc::as_ptr(o) as *const u8),
        Value::List(l, _) => shared(1, Rc::as_ptr(l) as *const u8),
        Value::Func(f) => shared(2, Rc::as_ptr(f) as *const u8),
        Value::Class(c) => shared(3, Rc::as_ptr(c) as *const u8),
        Value::Instance(i) => shared(4, Rc::as_ptr(i) as *const u8),
        Value::Sdk(s) => shared(5, Rc::as_ptr(s) as *const u8),
        Value::Str(t, _) => Some(Identity::Str(t.clone())),
        Value::Num(t, _) => Some(Identity::Num(t.clone())),
        Value::Bool(b, _) => Some(Identity::Bool(*b)),
        Value::Null(_) | Value::Undefined(_) => Some(Identity::Nil),
        Value::Module(m, _) => Some(Identity::Module(*m)),
        Value::Unknown(span) => Some(Identity::Unknown(*span)),
        _ => None,
    }
}

/// How many of these alternatives a value may keep, given the budget's
/// `max`: more when each is a record, an instance, a function or nil (what
/// a registry holds), as a call on them runs once on each.
pub fn alternatives_limit(values: &[Value], max: usize) -> usize {
    let records = values.iter().all(|v| {
        matches!(
            v,
            Value::Object(_)
                | Value::Instance(_)
                | Value::Func(_)
                | Value::Bound(..)
                | Value::Null(_)
                | Value::Undefined(_)
        )
    });
    match records {
        true => max.saturating_mul(super::budget::RECORD_ALTERNATIVES),
        false => max,
    }
}

/// One activation's (or one module's) variables.
#[derive(Debug, Default)]
pub struct Frame {
    pub vars: Vars,
    pub parent: Option<Rc<RefCell<Frame>>>,
    /// `this` / `self` of a method activation; `None` inherits the parent's.
    pub this: Option<Value>,
    pub module: usize,
    /// SDK modules imported whole (Rust's `use rmcp::*`): a name the scope
    /// lacks is looked up in them.
    pub globs: Vec<Value>,
    /// The classes a C# `using static A.B;` imports the statics of, by
    /// path: looked up when a name is (the assembly that declares the
    /// class may still be loading when the `using` runs).
    pub static_imports: Vec<Rc<str>>,
}

pub type FrameRef = Rc<RefCell<Frame>>;

/// A frame's locals. Every `if` copies and compares them, so the hasher is
/// foldhash's fixed-seed one, not SipHash: names are the program's own, and
/// a fixed seed makes no run's order differ from another's.
pub type Vars = HashMap<Rc<str>, Value, foldhash::fast::FixedState>;

/// A value of SDK type `ty` (a method of it read, not yet called, when `method`).
pub(super) fn sdk(table: usize, ty: &'static str, method: Option<Rc<str>>, span: Span) -> Value {
    Value::Sdk(Rc::new(SdkValue { method, ..SdkValue::plain(table, ty, span) }))
}

/// How an SDK record was made.
#[derive(Debug)]
pub struct Made {
    pub table: usize,
    pub ty: &'static str,
    pub call: PendingCall,
    /// The whole call, and its callee (`types.Tool`): what a report underlines.
    pub at: Span,
    pub head: Span,
    /// Project call sites on the stack when it was made, outermost first.
    pub stack: Vec<Span>,
    pub in_root: bool,
}

/// `v` as darling's `FromMeta` reads an attribute argument: a string
/// literal `"true"` / `"false"` is a bool, in `v` and in the fields of an
/// object `v` is (a copy; the original is left as it was).
pub fn from_meta(v: &Value) -> Value {
    match v {
        Value::Str(s, span) if matches!(&**s, "true" | "false") => Value::Bool(&**s == "true", *span),
        Value::Object(o) => {
            let o = o.borrow();
            let mut out = Obj { entries: vec![], ..o.copy() };
            for (k, v, at) in &o.entries {
                let v = match v {
                    Value::Str(..) => from_meta(v),
                    other => other.clone(),
                };
                out.entries.push((k.clone(), v, *at));
            }
            Value::Object(Rc::new(RefCell::new(out)))
        }
        other => other.clone(),
    }
}
