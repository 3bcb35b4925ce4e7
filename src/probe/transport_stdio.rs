//! The stdio transport: the server is our child, one JSON-RPC message per
//! line on its stdin and stdout. The child runs in a process group of its
//! own, so the whole group (an `npx` wrapper and the `node` it starts, a
//! shell script and its server) is killed on every way out: success, error,
//! timeout and Ctrl-C. It is always reaped.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio as Pipe};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::session::{Outgoing, Transport};
use super::{Limits, ProbeError, Target, POLL, STDERR_KEEP};

enum Event {
    Line(Vec<u8>),
    TooLong,
    Eof,
    Failed(String),
}

pub struct Stdio {
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    lines: Receiver<Event>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_done: Receiver<()>,
    max_message: usize,
}

impl Stdio {
    pub fn spawn(target: &Target, limits: &Limits) -> Result<Stdio, ProbeError> {
        let Target::Stdio { program, args, cwd, env } = target else {
            unreachable!("the stdio transport is only made for a command");
        };
        let mut cmd = Command::new(program);
        cmd.args(args).stdin(Pipe::piped()).stdout(Pipe::piped()).stderr(Pipe::piped()).process_group(0);
        if let Some(dir) = cwd {
            cmd.current_dir(dir);
        }
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().map_err(|e| ProbeError::Spawn {
            program: program.clone(),
            message: crate::discover::io_message(&e).to_string(),
        })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr_pipe = child.stderr.take().expect("stderr is piped");

        let (tx, lines) = mpsc::channel();
        let max = limits.max_message;
        // Detached: if a grandchild escaped the group and holds the pipe
        // open, this thread must not keep us waiting.
        std::thread::spawn(move || read_lines(BufReader::new(stdout), max, &tx));

        let stderr = Arc::new(Mutex::new(Vec::new()));
        let (done_tx, stderr_done) = mpsc::channel();
        let keep = stderr.clone();
        std::thread::spawn(move || {
            let mut pipe = stderr_pipe;
            let mut buf = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let mut kept = keep.lock().expect("stderr lock");
                kept.extend_from_slice(&buf[..n]);
                if kept.len() > STDERR_KEEP * 2 {
                    let cut = kept.len() - STDERR_KEEP;
                    kept.drain(..cut);
                }
            }
            let _ = done_tx.send(());
        });
        Ok(Stdio { child: Some(child), stdin, lines, stderr, stderr_done, max_message: max })
    }

    fn status(&mut self) -> String {
        let Some(child) = self.child.as_mut() else { return "already stopped".into() };
        // The pipe closes a moment before the exit is visible.
        let until = Instant::now() + Duration::from_millis(500);
        loop {
            match child.try_wait() {
                Ok(Some(s)) => return s.to_string(),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(10)),
                Ok(None) => return "its stdout closed, but it is still running".into(),
                Err(e) => return e.to_string(),
            }
        }
    }

    /// Stop the server's process group, reap it, and return the tail of its stderr.
    pub fn shutdown(&mut self) -> String {
        // End of input is how MCP asks a stdio server to exit.
        self.stdin = None;
        if let Some(mut child) = self.child.take() {
            let group = child.id() as i32;
            kill_group(group, libc::SIGTERM);
            let until = Instant::now() + Duration::from_millis(500);
            let mut reaped = false;
            while Instant::now() < until {
                if let Ok(Some(_)) = child.try_wait() {
                    reaped = true;
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            // Whatever is left of the group (the leader, if it ignored
            // SIGTERM, or children it left behind).
            kill_group(group, libc::SIGKILL);
            if !reaped {
                let _ = child.wait();
            }
        }
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(200));
        let kept = self.stderr.lock().expect("stderr lock");
        let tail = &kept[kept.len().saturating_sub(STDERR_KEEP)..];
        String::from_utf8_lossy(tail).into_owned()
    }
}

impl Drop for Stdio {
    fn drop(&mut self) {
        if self.child.is_some() {
            self.shutdown();
        }
    }
}

/// Signal every process of the group led by `pgid`.
fn kill_group(pgid: i32, signal: i32) {
    if pgid > 0 {
        // SAFETY: kill(2) with a negative pid signals a process group; it
        // touches no memory of ours. The group id is that of our own child,
        // which is not yet reaped when SIGTERM goes out, and was reaped just
        // now at most when SIGKILL does (too soon for the id to be reused).
        unsafe {
            libc::kill(-pgid, signal);
        }
    }
}

/// Split stdout into lines of at most `max` bytes.
fn read_lines(mut r: impl BufRead, max: usize, tx: &mpsc::Sender<Event>) {
    let mut line = Vec::new();
    loop {
        let buf = match r.fill_buf() {
            Ok([]) => {
                if !line.is_empty() {
                    let _ = tx.send(Event::Line(std::mem::take(&mut line)));
                }
                let _ = tx.send(Event::Eof);
                return;
            }
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let _ = tx.send(Event::Failed(e.to_string()));
                return;
            }
        };
        let (take, end) = match memchr::memchr(b'\n', buf) {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        line.extend_from_slice(&buf[..take]);
        r.consume(take);
        if line.len() > max + 1 {
            let _ = tx.send(Event::TooLong);
            return;
        }
        if end && tx.send(Event::Line(std::mem::take(&mut line))).is_err() {
            return;
        }
    }
}

impl Transport for Stdio {
    fn send(&mut self, message: &Outgoing) -> Result<(), ProbeError> {
        let mut text = serde_json::to_vec(message.value()).expect("JSON values serialize");
        text.push(b'\n');
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(ProbeError::Io("the server's stdin is closed".into()));
        };
        match stdin.write_all(&text).and_then(|_| stdin.flush()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                let step = match message.method() {
                    Some("initialize") => "initialize",
                    _ => "tools/list",
                };
                Err(ProbeError::Exited { step, status: self.status() })
            }
            Err(e) => Err(ProbeError::Io(format!("cannot write to the server's stdin: {e}"))),
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
            match self.lines.recv_timeout(POLL.min(deadline - now)) {
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) | Ok(Event::Eof) => {
                    return Err(ProbeError::Exited { step, status: self.status() });
                }
                Ok(Event::Failed(e)) => return Err(ProbeError::Io(format!("cannot read the server's stdout: {e}"))),
                Ok(Event::TooLong) => {
                    return Err(ProbeError::Limit(format!(
                        "the server sent a message longer than {} bytes (raise --max-message)",
                        self.max_message
                    )))
                }
                Ok(Event::Line(bytes)) => {
                    let text = String::from_utf8_lossy(&bytes);
                    let text = text.trim();
                    if text.is_empty() {
                        continue;
                    }
                    return serde_json::from_str(text)
                        .map_err(|_| ProbeError::NotJson { step, line: super::wire::excerpt(text, 200) });
                }
            }
        }
    }
}
