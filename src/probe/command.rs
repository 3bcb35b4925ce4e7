//! The command-line side of probing: the flags `probe` and `check --probe`
//! / `check --wire` share, running or loading a listing, saving it.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use serde_json::{json, Value};

use super::{Limits, Listing, ProbeError, Target};
use crate::cli::{CheckArgs, Color, FailOn, Format, Walk};
use crate::rules::RuleSet;
use crate::Run;

/// How to reach the server.
#[derive(Args, Debug, Clone, Default)]
pub struct ServerArgs {
    /// Probe a server over HTTP (Streamable HTTP, or HTTP+SSE when that is all it offers) instead of starting one.
    #[arg(long, value_name = "URL", conflicts_with = "command")]
    pub url: Option<String>,
    /// Send this HTTP header with every request (repeatable), e.g. `--header 'Authorization: Bearer …'`.
    #[arg(long = "header", value_name = "K:V", requires = "url")]
    pub headers: Vec<String>,
    /// Start the server in DIR.
    #[arg(long, value_name = "DIR")]
    pub cwd: Option<PathBuf>,
    /// Add K=V to the server's environment (repeatable).
    #[arg(long = "env", value_name = "K=V")]
    pub env: Vec<String>,
    /// Seconds from start (or connect) to the `initialize` reply.
    #[arg(long, value_name = "SECS", default_value_t = super::DEFAULT_INIT_TIMEOUT_SECS)]
    pub init_timeout: f64,
    /// Seconds to wait for each page of `tools/list`.
    #[arg(long, value_name = "SECS", default_value_t = super::DEFAULT_LIST_TIMEOUT_SECS)]
    pub list_timeout: f64,
    /// Largest message accepted from the server, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = super::DEFAULT_MAX_MESSAGE)]
    pub max_message: usize,
    /// Most tools accepted from the server.
    #[arg(long, value_name = "N", default_value_t = super::DEFAULT_MAX_TOOLS)]
    pub max_tools: usize,
    /// Write what the server listed to FILE, for `check --wire FILE`.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// The stdio server to start: everything after `--`.
    #[arg(last = true, value_name = "CMD")]
    pub command: Vec<String>,
}

/// The flags `check` gains.
#[derive(Args, Debug, Clone, Default)]
pub struct WireArgs {
    /// Also start the server given after `--` (or reach `--url`) and compare what it lists with the source.
    #[arg(long)]
    pub probe: bool,
    /// Compare the source with a listing saved by `probe --save FILE` instead of running the server.
    #[arg(long, value_name = "FILE", conflicts_with = "probe")]
    pub wire: Option<PathBuf>,
    #[command(flatten)]
    pub server: ServerArgs,
    /// Set by `probe` without `--source`: lint the wire alone.
    #[arg(skip)]
    pub no_source: bool,
}

/// `mcp-lint probe`.
#[derive(Args, Debug)]
pub struct ProbeArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    /// Compare with the tools found in these source paths (repeatable).
    #[arg(long, value_name = "DIR")]
    pub source: Vec<PathBuf>,
    /// Output format (`json` includes the raw `tools/list` result).
    #[arg(long, value_enum, default_value_t = Format::Full)]
    pub format: Format,
    /// Rule profile: recommended (default), spec, openai-apps or strict.
    #[arg(long, value_name = "PROFILE", value_parser = clap::builder::PossibleValuesParser::new(crate::rules::Profile::NAMES))]
    pub profile: Option<String>,
    /// Only run these rules (comma-separated codes or names).
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    pub select: Vec<String>,
    /// Do not run these rules (comma-separated codes or names).
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    pub ignore: Vec<String>,
    /// Lowest severity that makes the run fail (exit 1) [default: warning].
    #[arg(long, value_enum)]
    pub fail_on: Option<FailOn>,
    /// Exit 0 even when there are findings.
    #[arg(long)]
    pub exit_zero: bool,
    /// Write the report to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
}

impl ProbeArgs {
    /// `probe` is `check` on the given sources (or none) with the wire.
    pub fn into_check(self) -> CheckArgs {
        let no_source = self.source.is_empty();
        CheckArgs {
            walk: Walk {
                paths: self.source,
                no_ignore: false,
                exclude: vec![],
                threads: None,
                max_file_size: crate::DEFAULT_MAX_FILE_SIZE,
                follow_links: false,
                config: None,
                force_exclude: false,
                stdin_filename: None,
            },
            format: self.format,
            profile: self.profile,
            select: self.select,
            extend_select: vec![],
            ignore: self.ignore,
            fail_on: self.fail_on,
            exit_zero: self.exit_zero,
            statistics: false,
            output: self.output,
            color: self.color,
            explain: None,
            summary: None,
            baseline: None,
            write_baseline: None,
            fix: false,
            unsafe_fixes: false,
            diff: false,
            show_fixes: false,
            wire: Box::new(WireArgs { probe: true, wire: None, server: self.server, no_source }),
        }
    }
}

fn error(message: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    ExitCode::from(2)
}

