//! Command-line interface: clap definitions and the commands they run.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::config::{self, Config};
use crate::finding::Severity;
use crate::report;
use crate::rules::{self, Profile, RuleSet};

#[derive(Parser, Debug)]
#[command(
    name = "mcp-lint",
    version,
    about = "Lint MCP servers: find every tool registration and flag the ToolAnnotations hints it leaves to risky defaults",
    after_help = "Run `mcp-lint check --help` for the lint options. With no command, `check` runs.\nExit codes: 0 no findings at or above --fail-on, 1 findings, 2 usage, configuration or I/O error."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Lint the given paths (the default command).
    Check(CheckArgs),
    /// List every tool found, with the hints it declares.
    Tools(ToolsArgs),
    /// List every rule with its code, name, default severity and profiles.
    Rules(RulesArgs),
    /// Explain one rule (by code or name).
    Rule { code: String },
}

#[derive(Args, Debug, Clone)]
pub struct Walk {
    /// Files or directories to lint [default: .]
    pub paths: Vec<PathBuf>,
    /// Do not respect .gitignore / .ignore files.
    #[arg(long)]
    pub no_ignore: bool,
    /// Glob of paths to leave out (repeatable), e.g. `--exclude 'tests/**'`.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Worker threads [default: the number of CPUs].
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// Skip files larger than this many bytes (with a note).
    #[arg(long, value_name = "BYTES", default_value_t = crate::DEFAULT_MAX_FILE_SIZE)]
    pub max_file_size: u64,
    /// Use this config file instead of searching for mcp-lint.toml, .mcp-lint.toml or pyproject.toml.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub walk: Walk,
    /// Output format.
    #[arg(long, visible_alias = "output-format", value_enum, default_value_t = Format::Full)]
    pub format: Format,
    /// Print how many findings each rule reported instead of the findings
    /// (a table, or JSON with `--format json`).
    #[arg(long)]
    pub statistics: bool,
    /// Rule profile: recommended (default), spec, openai-apps, anthropic-directory or strict.
    #[arg(long, value_name = "PROFILE", value_parser = clap::builder::PossibleValuesParser::new(Profile::NAMES))]
    pub profile: Option<String>,
    /// Only run these rules (comma-separated codes, names, prefixes such as MCP02, or ALL); replaces the profile's set.
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    pub select: Vec<String>,
    /// Run these rules as well as the profile's (codes, names, prefixes or ALL).
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    pub extend_select: Vec<String>,
    /// Do not run these rules (codes, names, prefixes or ALL).
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    pub ignore: Vec<String>,
    /// Lowest severity that makes the run fail (exit 1) [default: warning].
    #[arg(long, value_enum)]
    pub fail_on: Option<FailOn>,
    /// Exit 0 even when there are findings (I/O errors still exit 2).
    #[arg(long)]
    pub exit_zero: bool,
    /// Write the report to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// When to use colour: auto honours NO_COLOR, FORCE_COLOR, CLICOLOR_FORCE and TERM=dumb, else colours a terminal.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// Print the documentation of a rule and exit (same as `mcp-lint rule CODE`).
    #[arg(long, value_name = "CODE")]
    pub explain: Option<String>,
    /// Also append a Markdown report to FILE (e.g. "$GITHUB_STEP_SUMMARY").
    #[arg(long, value_name = "FILE")]
    pub summary: Option<PathBuf>,
    /// Report only findings not recorded in this baseline file.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Record the current findings in FILE as a baseline, and exit 0.
    #[arg(long, value_name = "FILE")]
    pub write_baseline: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct ToolsArgs {
    #[command(flatten)]
    pub walk: Walk,
    #[arg(long, visible_alias = "output-format", value_enum, default_value_t = ToolsFormat::Table)]
    pub format: ToolsFormat,
    /// A census instead of the list: per tree or package, the number of
    /// tools and, per hint, how many declare it true, false, leave it out or
    /// set it at run time.
    #[arg(long)]
    pub summary: bool,
    /// Write the inventory to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct RulesArgs {
    #[arg(long, visible_alias = "output-format", value_enum, default_value_t = ToolsFormat::Table)]
    pub format: ToolsFormat,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// rustc-style diagnostics with source snippets
    Full,
    /// one line per finding
    Concise,
    /// the version-1 JSON contract
    Json,
    /// SARIF 2.1.0, for code scanning
    Sarif,
    /// GitHub Actions workflow commands (pull-request annotations)
    Github,
    /// a Markdown report (tools per tree, findings by rule)
    Markdown,
    /// a GitLab Code Quality report (JSON)
    Gitlab,
    /// JUnit XML (one failed test case per finding)
    Junit,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToolsFormat {
    Table,
    Json,
    Markdown,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailOn {
    Error,
    Warning,
    Info,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
    Auto,
    Always,
    Never,
}

const COMMANDS: &[&str] = &["check", "tools", "rules", "rule", "help"];

/// Insert the default `check` command when none is named.
pub fn with_default_command(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let first = args.get(1).and_then(|a| a.to_str());
    let needs = match first {
        None => true,
        Some(a) => !COMMANDS.contains(&a) && !matches!(a, "-h" | "--help" | "-V" | "--version"),
    };
    if needs {
        let mut v = args;
        v.insert(1.min(v.len()), "check".into());
        v
    } else {
        args
    }
}

fn usage_error(message: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    ExitCode::from(2)
}

fn resolve_codes(list: &[String]) -> Result<Vec<&'static rules::RuleInfo>, String> {
    let mut out = Vec::new();
    for s in list.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        out.extend(rules::resolve(s).ok_or_else(|| format!("unknown rule or prefix `{s}` (see `mcp-lint rules`)"))?);
    }
    Ok(out)
}

/// Whether to colour output on `stream`. `--color` wins; under `auto`,
/// NO_COLOR turns colour off, FORCE_COLOR and CLICOLOR_FORCE turn it on, and
/// otherwise anstream decides (a terminal, not `TERM=dumb`, CLICOLOR).
pub fn use_color(choice: Color, stream: &impl anstream::stream::RawStream) -> bool {
    let set = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty() && v != "0");
    match choice {
        Color::Always => true,
        Color::Never => false,
        Color::Auto if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) => false,
        Color::Auto if set("FORCE_COLOR") || set("CLICOLOR_FORCE") => true,
        Color::Auto => !matches!(anstream::AutoStream::choice(stream), anstream::ColorChoice::Never),
    }
}

