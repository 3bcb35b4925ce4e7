//! HTTP transports. Streamable HTTP (protocol 2025-03-26 on): each message
//! is POSTed to the endpoint, the reply comes back as `application/json` or
//! as a `text/event-stream`, and the `Mcp-Session-Id` the server hands out
//! with the `initialize` reply goes with every later request. When the
//! first POST fails with a 4xx status, we fall back to the older HTTP+SSE
//! transport (2024-11-05), as the spec asks of clients: GET the URL, wait
//! for the `endpoint` event, POST messages there and read the replies from
//! the event stream.
//!
//! Every request runs on a thread of its own and reports to one channel,
//! so `recv` can honour deadlines and Ctrl-C; `close` shuts the sockets so
//! no thread stays blocked.

use std::net::{Shutdown, TcpStream};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::http::{self, Url};
use super::session::{Outgoing, Transport};
use super::{sse, Limits, ProbeError, POLL};

enum Event {
    Message(Value),
    /// A non-2xx reply; `init` when it answered the `initialize` POST.
    Status {
        code: u16,
        text: String,
        init: bool,
    },
    Endpoint(String),
    Failed(String),
}

#[derive(Clone, PartialEq)]
enum Mode {
    Streamable,
    /// Waiting for the `endpoint` event of the legacy stream.
    Connecting,
    Legacy(Url),
}

pub struct Http {
    url: Url,
    headers: Vec<(String, String)>,
    mode: Mode,
    session: Arc<Mutex<Option<String>>>,
    protocol: Option<String>,
    tx: Sender<Event>,
    rx: Receiver<Event>,
    sockets: Arc<Mutex<Vec<TcpStream>>>,
    /// The `initialize` message, kept to resend over the legacy transport.
    init: Option<Outgoing>,
    timeout: Duration,
    max_message: usize,
}

impl Http {
    pub fn new(url: &str, headers: &[(String, String)], limits: &Limits) -> Result<Http, ProbeError> {
        let url = Url::parse(url).map_err(ProbeError::Http)?;
        let (tx, rx) = mpsc::channel();
        Ok(Http {
            url,
            headers: headers.to_vec(),
            mode: Mode::Streamable,
            session: Arc::new(Mutex::new(None)),
            protocol: None,
            tx,
            rx,
            sockets: Arc::new(Mutex::new(Vec::new())),
            init: None,
            timeout: limits.init_timeout.max(limits.list_timeout),
            max_message: limits.max_message,
        })
    }

    fn request_headers(&self, accept: &str) -> Vec<(String, String)> {
        let mut h = vec![("Accept".to_string(), accept.to_string())];
        h.extend(self.headers.iter().cloned());
        if let Some(id) = self.session.lock().expect("session lock").clone() {
            h.push(("Mcp-Session-Id".into(), id));
        }
        if let Some(v) = &self.protocol {
            h.push(("MCP-Protocol-Version".into(), v.clone()));
        }
        h
    }

    /// POST one message on a thread; its replies (Streamable HTTP) or its
    /// status (both) arrive on the channel. Returns once the server has
    /// answered with a status line, so messages reach it in order.
    fn post(&self, to: Url, message: &Outgoing) -> Result<(), ProbeError> {
        let mut headers = self.request_headers("application/json, text/event-stream");
        headers.push(("Content-Type".into(), "application/json".into()));
        let body = serde_json::to_vec(message.value()).expect("JSON values serialize");
        let init = message.is_initialize();
        let (tx, session, sockets, timeout, max) =
            (self.tx.clone(), self.session.clone(), self.sockets.clone(), self.timeout, self.max_message);
        let (answered_tx, answered) = mpsc::sync_channel(1);
        std::thread::spawn(move || {
            let sent = http::send("POST", &to, &headers, &body, timeout);
            let _ = answered_tx.send(());
            let (resp, socket) = match sent {
                Ok(r) => r,
                Err(e) => {
                    let _ = tx.send(Event::Failed(e));
                    return;
                }
            };
            sockets.lock().expect("sockets lock").push(socket);
            if !(200..300).contains(&resp.status) {
                let code = resp.status;
                let text = resp.text(4096).unwrap_or_default();
                let _ = tx.send(Event::Status { code, text: super::wire::excerpt(text.trim(), 200), init });
                return;
            }
            if let Some(id) = resp.header("mcp-session-id") {
                *session.lock().expect("session lock") = Some(id.to_string());
            }
            let is_stream = resp.header("content-type").is_some_and(|c| c.starts_with("text/event-stream"));
            if resp.status == 202 {
                return;
            }
            if is_stream {
                read_stream(resp.body, max, &tx);
            } else {
                match resp.text(max) {
                    Ok(t) if t.trim().is_empty() => {}
                    Ok(t) => forward(&t, &tx),
                    Err(e) => {
                        let _ = tx.send(Event::Failed(e));
                    }
                }
            }
        });
        let until = Instant::now() + self.timeout;
        loop {
            if super::interrupted() {
                return Err(ProbeError::Interrupted);
            }
            match answered.recv_timeout(POLL) {
                Ok(()) | Err(RecvTimeoutError::Disconnected) => return Ok(()),
                Err(RecvTimeoutError::Timeout) if Instant::now() < until => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ProbeError::Http(format!("no HTTP response from {}", self.url.authority())))
                }
            }
        }
    }

    /// Open the legacy event stream (GET) on a thread.
    fn connect_legacy(&mut self) {
        self.mode = Mode::Connecting;
        let headers = self.request_headers("text/event-stream");
        let (tx, sockets, timeout, max, url) =
            (self.tx.clone(), self.sockets.clone(), self.timeout, self.max_message, self.url.clone());
        std::thread::spawn(move || {
            let (resp, socket) = match http::send("GET", &url, &headers, b"", timeout) {
                Ok(r) => r,
                Err(e) => {
                    let _ = tx.send(Event::Failed(e));
                    return;
                }
            };
            sockets.lock().expect("sockets lock").push(socket);
            if resp.status != 200 {
                let code = resp.status;
                let text = resp.text(4096).unwrap_or_default();
                let _ = tx.send(Event::Status { code, text: super::wire::excerpt(text.trim(), 200), init: false });
                return;
            }
            read_stream(resp.body, max, &tx);
        });
    }

    /// End the session (Streamable HTTP asks for a DELETE) and cut every
    /// connection still open.
    pub fn close(&mut self) {
        let id = self.session.lock().expect("session lock").clone();
        if let (Mode::Streamable, Some(_)) = (&self.mode, id) {
            let headers = self.request_headers("application/json, text/event-stream");
            let _ = http::send("DELETE", &self.url, &headers, b"", Duration::from_secs(1));
        }
        for s in self.sockets.lock().expect("sockets lock").drain(..) {
            let _ = s.shutdown(Shutdown::Both);
        }
    }
}

