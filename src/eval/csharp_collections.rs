//! .NET's collections as the interpreter follows them (`System.Linq`,
//! `System.Collections.Generic`): a C# project's tool list is as often a
//! dictionary's `Values` projected with `Select` as a plain list. Each
//! operation is the one the interpreter already knows under its JavaScript
//! name (`Select` is `map`, `Where` is `filter`), so lists and maps behave
//! the same in every language; the few with no such twin are here.
//! Implicit usings make these names visible without a `using`, so they are
//! recognised by name, only when no binding of the program shadows them.

use std::cell::RefCell;
use std::rc::Rc;

use super::interp::{Activation, Interp};
use super::value::{ObjRef, PendingCall, Value};
use crate::frontend::csharp::is_dictionary_type;
use crate::ir::Entry;
use crate::source::Span;

/// The list operation a LINQ or `List<T>` method is, by its JavaScript name
/// ([`Interp::builtin_method`]), for `argc` arguments.
pub(super) fn list_alias(name: &str, argc: usize) -> Option<&'static str> {
    Some(match (name, argc) {
        ("Select", 1) => "map",
        ("Where", 1) => "filter",
        ("SelectMany", 1) => "flatMap",
        ("Concat" | "Union", 1) => "concat",
        ("ForEach", 1) => "forEach",
        // Copies of the same elements.
        (
            "ToList" | "ToArray" | "AsEnumerable" | "ToImmutableArray" | "ToImmutableList" | "ToHashSet"
            | "ToFrozenSet" | "AsReadOnly" | "Distinct" | "Cast",
            0,
        ) => "slice",
        _ => return None,
    })
}

/// Whether a method is a LINQ operation this file runs on a sequence
/// ([`list_alias`], [`Interp::csharp_list_method`]): on a dictionary, it
/// walks the key-value pairs.
pub(super) fn is_linq(name: &str, argc: usize) -> bool {
    list_alias(name, argc).is_some()
        || matches!(
            (name, argc),
            ("OrderBy" | "OrderByDescending" | "ThenBy" | "ThenByDescending" | "Append" | "Prepend", 1)
                | ("First" | "FirstOrDefault", 0)
        )
}

/// The map operation a dictionary method is, by its JavaScript `Map` name
/// ([`Interp::map_method`]).
pub(super) fn map_alias(name: &str) -> Option<&'static str> {
    Some(match name {
        "Add" | "TryAdd" => "set",
        "ContainsKey" => "has",
        "Remove" => "delete",
        "Clear" => "clear",
        _ => return None,
    })
}

impl Interp<'_> {
    /// LINQ methods with no JavaScript twin: the same elements reordered
    /// (`OrderBy(key)`: the order is not followed, as for `sort`), one added
    /// at either end, the first element.
    pub(super) fn csharp_list_method(
        &mut self,
        items: &[Value],
        name: &str,
        call: &PendingCall,
        span: Span,
    ) -> Option<Value> {
        let fresh = |v: Vec<Value>| Value::List(Rc::new(RefCell::new(v)), span);
        Some(match (name, call.positional.len()) {
            ("OrderBy" | "OrderByDescending" | "ThenBy" | "ThenByDescending", 1) => fresh(items.to_vec()),
            ("Append", 1) => {
                let mut out = items.to_vec();
                out.extend(call.positional.iter().cloned());
                fresh(out)
            }
            ("Prepend", 1) => {
                let mut out = call.positional.clone();
                out.extend(items.iter().cloned());
                fresh(out)
            }
            ("First" | "FirstOrDefault", 0) => match items.first() {
                Some(v) => v.clone(),
                None if name == "First" => Value::Unknown(span),
                None => Value::Null(span),
            },
            _ => return None,
        })
    }

    /// A dictionary walked (`foreach`, LINQ): its `KeyValuePair`s, records
    /// with `Key` and `Value` that deconstruct in that order, as .NET's do
    /// (`foreach (var (name, tool) in tools)`).
    pub(super) fn key_value_pairs(&mut self, map: &ObjRef, span: Span) -> Vec<Value> {
        let entries = self.map_view(map, "entries", span);
        entries
            .into_iter()
            .map(|e| {
                let Value::List(kv, _) = &e else { return e };
                let kv = kv.borrow();
                let (Some(k), Some(v)) = (kv.first(), kv.get(1)) else { return Value::Unknown(span) };
                let mut pair = super::value::Obj { named_tuple: true, ..super::value::Obj::new(span) };
                pair.set("Key", k.clone(), None);
                pair.set("Value", v.clone(), None);
                Value::Object(Rc::new(RefCell::new(pair)))
            })
            .collect()
    }

    /// A dictionary's `Values`, `Keys` and `Count` (properties, not methods).
    pub(super) fn dictionary_member(&mut self, map: &ObjRef, name: &str, span: Span) -> Option<Value> {
        let view = match name {
            "Values" => "values",
            "Keys" => "keys",
            "Count" => return Some(self.get_member(&Value::Object(map.clone()), "size", span)),
            _ => return None,
        };
        Some(Value::List(Rc::new(RefCell::new(self.map_view(map, view, span))), span))
    }
}

impl Interp<'_> {
    /// `new T(args)` of a type no binding of the program names: a
    /// dictionary, or `None` (not a collection this file knows).
    pub(super) fn csharp_new(&mut self, type_name: &str, args: &PendingCall, span: Span) -> Option<Value> {
        is_dictionary_type(type_name).then(|| self.new_dictionary(args, span))
    }

    /// `new T { ... }` of such a type: a dictionary's initialiser gives
    /// its entries; `None` for any other type.
    pub(super) fn csharp_literal(
        &mut self,
        act: &mut Activation,
        type_name: &str,
        entries: &[Entry],
        span: Span,
    ) -> Option<Value> {
        if !is_dictionary_type(type_name) {
            return None;
        }
        let v = self.eval_object(act, entries, span);
        if let Value::Object(o) = &v {
            o.borrow_mut().keyed = true;
        }
        Some(v)
    }

    /// `new Dictionary<K, V>()` is empty; given another dictionary, a copy
    /// of its entries; given anything else (a capacity, a comparer, an
    /// unknown source), a map whose content is not known whole.
    fn new_dictionary(&mut self, args: &PendingCall, span: Span) -> Value {
        let mut obj = super::value::Obj { keyed: true, ..super::value::Obj::new(span) };
        match args.arg(0) {
            None => {}
            Some(Value::Object(o)) if o.borrow().keyed => {
                let o = o.borrow();
                obj.entries = o.entries.clone();
                obj.complete = o.complete;
            }
            Some(Value::Num(..)) if args.positional.len() == 1 => {}
            Some(_) => obj.complete = false,
        }
        Value::Object(Rc::new(RefCell::new(obj)))
    }
}