fn options(walk: &Walk, rules: RuleSet, config: &Config) -> crate::Options {
    crate::Options {
        rules,
        threads: walk.threads.unwrap_or_else(|| crate::Options::default().threads).max(1),
        respect_gitignore: !walk.no_ignore,
        exclude: walk.exclude.clone(),
        exclude_globs: config.exclude.clone(),
        max_file_size: walk.max_file_size,
    }
}

/// The config file named by `--config`, or the one found by walking up from
/// the first path; a bad one is rendered to stderr (exit 2).
fn load_config(walk: &Walk, color: Color) -> Result<Config, ExitCode> {
    let found = match &walk.config {
        Some(path) => config::load(path).map(Some),
        None => config::discover(&paths(walk)),
    };
    match found {
        Ok(c) => Ok(c.unwrap_or_default()),
        Err(e) => {
            let styled = use_color(color, &std::io::stderr());
            let _ = writeln!(std::io::stderr(), "{}", e.render(styled));
            Err(ExitCode::from(2))
        }
    }
}

/// Profile, then the config's selection, then the flags' (which win).
fn rule_set(args: &CheckArgs, config: &Config) -> Result<RuleSet, String> {
    let profile = args.profile.as_deref().and_then(Profile::parse);
    let mut set = RuleSet::profile(profile.or(config.profile).unwrap_or_default());
    let words = config.words.clone();
    // A profile named on the command line is not overridden by the config's `select`.
    if let (Some(select), None) = (&config.select, profile) {
        set.select(select);
    }
    set.extend(&config.extend_select);
    set.ignore(&config.ignore);
    let select = resolve_codes(&args.select)?;
    if !select.is_empty() {
        set.select(&select);
    }
    set.extend(&resolve_codes(&args.extend_select)?);
    set.ignore(&resolve_codes(&args.ignore)?);
    set.words = words;
    set.per_file_ignores = config.per_file_ignores.clone();
    for (code, severity) in &config.severity {
        set.set_severity(code, *severity);
    }
    Ok(set)
}

fn paths(walk: &Walk) -> Vec<PathBuf> {
    if walk.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        walk.paths.clone()
    }
}

/// Write to the output file or standard output; a closed pipe is not an error.
fn emit(output: &Option<PathBuf>, text: &str) -> Result<(), ExitCode> {
    match output {
        Some(path) => std::fs::write(path, text).map_err(|e| {
            usage_error(&format!("cannot write `{}`: {}", path.display(), crate::discover::io_message(&e)))
        }),
        None => {
            // Colour was decided by the caller (terminal, NO_COLOR, --color).
            let mut out = std::io::stdout().lock();
            let result = out.write_all(text.as_bytes()).and_then(|_| out.flush());
            match result {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                Err(e) => Err(usage_error(&format!("cannot write output: {e}"))),
                Ok(()) => Ok(()),
            }
        }
    }
}