impl Drop for Http {
    fn drop(&mut self) {
        for s in self.sockets.lock().expect("sockets lock").drain(..) {
            let _ = s.shutdown(Shutdown::Both);
        }
    }
}

/// Forward every JSON-RPC message of an event stream.
fn read_stream(mut body: Box<dyn std::io::BufRead + Send>, max: usize, tx: &Sender<Event>) {
    loop {
        match sse::next(&mut body, max) {
            Ok(Some(ev)) if ev.event == "endpoint" => {
                if tx.send(Event::Endpoint(ev.data.trim().to_string())).is_err() {
                    return;
                }
            }
            Ok(Some(ev)) if ev.event == "message" && !ev.data.trim().is_empty() => forward(&ev.data, tx),
            Ok(Some(_)) => {}
            Ok(None) => return,
            Err(e) => {
                let _ = tx.send(Event::Failed(e));
                return;
            }
        }
    }
}

/// One message, or each of a batch.
fn forward(text: &str, tx: &Sender<Event>) {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Array(items)) => {
            for v in items {
                let _ = tx.send(Event::Message(v));
            }
        }
        Ok(v) => {
            let _ = tx.send(Event::Message(v));
        }
        Err(_) => {
            let _ = tx.send(Event::Failed(format!(
                "the server sent a body that is not JSON: {}",
                super::wire::excerpt(text, 200)
            )));
        }
    }
}

impl Transport for Http {
    fn send(&mut self, message: &Outgoing) -> Result<(), ProbeError> {
        if message.is_initialize() {
            self.init = Some(message.clone());
        }
        match self.mode.clone() {
            Mode::Streamable => self.post(self.url.clone(), message),
            Mode::Legacy(endpoint) => self.post(endpoint, message),
            Mode::Connecting => Ok(()), // sent once the endpoint is known
        }
    }

    fn recv(&mut self, deadline: Instant, step: &'static str) -> Result<Value, ProbeError> {
        loop {
            if super::interrupted() {
                return Err(ProbeError::Interrupted);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(ProbeError::Timeout { step, after: Duration::ZERO });
            }
            let event = match self.rx.recv_timeout(POLL.min(deadline - now)) {
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => unreachable!("we hold a sender"),
                Ok(e) => e,
            };
            match event {
                Event::Message(v) => {
                    if step == "initialize" {
                        if let Some(p) = v.pointer("/result/protocolVersion").and_then(Value::as_str) {
                            self.protocol = Some(p.to_string());
                        }
                    }
                    return Ok(v);
                }
                Event::Status { code, init: true, .. }
                    if (400..500).contains(&code) && self.mode == Mode::Streamable =>
                {
                    self.connect_legacy();
                }
                Event::Status { code, text, .. } => {
                    let detail = if text.is_empty() { String::new() } else { format!(": {text}") };
                    let tried = if self.mode == Mode::Streamable { "" } else { " (HTTP+SSE transport)" };
                    return Err(ProbeError::Http(format!(
                        "the server answered `{step}` with HTTP {code}{tried}{detail}"
                    )));
                }
                Event::Endpoint(reference) => {
                    let endpoint = self.url.join(&reference).map_err(ProbeError::Http)?;
                    self.mode = Mode::Legacy(endpoint.clone());
                    if let Some(init) = self.init.clone() {
                        self.post(endpoint, &init)?;
                    }
                }
                Event::Failed(e) => return Err(ProbeError::Http(e)),
            }
        }
    }
}
