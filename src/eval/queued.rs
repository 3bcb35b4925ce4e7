//! Work the interpreter queues for after the program has run: values that
//! hold tool definitions ([`super::definitions`]) and list-tools handlers
//! ([`super::listing`]). Plain data, so that the interpreter's state needs
//! nothing from the files that act on it.

use crate::ir::{FuncId, TypeHolds};
use crate::source::Span;

use super::sdk::{Listing, Roles};
use super::value::Value;

/// A value that holds definitions, as met during the run.
pub(super) struct Pending {
    pub(super) value: Value,
    pub(super) holds: TypeHolds,
    pub(super) table: usize,
    pub(super) roles: &'static Roles,
    pub(super) from_root: bool,
    /// The SDK call or typed expression that made them definitions.
    pub(super) site: Span,
    /// Listed by a handler (the SDK serves it), not only declared a `Tool`.
    pub(super) listed: bool,
}

/// A list-tools handler waiting for the program to load.
#[derive(Clone)]
pub(super) struct Queued {
    pub(super) listing: &'static Listing,
    pub(super) table: usize,
    pub(super) handler: Value,
    pub(super) span: Span,
    pub(super) stack: Vec<((usize, FuncId), Span)>,
    pub(super) in_root: bool,
}