fn explain(code: &str) -> ExitCode {
    match rules::find(code) {
        Some(info) => {
            let sev = info.severity.map_or("off", Severity::as_str);
            let text = format!(
                "{} ({}) · default: {} · severity when enabled: {} · profiles: {}\n\n{}",
                info.code,
                info.name,
                sev,
                info.level.as_str(),
                info.profiles.join(", "),
                info.body
            );
            match emit(&None, &text) {
                Ok(()) => ExitCode::SUCCESS,
                Err(c) => c,
            }
        }
        None => usage_error(&format!("unknown rule `{code}` (see `mcp-lint rules`)")),
    }
}

pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Check(args) => check(args),
        Command::Tools(args) => tools(args),
        Command::Rules(args) => list_rules(args),
        Command::Rule { code } => explain(&code),
    }
}

fn check(args: CheckArgs) -> ExitCode {
    if let Some(code) = &args.explain {
        return explain(code);
    }
    let config = match load_config(&args.walk, args.color) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let rules = match rule_set(&args, &config) {
        Ok(r) => r,
        Err(e) => return usage_error(&e),
    };
    let opts = options(&args.walk, rules, &config);
    let baseline = match args.baseline.as_deref().map(crate::baseline::Baseline::load).transpose() {
        Ok(b) => b,
        Err(e) => return usage_error(&e),
    };
    let paths = paths(&args.walk);
    let mut run = crate::check(&paths, &opts);
    if let Some(path) = &args.write_baseline {
        match crate::baseline::write(path, &run.findings, &run.sources) {
            Ok(n) => {
                let _ = writeln!(std::io::stderr(), "wrote {n} findings to the baseline `{}`", path.display());
            }
            Err(e) => return usage_error(&e),
        }
    }
    if let Some(b) = baseline {
        let n = b.filter(&mut run.findings, &run.sources);
        if n > 0 {
            let _ =
                writeln!(std::io::stderr(), "note: {n} of the findings are recorded in the baseline and not reported");
        }
    }
    let styled = args.output.is_none() && use_color(args.color, &std::io::stdout());
    let tools = run.tools.len();
    let text = if args.statistics {
        statistics(&run.findings, args.format == Format::Json)
    } else {
        match args.format {
            Format::Full => {
                let mut t = report::full::render(&run.findings, &run.sources, styled);
                t.push_str(&report::summary_line(&run.findings, tools, run.files_scanned));
                t.push('\n');
                t
            }
            Format::Concise => {
                let mut t = report::concise::render(&run.findings, &run.sources, styled);
                t.push_str(&report::summary_line(&run.findings, tools, run.files_scanned));
                t.push('\n');
                t
            }
            Format::Json => {
                let v = report::json::findings(&run.findings, &run.sources, tools, run.files_scanned);
                let mut t = serde_json::to_string_pretty(&v).expect("JSON values serialize");
                t.push('\n');
                t
            }
            Format::Sarif => {
                let v = report::sarif::render(&run.findings, &run.sources, &rules::INFOS, &cwd());
                let mut t = serde_json::to_string_pretty(&v).expect("JSON values serialize");
                t.push('\n');
                t
            }
            Format::Github => {
                let mut t = report::github::render(&run.findings, &run.sources);
                t.push_str(&report::summary_line(&run.findings, tools, run.files_scanned));
                t.push('\n');
                t
            }
            Format::Markdown => markdown(&run, &paths),
            Format::Gitlab => {
                let v = report::gitlab::render(&run.findings, &run.sources);
                serde_json::to_string_pretty(&v).expect("JSON values serialize") + "\n"
            }
            Format::Junit => report::junit::render(&run.findings, &run.sources),
        }
    };
    for note in &run.notes {
        let _ = writeln!(std::io::stderr(), "note: {note}");
    }
    if let Err(code) = emit(&args.output, &text) {
        return code;
    }
    if let Some(path) = &args.summary {
        if let Err(code) = append(path, &markdown(&run, &paths)) {
            return code;
        }
    }
    if run.io_errors {
        return ExitCode::from(2);
    }
    let threshold = match args.fail_on {
        Some(FailOn::Error) => Severity::Error,
        Some(FailOn::Warning) => Severity::Warning,
        Some(FailOn::Info) => Severity::Info,
        None => config.fail_on.unwrap_or(Severity::Warning),
    };
    if !args.exit_zero && args.write_baseline.is_none() && run.findings.iter().any(|f| f.severity >= threshold) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `--statistics`: count, code, name and (highest) severity per rule.
fn statistics(findings: &[crate::finding::Finding], json: bool) -> String {
    let rows = report::statistics(findings);
    if json {
        let v: Vec<serde_json::Value> = rows
            .iter()
            .map(|(code, name, sev, n)| serde_json::json!({"code": code, "name": name, "severity": sev.as_str(), "count": n}))
            .collect();
        return serde_json::to_string_pretty(&v).expect("JSON values serialize") + "\n";
    }
    let width = rows.iter().map(|r| r.3.to_string().len()).max().unwrap_or(1);
    let mut t = String::new();
    for (code, name, sev, n) in &rows {
        t.push_str(&format!("{n:>width$}  {code}  {name}  [{}]\n", sev.as_str()));
    }
    t
}

/// The working directory as reported paths are relative to it.
fn cwd() -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_default();
    std::fs::canonicalize(&cwd).unwrap_or(cwd)
}

