//! `mcp-lint probe`: start (or connect to) an MCP server, read what it
//! really lists, and lint that — safely. [`session`] is the only place that
//! decides what is sent (`initialize`, `notifications/initialized`,
//! `tools/list`); the transports move bytes; [`wire`] turns the listing into
//! the language-neutral tools the rules see; [`diff`] compares it with the
//! tools found in the source.

pub mod command;
pub mod diff;
mod http;
pub mod session;
mod sse;
pub mod transport_http;
pub mod transport_stdio;
pub mod wire;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

pub use session::Listing;

/// Bounds of one probe. Defaults are documented in the README.
#[derive(Clone, Debug)]
pub struct Limits {
    /// From start (or connect) to the `initialize` reply.
    pub init_timeout: Duration,
    /// Per `tools/list` page.
    pub list_timeout: Duration,
    /// Largest single message (a line on stdio, a body or event on HTTP).
    pub max_message: usize,
    pub max_tools: usize,
    pub max_pages: usize,
}

pub const DEFAULT_INIT_TIMEOUT_SECS: f64 = 30.0;
pub const DEFAULT_LIST_TIMEOUT_SECS: f64 = 10.0;
pub const DEFAULT_MAX_MESSAGE: usize = 16 * 1024 * 1024;
pub const DEFAULT_MAX_TOOLS: usize = 10_000;
const MAX_PAGES: usize = 1_000;
/// The tail of the child's stderr kept for error messages.
pub const STDERR_KEEP: usize = 16 * 1024;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            init_timeout: Duration::from_secs_f64(DEFAULT_INIT_TIMEOUT_SECS),
            list_timeout: Duration::from_secs_f64(DEFAULT_LIST_TIMEOUT_SECS),
            max_message: DEFAULT_MAX_MESSAGE,
            max_tools: DEFAULT_MAX_TOOLS,
            max_pages: MAX_PAGES,
        }
    }
}

/// The server to probe.
#[derive(Clone, Debug)]
pub enum Target {
    Stdio { program: String, args: Vec<String>, cwd: Option<PathBuf>, env: Vec<(String, String)> },
    Http { url: String, headers: Vec<(String, String)> },
}

impl Target {
    /// How messages name the server.
    pub fn label(&self) -> String {
        match self {
            Target::Stdio { program, args, .. } => {
                let mut s = program.clone();
                for a in args {
                    s.push(' ');
                    s.push_str(a);
                }
                s
            }
            Target::Http { url, .. } => url.clone(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ProbeError {
    #[error("cannot start `{program}`: {message}")]
    Spawn { program: String, message: String },
    #[error("the server exited before answering `{step}` ({status})")]
    Exited { step: &'static str, status: String },
    #[error("the server wrote something that is not JSON-RPC to stdout while waiting for `{step}`: {line}")]
    NotJson { step: &'static str, line: String },
    #[error("no answer to `{step}` within {:.1} s (see --init-timeout / --list-timeout)", after.as_secs_f64())]
    Timeout { step: &'static str, after: Duration },
    #[error("{0}")]
    Server(String),
    #[error("{0}")]
    Protocol(String),
    #[error("{0}")]
    Limit(String),
    #[error("{0}")]
    Http(String),
    #[error("{0}")]
    Io(String),
    #[error("interrupted")]
    Interrupted,
}

/// A failed probe, with what the server said on stderr (bounded).
#[derive(Debug)]
pub struct Failure {
    pub error: ProbeError,
    pub stderr: String,
}

/// Probe a server: the listing, or why it could not be read.
pub fn probe(target: &Target, limits: &Limits) -> Result<Listing, Failure> {
    watch_signals();
    let result = run(target, limits);
    unwatch_signals();
    result
}

fn run(target: &Target, limits: &Limits) -> Result<Listing, Failure> {
    match target {
        Target::Stdio { .. } => {
            let mut t = transport_stdio::Stdio::spawn(target, limits)
                .map_err(|error| Failure { error, stderr: String::new() })?;
            let result = session::Session::new(&mut t, limits.clone()).run();
            let stderr = t.shutdown();
            result.map_err(|error| Failure { error, stderr })
        }
        Target::Http { url, headers } => {
            let mut t = transport_http::Http::new(url, headers, limits)
                .map_err(|error| Failure { error, stderr: String::new() })?;
            let result = session::Session::new(&mut t, limits.clone()).run();
            t.close();
            result.map_err(|error| Failure { error, stderr: String::new() })
        }
    }
}

/// Set by SIGINT/SIGTERM/SIGHUP while a probe runs; and whether the next
/// such signal ends the process at once (a second one, or any once the
/// probe is over and nothing polls the first flag any more).
static SIGNALS: OnceLock<(Arc<AtomicBool>, Arc<AtomicBool>)> = OnceLock::new();

/// Catch Ctrl-C, SIGTERM and SIGHUP while a probe runs, so the child's
/// process group is killed and reaped before we exit.
fn watch_signals() {
    let (_, now) = SIGNALS.get_or_init(|| {
        let (flag, now) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicBool::new(false)));
        for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
            // Failing to install a handler only loses the clean-up on that
            // signal. Handlers run in this order.
            let _ = signal_hook::flag::register_conditional_shutdown(sig, 130, now.clone());
            let _ = signal_hook::flag::register(sig, flag.clone());
            let _ = signal_hook::flag::register(sig, now.clone());
        }
        (flag, now)
    });
    now.store(false, Ordering::Relaxed);
}

/// The probe is over: signals end the process again, as by default.
fn unwatch_signals() {
    if let Some((_, now)) = SIGNALS.get() {
        now.store(true, Ordering::Relaxed);
    }
}

/// A signal asked us to stop.
pub fn interrupted() -> bool {
    SIGNALS.get().is_some_and(|(f, _)| f.load(Ordering::Relaxed))
}

/// How often blocking waits look at the clock and at [`interrupted`].
const POLL: Duration = Duration::from_millis(50);
