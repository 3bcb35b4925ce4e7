//! Tool objects: values an SDK builds that hold a tool's parts before any
//! server has it (fastmcp's `Tool.from_function(fn, ...)`, `FunctionTool(...)`,
//! the standalone `@tool` decorator, `Tool.from_tool(parent, ...)`).
//!
//! A tool object is an SDK value of type `"Tool"` whose stored call holds
//! the parts it was built with as keywords (`name`, `title`, `description`,
//! `annotations`, `fn`), with the spans they were read from; a table reads
//! them back with [`Path::Of`] when the object is registered.

use std::rc::Rc;

use super::interp::Interp;
use super::sdk::{Path, Roles, TABLES};
use super::value::{PendingCall, SdkValue, Value};
use crate::source::Span;

/// The SDK type of tool objects.
pub(super) const TOOL: &str = "Tool";

impl Interp<'_> {
    /// A tool object with the parts `roles` read from `call` (and the
    /// decorated function, for a decorator).
    pub(super) fn make_tool(
        &mut self,
        table: usize,
        roles: &'static Roles,
        call: &PendingCall,
        handler: Option<Value>,
        span: Span,
    ) -> Value {
        let null_is_absent = TABLES[table].null_is_absent;
        let handler = handler.or_else(|| tool_handler(call));
        let mut parts = PendingCall::new(span);
        let fields: [(&str, &[Path]); 4] = [
            ("name", roles.name),
            ("title", roles.title),
            ("description", roles.description),
            ("annotations", roles.annotations),
        ];
        for (key, paths) in fields {
            let found = paths
                .iter()
                .filter_map(|p| self.path(p, call, handler.as_ref(), span))
                .find(|(v, _)| !(null_is_absent && matches!(v, Value::Null(_))));
            if let Some((v, at)) = found {
                parts.keywords.push((key.into(), v));
                if let Some(at) = at {
                    parts.spans.push((Some(key.into()), at));
                }
            }
        }
        if let Some(h) = handler {
            parts.keywords.push(("fn".into(), h));
        }
        Value::Sdk(Rc::new(SdkValue {
            table,
            ty: TOOL,
            method: None,
            pending: Some(parts),
            // The roles it was built with, for the `api` of its registration.
            decorator: Some(roles),
            span,
            registration: None,
            instance: None,
            listing: None,
        }))
    }

    /// Part `key` of the tool `v` is: a tool object's own, or, for a
    /// function, that of the tool it was last registered as (fastmcp 2's
    /// `@mcp.tool` returns the tool, so `Tool.from_tool(f)` derives from it).
    pub(super) fn tool_part(&self, v: &Value, key: &str, depth: usize) -> Option<(Value, Option<Span>)> {
        match v {
            Value::Sdk(s) if s.ty == TOOL => {
                let parts = s.pending.as_ref()?;
                Some((parts.kw(key)?.clone(), parts.kw_span(key)))
            }
            Value::Func(f) | Value::Bound(f, _) => {
                // The tool it was first registered as (by its decorator), not a
                // tool object later derived from it and registered too.
                let reg = self
                    .registrations
                    .iter()
                    .find(|r| matches!(&r.handler, Some(Value::Func(h) | Value::Bound(h, _)) if Rc::ptr_eq(h, f)))?;
                match key {
                    "name" => Some((reg.name.clone()?, reg.name_at)),
                    "title" => Some((reg.title.clone()?, None)),
                    "description" => Some((reg.description.clone()?, None)),
                    "annotations" => Some((reg.annotations.clone()?, reg.annotations_at)),
                    "fn" => Some((v.clone(), None)),
                    _ => None,
                }
            }
            // Something unknown handed to `add_tool`: a tool object or a
            // function, nobody knows; each part of it is unknown too.
            Value::Unknown(at) => Some((Value::Unknown(*at), None)),
            Value::OneOf(vs) if depth < 4 => {
                let found: Vec<_> = vs.iter().map(|v| self.tool_part(v, key, depth + 1)).collect();
                if found.iter().all(Option::is_none) {
                    return None;
                }
                let at = found.iter().flatten().find_map(|(_, at)| *at);
                let span = found.iter().flatten().find_map(|(v, _)| v.span())?;
                let values = found.into_iter().map(|f| f.map_or(Value::Undefined(span), |(v, _)| v)).collect();
                Some((Value::join(values, self.budget.max_alternatives, span), at))
            }
            _ => None,
        }
    }

    /// A tool object passed to a registering call and built inside it
    /// (`add_tool(Tool.from_function(...))`): where the tool is reported.
    pub(super) fn tool_built_in(call: &PendingCall, span: Span) -> Option<Span> {
        all_args(call).flat_map(Value::alternatives).find_map(|v| match v {
            Value::Sdk(s)
                if s.ty == TOOL && s.span.file == span.file && span.start <= s.span.start && s.span.end <= span.end =>
            {
                Some(s.span)
            }
            _ => None,
        })
    }
}