fn trees(paths: &[PathBuf]) -> Vec<report::markdown::Tree> {
    let cwd = cwd();
    paths
        .iter()
        .map(|p| {
            let root = std::fs::canonicalize(p).unwrap_or_else(|_| cwd.join(p));
            report::markdown::Tree { display: crate::source::display_path(&root, &cwd), root }
        })
        .collect()
}

fn markdown(run: &crate::Run, paths: &[PathBuf]) -> String {
    report::markdown::render(&run.findings, &run.tools, &run.sources, &trees(paths), run.files_scanned)
}

/// Append to a file (a job summary collects the reports of several steps).
fn append(path: &std::path::Path, text: &str) -> Result<(), ExitCode> {
    let write = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(format!("{text}\n").as_bytes()));
    write.map_err(|e| usage_error(&format!("cannot write `{}`: {}", path.display(), crate::discover::io_message(&e))))
}

fn tools(args: ToolsArgs) -> ExitCode {
    let config = match load_config(&args.walk, Color::Auto) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let opts = options(&args.walk, RuleSet::new(&[], &[]), &config);
    let paths = paths(&args.walk);
    let run = crate::check(&paths, &opts);
    let text = if args.summary {
        let census = report::inventory::census(&run.tools, &run.sources, &trees(&paths));
        match args.format {
            ToolsFormat::Table => report::inventory::census_table(&census),
            ToolsFormat::Markdown => report::inventory::census_markdown(&census),
            ToolsFormat::Json => {
                let v = report::inventory::census_json(&census, run.files_scanned);
                serde_json::to_string_pretty(&v).expect("JSON values serialize") + "\n"
            }
        }
    } else {
        match args.format {
            ToolsFormat::Table => report::inventory::table(&run.tools, &run.sources),
            ToolsFormat::Markdown => report::inventory::markdown(&run.tools, &run.sources),
            ToolsFormat::Json => {
                let v = report::inventory::json(&run.tools, &run.sources, run.files_scanned);
                serde_json::to_string_pretty(&v).expect("JSON values serialize") + "\n"
            }
        }
    };
    for f in run.findings.iter().filter(|f| f.code == "MCP091") {
        let _ = writeln!(std::io::stderr(), "error: {}", f.message);
    }
    if let Err(code) = emit(&args.output, &text) {
        return code;
    }
    if run.io_errors {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

fn list_rules(args: RulesArgs) -> ExitCode {
    let infos = &*rules::INFOS;
    let text = match args.format {
        ToolsFormat::Json => {
            let v: Vec<serde_json::Value> = infos
                .iter()
                .map(|i| {
                    serde_json::json!({"code": i.code, "name": i.name, "severity": i.severity.map_or("off", Severity::as_str),
                                        "level": i.level.as_str(), "profiles": i.profiles, "summary": i.summary})
                })
                .collect();
            serde_json::to_string_pretty(&v).expect("JSON values serialize") + "\n"
        }
        ToolsFormat::Markdown => {
            // The README's rule table.
            let mut t = String::from("| code | name | default | profiles | what it flags |\n|---|---|---|---|---|\n");
            for i in infos {
                let default =
                    i.severity.map_or_else(|| format!("off ({})", i.level.as_str()), |s| s.as_str().to_string());
                t.push_str(&format!(
                    "| [{c}](rules/{c}-{n}.md) | `{n}` | {default} | {} | {} |\n",
                    i.profiles.join(", "),
                    i.summary,
                    c = i.code,
                    n = i.name
                ));
            }
            t
        }
        ToolsFormat::Table => {
            // `default` is the severity under the default profile; a rule off
            // there shows the severity it reports at in its profiles.
            let mut t = format!("{:<7} {:<31} {:<15} {}\n", "code", "name", "default", "profiles");
            for i in infos {
                let default = match i.severity {
                    Some(s) => s.as_str().to_string(),
                    None => format!("off ({})", i.level.as_str()),
                };
                t.push_str(&format!("{:<7} {:<31} {:<15} {}\n", i.code, i.name, default, i.profiles.join(",")));
            }
            t
        }
    };
    match emit(&None, &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(c) => c,
    }
}
