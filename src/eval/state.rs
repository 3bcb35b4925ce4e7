//! Data the interpreter keeps for the modules that extend it (each of
//! which implements its part on [`super::interp::Interp`]): defined here,
//! apart from the interpreter, so that it depends on them and not they on
//! each other both ways.

use std::rc::Rc;

use super::sdk::Roles;
use super::value::{PendingCall, Value};
use crate::source::Span;

/// Which classes are served, and the owners of tools declared on methods.
#[derive(Default)]
pub struct Serving {
    /// Classes served by name.
    pub(super) served: Vec<Rc<str>>,
    /// Marked classes, by mark.
    pub(super) marked: Vec<(&'static str, Rc<str>)>,
    /// Marks whose every class is served.
    pub(super) serves_marked: Vec<&'static str>,
    /// A serving call named something nobody knows: any class may be served.
    pub(super) unknown: bool,
    /// Tool values made from a method nobody knows (`McpServerTool.Create(
    /// method, ...)` over reflected methods): serving one may serve any
    /// class's methods.
    pub(super) made_from_unknown: Vec<usize>,
    /// Each owned registration (its call) and its owner's class name
    /// (`None`: not known).
    pub(super) owners: Vec<(Span, Option<Rc<str>>)>,
    /// Whether each module's project references the C# SDK, asked once.
    pub(super) references: std::collections::HashMap<usize, bool>,
}

/// A marked method: the marker's table, call and roles.
#[derive(Clone, Debug)]
pub(crate) struct Mark {
    pub(super) table: usize,
    pub(super) call: PendingCall,
    pub(super) roles: &'static Roles,
    /// The marker as written (`@Tool(...)`).
    pub(super) at: Span,
}

/// One part of a list being built.
pub(super) enum Part {
    Item(Value),
    Spread(Value),
}

/// A container's beans ([`super::beans`]).
#[derive(Default)]
pub struct Beans {
    /// Classes a stereotype annotation marks, in the order they were defined.
    pub(super) classes: Vec<Rc<super::value::ClassVal>>,
    /// The same, by module and class, for asking whether a class is one.
    pub(super) marked: std::collections::HashSet<(usize, crate::ir::ClassId)>,
    /// The one instance of each bean constructed so far, by class.
    pub(super) instances: std::collections::HashMap<(usize, crate::ir::ClassId), Value>,
    /// Beans being constructed inside one another.
    pub(super) depth: usize,
    /// Values a container definition made (Koin's `single<T> { ... }`), with
    /// the type it was declared as (unknown when inferred), in order.
    pub(super) defined: Vec<(Value, Value)>,
}
