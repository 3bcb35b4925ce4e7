//! The MCP conversation of a probe, and the one place that decides what may
//! be sent: [`Allowed`] is the only way to build an outgoing request or
//! notification, and it names exactly `initialize`,
//! `notifications/initialized` and `tools/list`. A probe can therefore
//! never send `tools/call` or anything else that could change state.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::{Limits, ProbeError};

/// Protocol revisions we can speak, newest first. We offer the first; a
/// server that answers with another one it supports is accepted when the
/// answer is on this list (the tools/list shape is the same in all of them).
pub const PROTOCOL_VERSIONS: &[&str] = &["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/// Every method a probe may send. Adding a variant here is the only way to
/// widen what a probe does; `tests::only_allowed_methods_exist` pins the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowed {
    Initialize,
    Initialized,
    ToolsList,
}

impl Allowed {
    pub const ALL: [Allowed; 3] = [Allowed::Initialize, Allowed::Initialized, Allowed::ToolsList];

    pub fn method(self) -> &'static str {
        match self {
            Allowed::Initialize => "initialize",
            Allowed::Initialized => "notifications/initialized",
            Allowed::ToolsList => "tools/list",
        }
    }
}

/// A message a transport may write. Only this module builds one; a
/// transport cannot invent a request of its own.
#[derive(Clone, Debug)]
pub struct Outgoing(Value);

impl Outgoing {
    fn request(id: u64, method: Allowed, params: Value) -> Outgoing {
        Outgoing(json!({"jsonrpc": "2.0", "id": id, "method": method.method(), "params": params}))
    }
    fn notification(method: Allowed) -> Outgoing {
        Outgoing(json!({"jsonrpc": "2.0", "method": method.method()}))
    }
    /// An error reply to a request the server made of us (`sampling`,
    /// `roots/list`, `ping`…): a reply, never a request, so it cannot act.
    fn refusal(id: Value) -> Outgoing {
        Outgoing(json!({"jsonrpc": "2.0", "id": id,
                        "error": {"code": -32601, "message": "mcp-lint probe answers no requests"}}))
    }
    pub fn value(&self) -> &Value {
        &self.0
    }
    /// The method, `None` for a reply.
    pub fn method(&self) -> Option<&str> {
        self.0.get("method").and_then(Value::as_str)
    }
    pub fn is_initialize(&self) -> bool {
        self.method() == Some(Allowed::Initialize.method())
    }
}

/// What a transport gives back while waiting for a reply.
pub trait Transport {
    fn send(&mut self, message: &Outgoing) -> Result<(), ProbeError>;
    /// The next message from the server, or an error once `deadline` passes.
    fn recv(&mut self, deadline: Instant, step: &'static str) -> Result<Value, ProbeError>;
}

/// What the probe learned: the handshake and every page of `tools/list`.
#[derive(Clone, Debug)]
pub struct Listing {
    pub protocol_version: String,
    pub server_info: Value,
    /// The `result` of each `tools/list` page, in order.
    pub pages: Vec<Value>,
}

impl Listing {
    /// Every listed tool, pages concatenated.
    pub fn tools(&self) -> impl Iterator<Item = &Value> {
        self.pages.iter().filter_map(|p| p.get("tools").and_then(Value::as_array)).flatten()
    }
}

pub struct Session<'t, T: Transport> {
    transport: &'t mut T,
    next_id: u64,
    limits: Limits,
}

impl<'t, T: Transport> Session<'t, T> {
    pub fn new(transport: &'t mut T, limits: Limits) -> Self {
        Session { transport, next_id: 1, limits }
    }

