//! SDKs whose tools are records a handler returns ([`sdk::Listing`]): the
//! low-level `Server`'s list-tools handler and the `types.Tool(...)`
//! records it lists.
//!
//! A record remembers the call that made it ([`Made`]); the handler is run
//! once the program has loaded (the SDK calls it when a client asks), and
//! every record of the listing's type in what it returns registers a tool,
//! reported where the record was made. A record nothing lists (a client
//! parsing another server's tools) is no tool.

use std::cell::RefCell;
use std::rc::Rc;

use crate::source::Span;

use super::interp::Interp;
use super::queued::Queued;
use super::sdk::{self, Effect, Listing, Op, TABLES};
use super::value::{Made, Obj, PendingCall, SdkValue, Value};

impl Interp<'_> {
    /// A decorator made by a listing rule receiving its function, or a call
    /// with a keyword a listing rule names; `None` for any other call.
    pub(super) fn listing_call(&mut self, s: &Rc<SdkValue>, call: &PendingCall, span: Span) -> Option<Value> {
        if let Some(listing) = s.listing {
            let handler = call.positional.first().cloned().unwrap_or(Value::Unknown(span));
            self.queue_listing(listing, s.table, handler.clone(), s.span);
            return Some(handler);
        }
        if s.method.is_none() {
            for (k, v) in &call.keywords {
                let table = TABLES[s.table];
                let rule = table.rules.iter().find(|r| r.on == s.ty && r.op == Op::Kw(leak(table, k)));
                if let Some(sdk::Rule { effect: Effect::ListingHandler(listing), .. }) = rule {
                    let at = call.kw_span(k).unwrap_or(span);
                    self.queue_listing(listing, s.table, v.clone(), at);
                }
            }
        }
        None
    }

    /// The listing effects of a table rule.
    pub(super) fn listing_effect(
        &mut self,
        s: &Rc<SdkValue>,
        effect: &Effect,
        on: &'static str,
        call: PendingCall,
        span: Span,
    ) -> Value {
        match effect {
            Effect::Definition => {
                let mut obj = Obj::of_keywords(&call, span);
                obj.made = Some(Rc::new(Made {
                    table: s.table,
                    ty: on,
                    at: span,
                    head: head(span, s.span, call.span),
                    stack: self.call_sites(),
                    in_root: self.in_root,
                    call,
                }));
                Value::Object(Rc::new(RefCell::new(obj)))
            }
            Effect::ListingDecorator(listing) => Value::Sdk(Rc::new(SdkValue {
                table: s.table,
                ty: "@listing",
                method: None,
                pending: None,
                decorator: None,
                listing: Some(listing),
                span: s.span,
                registration: None,
                instance: s.instance,
            })),
            // As a method (`builder.WithListToolsHandler(handler)`): the
            // argument is the handler, and the receiver goes on. As an
            // `Op::Kw` rule it is handled in `listing_call`.
            Effect::ListingHandler(listing) if s.method.is_some() => {
                let handler = call.positional.first().cloned().unwrap_or(Value::Unknown(span));
                let at = call.arg_span(0).unwrap_or(span);
                self.queue_listing(listing, s.table, handler, at);
                Value::Sdk(Rc::new(SdkValue { instance: s.instance, ..SdkValue::plain(s.table, s.ty, s.span) }))
            }
            _ => Value::Unknown(span),
        }
    }

    pub(super) fn queue_listing(&mut self, listing: &'static Listing, table: usize, handler: Value, span: Span) {
        let (stack, in_root) = (self.stack.clone(), self.in_root);
        self.listings.push(Queued { listing, table, handler, span, stack, in_root });
    }

    /// Runs the queued list-tools handlers; false when there were none.
    pub(super) fn run_listings(&mut self) -> bool {
        let queued = std::mem::take(&mut self.listings);
        let ran = !queued.is_empty();
        self.listed.extend(queued.iter().cloned());
        for q in queued {
            let saved = (std::mem::replace(&mut self.stack, q.stack), std::mem::replace(&mut self.in_root, q.in_root));
            let args = match &q.handler {
                Value::Func(c) | Value::Bound(c, _) => {
                    let span = self.modules[c.module].func(c.func).span;
                    super::root_args(self, c.module, c.func, c.env.clone(), span, false)
                }
                _ => PendingCall::new(q.span),
            };
            let result = self.call_value(&q.handler, None, args, q.span);
            let (records, unknown) = self.listed(q.listing, &result);
            for record in records {
                self.register_record(q.table, q.listing, &record);
            }
            if let Some(unknown) = unknown {
                self.register_unknown(q.listing.roles, &unknown, q.span);
            }
            (self.stack, self.in_root) = saved;
        }
        ran
    }

    /// Runs every list-tools handler once more, after the functions the SDK
    /// calls later ran: a client may list tools after any call, and what a
    /// tool handler switched on (`search_enabled = True`) is listed then.
    pub(super) fn rerun_listings(&mut self) {
        let listed = std::mem::take(&mut self.listed);
        self.listings = listed;
        // What the functions read may have changed since: no memoised results.
        self.memo.clear();
        self.run_listings();
        for (table, h, call, span) in std::mem::take(&mut self.list_handlers) {
            self.list_handler(table, h, &call, span);
        }
    }

    /// The records of the listing's type in a handler's result: the list
    /// itself or the list in a result record, on every path; and an unknown
    /// part of it (the result, its list or an element), if there is one.
    fn listed(&mut self, listing: &Listing, result: &Value) -> (Vec<Value>, Option<Value>) {
        let mut lists = vec![];
        let mut unknown = None;
        for alt in result.alternatives() {
            match &alt {
                Value::List(..) => lists.push(alt.clone()),
                Value::Unknown(_) => unknown = unknown.or(Some(alt.clone())),
                Value::Object(o) => {
                    let field = {
                        let o = o.borrow();
                        match (listing.result, &o.made) {
                            (Some((ty, field)), Some(m)) if m.ty == ty => o.get(field).cloned(),
                            _ => None,
                        }
                    };
                    lists.extend(field);
                }
                _ => {}
            }
        }
        let mut out = vec![];
        for list in lists.iter().flat_map(Value::alternatives) {
            let items = match list {
                Value::List(items, _) => items.borrow().clone(),
                Value::Unknown(_) => {
                    unknown = unknown.or(Some(list));
                    continue;
                }
                _ => continue,
            };
            for item in items.iter().flat_map(Value::alternatives) {
                match &item {
                    Value::Object(o) if o.borrow().made.as_ref().is_some_and(|m| m.ty == listing.record) => {
                        out.push(item)
                    }
                    Value::Unknown(_) => unknown = unknown.or(Some(item.clone())),
                    _ => {}
                }
            }
        }
        (out, unknown)
    }

    /// A listing whose tools cannot all be followed (a handler answering
    /// with what another service or a plugin hands it) has a tool whose
    /// every part is unknown, registered where the handler is: the run says
    /// it could not see them (MCP031) instead of going quiet. One derived
    /// from a root's parameters is a helper forwarding its callers' tools.
    pub(super) fn register_unknown(&mut self, roles: &'static sdk::Roles, unknown: &Value, at: Span) {
        self.charge(super::budget::REGISTRATION_STEPS);
        self.registrations.push(super::Registration {
            api: roles.api,
            site: at,
            call: at,
            stack: self.stack.iter().map(|(_, s)| *s).collect(),
            made_in: vec![],
            record_at: None,
            name: Some(unknown.clone()),
            name_at: None,
            title: None,
            description: None,
            annotations: Some(unknown.clone()),
            annotations_at: None,
            slot: None,
            inputs: super::Inputs::Schema(unknown.clone()),
            inputs_later: &[],
            handler: None,
            handed_at: None,
            declared_at: None,
            from_root: self.in_root,
            name_from_params: self.param_derived(unknown),
            name_param_derived: self.param_derived(unknown),
            branches: self.branches,
            server: None,
            generated: false,
            callers_matter: false,
        });
    }

    /// A listed record as a registration made where the record was.
    fn register_record(&mut self, table: usize, listing: &Listing, record: &Value) {
        let Value::Object(o) = record else { return };
        let (made, call) = {
            let o = o.borrow();
            let Some(made) = o.made.clone() else { return };
            // Its fields now (set after it was made too), written where the call wrote them.
            let mut call = PendingCall { spans: made.call.spans.clone(), ..PendingCall::new(made.call.span) };
            call.keywords = o.entries.iter().map(|(k, v, _)| (k.clone(), v.clone())).collect();
            (made, call)
        };
        let site = SdkValue {
            table,
            ty: made.ty,
            method: None,
            pending: None,
            decorator: None,
            listing: None,
            span: made.head,
            registration: None,
            instance: None,
        };
        let before = self.registrations.len();
        self.register(&site, listing.roles, &call, Some(record.clone()), made.at);
        for reg in &mut self.registrations[before..] {
            reg.stack = made.stack.clone();
            reg.from_root = made.in_root;
        }
    }

    /// The call sites on the stack, leaving out closures run in place
    /// (a comprehension is called where it is written: no call site).
    fn call_sites(&self) -> Vec<Span> {
        self.stack.iter().filter(|((m, f), at)| self.modules[*m].func(*f).span != *at).map(|(_, at)| *at).collect()
    }
}