fn target(args: &ServerArgs) -> Result<Target, String> {
    if let Some(url) = &args.url {
        let headers = args
            .headers
            .iter()
            .map(|h| match h.split_once(':') {
                Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
                _ => Err(format!("`--header {h}`: expected NAME:VALUE")),
            })
            .collect::<Result<_, _>>()?;
        return Ok(Target::Http { url: url.clone(), headers });
    }
    let Some((program, rest)) = args.command.split_first() else {
        return Err("name the server to probe: `-- CMD ARGS…` for a stdio server, or `--url URL`".into());
    };
    let env = args
        .env
        .iter()
        .map(|e| match e.split_once('=') {
            Some((k, v)) if !k.is_empty() => Ok((k.to_string(), v.to_string())),
            _ => Err(format!("`--env {e}`: expected KEY=VALUE")),
        })
        .collect::<Result<_, _>>()?;
    Ok(Target::Stdio { program: program.clone(), args: rest.to_vec(), cwd: args.cwd.clone(), env })
}

fn limits(args: &ServerArgs) -> Result<Limits, String> {
    let secs = |v: f64, flag: &str| {
        if v.is_finite() && v > 0.0 && v < 86_400.0 {
            Ok(Duration::from_secs_f64(v))
        } else {
            Err(format!("`--{flag} {v}`: expected a number of seconds between 0 and 86400"))
        }
    };
    Ok(Limits {
        init_timeout: secs(args.init_timeout, "init-timeout")?,
        list_timeout: secs(args.list_timeout, "list-timeout")?,
        max_message: args.max_message.max(1024),
        max_tools: args.max_tools,
        ..Limits::default()
    })
}

/// The listing `check` compares with: probed, loaded, or none. Errors are
/// printed here (exit 2; 130 when interrupted).
pub fn listing(args: &WireArgs) -> Result<Option<Listing>, ExitCode> {
    if let Some(path) = &args.wire {
        return load(path).map(Some).map_err(|e| error(&e));
    }
    if !args.probe {
        if !args.server.command.is_empty() || args.server.url.is_some() {
            return Err(error("a server is named, but `--probe` is not given"));
        }
        return Ok(None);
    }
    let target = target(&args.server).map_err(|e| error(&e))?;
    let limits = limits(&args.server).map_err(|e| error(&e))?;
    match super::probe(&target, &limits) {
        Ok(_) if super::interrupted() => Err(ExitCode::from(130)),
        Ok(l) => {
            if let Some(path) = &args.server.save {
                let text = serde_json::to_string_pretty(&to_json(&l)).expect("JSON values serialize") + "\n";
                std::fs::write(path, text).map_err(|e| {
                    error(&format!("cannot write `{}`: {}", path.display(), crate::discover::io_message(&e)))
                })?;
            }
            Ok(Some(l))
        }
        Err(f) => {
            let mut text = format!("error: probing `{}` failed: {}\n", target.label(), f.error);
            if !f.stderr.trim().is_empty() {
                text.push_str("the server's stderr (last lines):\n");
                for line in f.stderr.trim_end().lines().rev().take(40).collect::<Vec<_>>().into_iter().rev() {
                    text.push_str(&format!("  | {line}\n"));
                }
            }
            let _ = std::io::stderr().write_all(text.as_bytes());
            Err(ExitCode::from(if matches!(f.error, ProbeError::Interrupted) { 130 } else { 2 }))
        }
    }
}

/// The saved form: the handshake's facts and every raw `tools/list` result.
pub fn to_json(l: &Listing) -> Value {
    json!({"version": 1, "protocolVersion": l.protocol_version, "serverInfo": l.server_info, "pages": l.pages})
}

/// A saved listing, or a bare `tools/list` result.
fn load(path: &std::path::Path) -> Result<Listing, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read `{}`: {}", path.display(), crate::discover::io_message(&e)))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| format!("`{}` is not JSON: {e}", path.display()))?;
    let pages = match (v.get("pages"), v.get("tools")) {
        (Some(Value::Array(p)), _) if p.iter().all(|p| p.get("tools").is_some_and(Value::is_array)) => p.clone(),
        (None, Some(Value::Array(_))) => vec![v.clone()],
        _ => {
            return Err(format!(
                "`{}` is neither a listing saved by `mcp-lint probe --save` nor a `tools/list` result",
                path.display()
            ))
        }
    };
    Ok(Listing {
        protocol_version: v.get("protocolVersion").and_then(Value::as_str).unwrap_or("").to_string(),
        server_info: v.get("serverInfo").cloned().unwrap_or(Value::Null),
        pages,
    })
}

/// A run with no source: the wire alone.
pub fn empty_run() -> Run {
    let cwd = std::env::current_dir().unwrap_or_default();
    Run {
        sources: crate::source::SourceMap::new(std::fs::canonicalize(&cwd).unwrap_or(cwd)),
        tools: vec![],
        findings: vec![],
        notes: vec![],
        files_scanned: 0,
        languages: vec![],
        io_errors: false,
        unfixable: vec![],
    }
}

/// Lint the listing, compared with the source tools of `run`.
pub fn merge(run: &mut Run, listing: &Listing, set: &RuleSet) {
    let tools: Vec<Value> = listing.tools().cloned().collect();
    let wire = super::wire::read(&tools, &run.sources);
    super::diff::merge(run, wire, set);
}