fn all_args(call: &PendingCall) -> impl Iterator<Item = &Value> {
    call.positional.iter().chain(call.keywords.iter().map(|(_, v)| v))
}

/// The function a call hands over: one passed directly, or the one a
/// tool object passed holds.
pub(super) fn tool_handler(call: &PendingCall) -> Option<Value> {
    all_args(call).flat_map(Value::alternatives).find_map(|v| match &v {
        Value::Func(_) | Value::Bound(..) => Some(v.clone()),
        Value::Sdk(s) if s.ty == TOOL => s.pending.as_ref().and_then(|p| p.kw("fn")).cloned(),
        _ => None,
    })
}

/// The `api` of the tool object a registering call is handed, if one.
pub(super) fn tool_api(call: &PendingCall) -> Option<&'static str> {
    all_args(call).flat_map(Value::alternatives).find_map(|v| match &v {
        Value::Sdk(s) if s.ty == TOOL => s.decorator.map(|r| r.api),
        _ => None,
    })
}

impl Interp<'_> {
    /// pydantic's `model.model_copy(update={...})` (v1's `copy(update=...)`):
    /// a new model with the update's keys replacing its own. For a tool
    /// object (fastmcp's `Tool` is a pydantic model) those are its parts;
    /// for a project model, its fields. An update that is not a known dict
    /// may replace any of them.
    pub(super) fn model_copy(&mut self, recv: &Value, name: &str, call: &PendingCall, span: Span) -> Option<Value> {
        let update = call.keywords.iter().find(|(k, _)| &**k == "update").map(|(_, v)| v.clone());
        if !(name == "model_copy" || (name == "copy" && update.is_some())) || !call.positional.is_empty() {
            return None;
        }
        let entries: Option<Vec<(Rc<str>, Value)>> = match &update {
            None | Some(Value::Null(_)) => Some(vec![]),
            Some(Value::Object(o)) if o.borrow().complete => {
                Some(o.borrow().entries.iter().map(|(k, v, _)| (k.clone(), v.clone())).collect())
            }
            Some(_) => None,
        };
        match recv {
            Value::Sdk(s) if s.ty == TOOL => {
                let mut parts = s.pending.clone()?;
                match entries {
                    Some(entries) => {
                        for (k, v) in entries {
                            parts.keywords.retain(|(key, _)| *key != k);
                            parts.spans.retain(|(key, _)| key.as_ref() != Some(&k));
                            parts.keywords.push((k, v));
                        }
                    }
                    None => {
                        for key in ["name", "title", "description", "annotations"] {
                            parts.keywords.retain(|(k, _)| &**k != key);
                            parts.keywords.push((key.into(), Value::Unknown(span)));
                        }
                    }
                }
                Some(Value::Sdk(Rc::new(SdkValue {
                    table: s.table,
                    ty: s.ty,
                    method: None,
                    pending: Some(parts),
                    decorator: s.decorator,
                    span,
                    registration: None,
                    instance: None,
                    listing: None,
                })))
            }
            Value::Instance(i) => {
                let mut fields = i.fields.borrow().clone();
                match entries {
                    Some(entries) => {
                        for (k, v) in entries {
                            fields.set(&k, v, None);
                        }
                    }
                    None => fields.complete = false,
                }
                let fields = Rc::new(std::cell::RefCell::new(fields));
                Some(Value::Instance(Rc::new(super::value::Instance { class: i.class.clone(), fields, span })))
            }
            _ => None,
        }
    }
}