/// The table's own spelling of a keyword a rule names.
fn leak(table: &sdk::SdkTable, name: &str) -> &'static str {
    table
        .rules
        .iter()
        .find_map(|r| match r.op {
            Op::Kw(k) if k == name => Some(k),
            _ => None,
        })
        .unwrap_or("")
}

/// A record constructor called by a name (`Tool(...)` after `from mcp_types
/// import Tool`) stands where that name is written, not at its import: the
/// record is reported there. So does a decorator factory called by a name
/// (Rust's `#[tool(...)]` after `use rmcp::tool`): the registration's head.
pub(super) fn definition_at(f: Value, callee: Span) -> Value {
    let Value::Sdk(s) = &f else { return f };
    let defines = matches!(TABLES[s.table].rule(s.ty, &Op::Call),
        Some(r) if matches!(r.effect, Effect::Definition | Effect::Decorator(_)));
    if !defines || s.method.is_some() || s.pending.is_some() {
        return f;
    }
    Value::Sdk(Rc::new(SdkValue {
        table: s.table,
        ty: s.ty,
        method: None,
        pending: None,
        decorator: s.decorator,
        listing: s.listing,
        span: callee,
        registration: None,
        instance: None,
    }))
}

/// A call's callee (`types.Tool`): the constructor's span when it is inside
/// the call, else from the call's start to where its arguments start (the
/// whole call when it has none).
fn head(call: Span, callee: Span, args: Span) -> Span {
    if callee.file == call.file && call.start <= callee.start && callee.end <= call.end && callee.end > call.start {
        return callee;
    }
    if args.file == call.file && call.start < args.start && args.start <= call.end {
        Span { end: (args.start - 1).max(call.start + 1), ..call }
    } else {
        call
    }
}