    /// `initialize`, `notifications/initialized`, then `tools/list` until the
    /// last page. Nothing else is ever sent.
    pub fn run(mut self) -> Result<Listing, ProbeError> {
        let params = json!({
            "protocolVersion": PROTOCOL_VERSIONS[0],
            "capabilities": {},
            "clientInfo": {"name": "mcp-lint", "version": env!("CARGO_PKG_VERSION")},
        });
        let init = self.request(Allowed::Initialize, params, self.limits.init_timeout, "initialize")?;
        let version = init.get("protocolVersion").and_then(Value::as_str).unwrap_or("");
        if !PROTOCOL_VERSIONS.contains(&version) {
            return Err(ProbeError::Protocol(format!(
                "the server answered `initialize` with protocol version `{version}`, which mcp-lint does not know \
                 (it speaks {})",
                PROTOCOL_VERSIONS.join(", ")
            )));
        }
        self.transport.send(&Outgoing::notification(Allowed::Initialized))?;

        let mut pages = Vec::new();
        let mut cursors: Vec<String> = Vec::new();
        let mut tools = 0usize;
        let mut cursor: Option<String> = None;
        loop {
            let params = match &cursor {
                Some(c) => json!({"cursor": c}),
                None => json!({}),
            };
            let page = self.request(Allowed::ToolsList, params, self.limits.list_timeout, "tools/list")?;
            let Some(list) = page.get("tools").and_then(Value::as_array) else {
                return Err(ProbeError::Protocol("the `tools/list` result has no `tools` array".into()));
            };
            tools += list.len();
            if tools > self.limits.max_tools {
                return Err(ProbeError::Limit(format!(
                    "the server lists more than {} tools (raise --max-tools)",
                    self.limits.max_tools
                )));
            }
            let next = match page.get("nextCursor") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => Some(s.clone()),
                Some(other) => {
                    return Err(ProbeError::Protocol(format!("`nextCursor` is not a string: {other}")));
                }
            };
            pages.push(page);
            match next {
                None => break,
                Some(c) if cursors.contains(&c) => {
                    return Err(ProbeError::Protocol(format!(
                        "`tools/list` returned the cursor `{c}` twice: the pages loop"
                    )));
                }
                Some(c) => {
                    if pages.len() >= self.limits.max_pages {
                        return Err(ProbeError::Limit(format!(
                            "the server returned more than {} pages of tools",
                            self.limits.max_pages
                        )));
                    }
                    cursors.push(c.clone());
                    cursor = Some(c);
                }
            }
        }
        Ok(Listing {
            protocol_version: version.to_string(),
            server_info: init.get("serverInfo").cloned().unwrap_or(Value::Null),
            pages,
        })
    }

    /// Send one request and wait for its reply, answering (with a refusal)
    /// any request the server makes meanwhile and skipping notifications.
    fn request(
        &mut self,
        method: Allowed,
        params: Value,
        timeout: Duration,
        step: &'static str,
    ) -> Result<Value, ProbeError> {
        let id = self.next_id;
        self.next_id += 1;
        self.transport.send(&Outgoing::request(id, method, params))?;
        let deadline = Instant::now() + timeout;
        loop {
            let msg = self.transport.recv(deadline, step).map_err(|e| match e {
                ProbeError::Timeout { step, .. } => ProbeError::Timeout { step, after: timeout },
                e => e,
            })?;
            let Some(obj) = msg.as_object() else {
                return Err(ProbeError::Protocol(format!("the server sent a JSON value that is not an object: {msg}")));
            };
            if obj.contains_key("method") {
                if let Some(rid) = obj.get("id") {
                    self.transport.send(&Outgoing::refusal(rid.clone()))?;
                }
                continue;
            }
            if obj.get("id").and_then(Value::as_u64) != Some(id) {
                continue; // a stray reply: not ours
            }
            if let Some(err) = obj.get("error") {
                let message = err.get("message").and_then(Value::as_str).unwrap_or("(no message)");
                let code = err.get("code").map_or("?".to_string(), Value::to_string);
                return Err(ProbeError::Server(format!("the server answered `{step}` with error {code}: {message}")));
            }
            return match obj.get("result") {
                Some(r @ Value::Object(_)) => Ok(r.clone()),
                _ => Err(ProbeError::Protocol(format!("the reply to `{step}` has no `result` object"))),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// A scripted server: answers by method, records everything sent.
    struct Script {
        sent: Vec<Value>,
        inbox: VecDeque<Value>,
        pages: usize,
    }

    impl Transport for Script {
        fn send(&mut self, m: &Outgoing) -> Result<(), ProbeError> {
            let v = m.value().clone();
            self.sent.push(v.clone());
            let id = v.get("id").cloned();
            match v.get("method").and_then(Value::as_str) {
                Some("initialize") => {
                    // A server that asks us things and baits with notifications.
                    self.inbox.push_back(json!({"jsonrpc": "2.0", "id": "s1", "method": "roots/list"}));
                    self.inbox.push_back(json!({"jsonrpc": "2.0", "method": "notifications/message", "params": {}}));
                    self.inbox.push_back(json!({"jsonrpc": "2.0", "id": id, "result": {
                        "protocolVersion": "2025-06-18", "capabilities": {"tools": {}}, "serverInfo": {"name": "s"}}}));
                }
                Some("tools/list") => {
                    let n: usize =
                        v.pointer("/params/cursor").and_then(Value::as_str).map_or(0, |c| c.parse().unwrap());
                    let mut result = json!({"tools": [{"name": format!("delete_all_{n}"), "inputSchema": {}}]});
                    if n + 1 < self.pages {
                        result["nextCursor"] = json!((n + 1).to_string());
                    }
                    self.inbox.push_back(json!({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"}));
                    self.inbox.push_back(json!({"jsonrpc": "2.0", "id": id, "result": result}));
                }
                _ => {}
            }
            Ok(())
        }
        fn recv(&mut self, _: Instant, step: &'static str) -> Result<Value, ProbeError> {
            self.inbox.pop_front().ok_or(ProbeError::Timeout { step, after: Duration::ZERO })
        }
    }

    fn limits() -> Limits {
        Limits { init_timeout: Duration::from_secs(1), list_timeout: Duration::from_secs(1), ..Limits::default() }
    }

    #[test]
    fn only_allowed_methods_exist() {
        let methods: Vec<&str> = Allowed::ALL.iter().map(|m| m.method()).collect();
        assert_eq!(methods, ["initialize", "notifications/initialized", "tools/list"]);
    }

    #[test]
    fn never_sends_anything_but_the_allow_list() {
        let mut t = Script { sent: vec![], inbox: VecDeque::new(), pages: 3 };
        let listing = Session::new(&mut t, limits()).run().expect("probe");
        assert_eq!(listing.tools().count(), 3);
        assert_eq!(listing.protocol_version, "2025-06-18");
        let sent: Vec<String> =
            t.sent.iter().map(|m| m.get("method").and_then(Value::as_str).unwrap_or("<reply>").to_string()).collect();
        assert_eq!(
            sent,
            ["initialize", "<reply>", "notifications/initialized", "tools/list", "tools/list", "tools/list"]
        );
        for m in &t.sent {
            match m.get("method").and_then(Value::as_str) {
                Some(method) => assert!(Allowed::ALL.iter().any(|a| a.method() == method), "sent {method}"),
                // A reply is only ever an error refusing the server's request.
                None => assert_eq!(m.pointer("/error/code"), Some(&json!(-32601)), "{m}"),
            }
        }
    }

    #[test]
    fn a_looping_cursor_is_an_error() {
        // Ids grow per request, so answer every id after the first with the same page.
        struct Same(u64);
        impl Transport for Same {
            fn send(&mut self, _: &Outgoing) -> Result<(), ProbeError> {
                self.0 += 1;
                Ok(())
            }
            fn recv(&mut self, _: Instant, step: &'static str) -> Result<Value, ProbeError> {
                Ok(match step {
                    "initialize" => json!({"id": 1, "result": {"protocolVersion": "2024-11-05"}}),
                    _ => json!({"id": self.0 - 1, "result": {"tools": [], "nextCursor": "same"}}),
                })
            }
        }
        let err = Session::new(&mut Same(0), limits()).run().unwrap_err();
        assert!(err.to_string().contains("cursor `same` twice"), "{err}");
    }

    #[test]
    fn an_unknown_protocol_version_is_refused() {
        struct Old;
        impl Transport for Old {
            fn send(&mut self, _: &Outgoing) -> Result<(), ProbeError> {
                Ok(())
            }
            fn recv(&mut self, _: Instant, _: &'static str) -> Result<Value, ProbeError> {
                Ok(json!({"id": 1, "result": {"protocolVersion": "1999-01-01"}}))
            }
        }
        let err = Session::new(&mut Old, limits()).run().unwrap_err();
        assert!(err.to_string().contains("`1999-01-01`"), "{err}");
    }

    #[test]
    fn an_error_reply_names_the_step() {
        struct Refuses;
        impl Transport for Refuses {
            fn send(&mut self, _: &Outgoing) -> Result<(), ProbeError> {
                Ok(())
            }
            fn recv(&mut self, _: Instant, _: &'static str) -> Result<Value, ProbeError> {
                Ok(json!({"id": 1, "error": {"code": -32600, "message": "go away"}}))
            }
        }
        let err = Session::new(&mut Refuses, limits()).run().unwrap_err();
        assert_eq!(err.to_string(), "the server answered `initialize` with error -32600: go away");
    }
}
