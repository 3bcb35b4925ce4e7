//! Command-line interface: clap definitions and the commands they run.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

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
    after_help = "Run `mcp-lint check --help` for the lint options. With no command, `check` runs.\nExit codes: 0 no findings at or above --fail-on (also when no file was linted: a warning says so), 1 findings, 2 usage, configuration or I/O error."
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
    /// Start (or reach) an MCP server, read what it lists, and lint that; it never calls a tool.
    Probe(crate::probe::command::ProbeArgs),
}

#[derive(Args, Debug, Clone)]
pub struct Walk {
    /// Files or directories to lint, `-` for standard input [default: .]
    pub paths: Vec<PathBuf>,
    /// Do not respect .gitignore / .ignore files.
    #[arg(long)]
    pub no_ignore: bool,
    /// Glob of paths to leave out (repeatable), e.g. `--exclude 'tests/**'`.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Worker threads, 1 or more [default: the number of CPUs].
    // Negative numbers reach the parser, which says what is wrong with them
    // (clap's own tip, "use '-- -1'", would make `-1` a path).
    #[arg(long, short = 'j', value_name = "N", allow_negative_numbers = true, value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Skip files larger than this many bytes (with a note).
    #[arg(long, value_name = "BYTES", allow_negative_numbers = true, value_parser = parse_bytes,
          default_value_t = crate::DEFAULT_MAX_FILE_SIZE)]
    pub max_file_size: u64,
    /// Follow symbolic links that lead out of the linted paths (not followed by default, with a note).
    #[arg(long)]
    pub follow_links: bool,
    /// Use this config file for every file instead of each file's closest mcp-lint.toml, .mcp-lint.toml or pyproject.toml.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Apply `exclude` (flag and config) to files named on the command line too (the pre-commit hook passes it).
    #[arg(long)]
    pub force_exclude: bool,
    /// The path standard input (`-`) stands for: it picks the language, the configuration and the name in the output; imports resolve relative to it.
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
}

#[derive(Args, Debug, Clone)]
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
    /// Apply the safe fixes (a misspelt hint key renamed, a boolean written as a string made a boolean), then report what is left.
    #[arg(long)]
    pub fix: bool,
    /// With --fix or --diff, also apply the unsafe fixes: write each absent hint the findings point out (readOnlyHint true where the name reads like a read, the spec default otherwise). Review the diff: a client that ignored absent hints now sees them.
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// Print a unified diff of what --fix would change, change nothing, and exit 1 if there is anything to change.
    #[arg(long)]
    pub diff: bool,
    /// List on standard error the fixes --fix applies or would apply, per file, and the tools mcp-lint cannot fix, with why.
    #[arg(long)]
    pub show_fixes: bool,
    #[command(flatten)]
    pub wire: Box<crate::probe::command::WireArgs>,
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

const COMMANDS: &[&str] = &["check", "tools", "rules", "rule", "probe", "help"];

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

fn parse_threads(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("0 threads cannot lint anything: give 1 or more".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{s}` is not a number of threads: give a whole number, 1 or more")),
    }
}

fn parse_bytes(s: &str) -> Result<u64, String> {
    s.trim().parse::<u64>().map_err(|_| format!("`{s}` is not a size: give a whole number of bytes, 0 or more"))
}

/// When the first argument names a command and also an existing path (a
/// `tools/` folder), the command runs; say how to lint the path instead.
pub fn ambiguity_note(args: &[std::ffi::OsString]) -> Option<String> {
    let first = args.get(1)?.to_str()?;
    (COMMANDS.contains(&first) && std::path::Path::new(first).exists()).then(|| {
        format!("note: `{first}` is a command and also a path here: running the command; to lint the path, run `mcp-lint check {first}`")
    })
}

fn usage_error(message: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    ExitCode::from(2)
}

/// The rules of a comma-separated flag (codes, names, code prefixes or
/// `ALL`); one given only commas names none and is refused rather than read
/// as "no selection".
fn resolve_codes(flag: &str, list: &[String]) -> Result<Vec<&'static rules::RuleInfo>, String> {
    if !list.is_empty() && list.iter().all(|s| s.trim().is_empty()) {
        return Err(format!("`{flag}` names no rules (give comma-separated codes or names, see `mcp-lint rules`)"));
    }
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

/// Each file's settings come from its closest config file (or `--config`),
/// with the flags layered on top by `rules`.
type Resolver = config::Resolver<crate::Settings>;

fn resolver(walk: &Walk, rules: impl Fn(&Config) -> RuleSet + Send + Sync + 'static) -> Resolver {
    config::Resolver::new(walk.config.clone(), move |c: &Config| crate::Settings {
        rules: rules(c),
        exclude_globs: c.exclude.clone(),
        fail_on: c.fail_on,
    })
}

fn options(walk: &Walk, resolver: &Arc<Resolver>, stdin: Option<crate::Stdin>) -> crate::Options {
    let r = resolver.clone();
    crate::Options {
        settings: Arc::new(move |path: &std::path::Path| r.for_path(path)),
        threads: walk.threads.unwrap_or_else(|| crate::Options::default().threads).max(1),
        respect_gitignore: !walk.no_ignore,
        exclude: walk.exclude.clone(),
        force_exclude: walk.force_exclude,
        max_file_size: walk.max_file_size,
        follow_links: walk.follow_links,
        stdin,
        overlay: crate::Overlay::default(),
    }
}

/// Flag values clap cannot check: refused before anything is read.
fn check_walk(walk: &Walk) -> Result<(), ExitCode> {
    crate::discover::exclude_overrides(&walk.exclude).map(|_| ()).map_err(|e| usage_error(&e))
}

fn styled_stderr(color: Color) -> bool {
    match color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::IsTerminal::is_terminal(&std::io::stderr())
        }
    }
}

/// Render the config files that could not be loaded (exit 2), if any.
fn config_errors(resolver: &Resolver, color: Color) -> Result<(), ExitCode> {
    let errors = resolver.errors();
    if errors.is_empty() {
        return Ok(());
    }
    for e in errors {
        let _ = writeln!(std::io::stderr(), "{}", e.render(styled_stderr(color)));
    }
    Err(ExitCode::from(2))
}

/// `-` among the paths: read standard input, which `--stdin-filename` names.
fn read_stdin(walk: &Walk) -> Result<Option<crate::Stdin>, ExitCode> {
    if !walk.paths.iter().any(|p| p.as_os_str() == "-") {
        if walk.stdin_filename.is_some() {
            return Err(usage_error("--stdin-filename names standard input: pass `-` as a path to read it"));
        }
        return Ok(None);
    }
    let Some(path) = walk.stdin_filename.clone() else {
        return Err(usage_error(
            "`-` reads standard input: name the file it stands for with --stdin-filename PATH (its extension picks the language)",
        ));
    };
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes)
        .map_err(|e| usage_error(&format!("cannot read standard input: {}", crate::discover::io_message(&e))))?;
    Ok(Some(crate::Stdin { path, bytes }))
}

/// Say why a run found nothing to report on: no file linted at all, or
/// files but no tool registration (with what was looked for).
fn empty_run_notes(run: &crate::Run, paths: &[PathBuf]) {
    let shown: Vec<String> = paths.iter().map(|p| format!("`{}`", p.display())).collect();
    let mut err = std::io::stderr();
    if run.files_scanned == 0 && !run.io_errors {
        let _ = writeln!(
            err,
            "warning: no files were linted: {} holds no {} file, or all were excluded or ignored",
            shown.join(", "),
            crate::frontend::EXTENSIONS.join(" ")
        );
    } else if run.tools.is_empty() && run.files_scanned > 0 {
        let n = run.files_scanned;
        let files = if n == 1 { "file" } else { "files" };
        let _ = writeln!(err, "note: no MCP tool registrations found in {n} {files}; looked for:");
        for lang in &run.languages {
            let _ = writeln!(err, "  {}: {}", lang.name(), crate::frontend::sdk_markers(*lang));
        }
    }
}

/// Profile, then the config's selection, then the flags' (which win).
fn rule_set(args: &CheckArgs, config: &Config) -> Result<RuleSet, String> {
    let profile = args.profile.as_deref().and_then(Profile::parse);
    let mut set = RuleSet::profile(profile.or(config.profile).unwrap_or_default());
    // A profile named on the command line is not overridden by the config's `select`.
    if let (Some(select), None) = (&config.select, profile) {
        set.select(select);
    }
    set.extend(&config.extend_select);
    set.ignore(&config.ignore);
    let select = resolve_codes("--select", &args.select)?;
    if !select.is_empty() {
        set.select(&select);
    }
    set.extend(&resolve_codes("--extend-select", &args.extend_select)?);
    set.ignore(&resolve_codes("--ignore", &args.ignore)?);
    set.words = config.words.clone();
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
        Some(path) => write_file(path, text, crate::fsguard::WriteMode::Replace),
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
        Command::Probe(args) => check(args.into_check()),
    }
}

fn check(mut args: CheckArgs) -> ExitCode {
    if let Some(code) = &args.explain {
        return explain(code);
    }
    // Without `--probe`, what follows `--` is paths (`check -- -odd-name.py`,
    // as the Action passes them), not a server command.
    if !args.wire.probe && args.wire.wire.is_none() {
        let after: Vec<PathBuf> = args.wire.server.command.drain(..).map(PathBuf::from).collect();
        args.walk.paths.extend(after);
    }
    if let Err(code) = check_walk(&args.walk) {
        return code;
    }
    // The flags are checked once here; per config file only the config can be wrong.
    if let Err(e) = rule_set(&args, &Config::default()) {
        return usage_error(&e);
    }
    let flags = args.clone();
    let resolver = Arc::new(resolver(&args.walk, move |c| {
        rule_set(&flags, c).unwrap_or_else(|_| RuleSet::profile(Profile::default()))
    }));
    if args.walk.config.is_some() {
        resolver.for_config(args.walk.config.clone());
        if let Err(code) = config_errors(&resolver, args.color) {
            return code;
        }
    }
    let stdin = match read_stdin(&args.walk) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let opts = options(&args.walk, &resolver, stdin);
    let baseline = match args.baseline.as_deref().map(crate::baseline::Baseline::load).transpose() {
        Ok(b) => b,
        Err(e) => return usage_error(&e),
    };
    let paths = paths(&args.walk);
    // The server is probed first: a probe that fails stops the run (exit 2).
    let wire = match crate::probe::command::listing(&args.wire) {
        Ok(w) => w,
        Err(code) => return code,
    };
    if (args.fix || args.diff) && (wire.is_some() || args.wire.no_source) {
        return usage_error("--fix and --diff edit source files: they do not combine with --probe or --wire");
    }
    let mut fixed = None;
    let mut run = if args.wire.no_source {
        crate::probe::command::empty_run()
    } else if args.fix || args.diff {
        let mut outcome = crate::fix::driver::run(&paths, &opts, args.unsafe_fixes);
        let run = std::mem::replace(&mut outcome.run, crate::probe::command::empty_run());
        fixed = Some(outcome);
        run
    } else {
        crate::check(&paths, &opts)
    };
    if let Some(outcome) = &fixed {
        match write_fixes(&args, outcome, &run, &paths, opts.stdin.as_ref()) {
            Ok(Some(code)) => return code,
            Ok(None) => {}
            Err(code) => return code,
        }
    } else if args.show_fixes {
        show_available(&run, args.unsafe_fixes);
    }
    // With standard input fixed, standard output is the fixed text.
    let to_stderr = args.fix && opts.stdin.is_some();
    if let Err(code) = config_errors(&resolver, args.color) {
        return code;
    }
    if let Some(listing) = &wire {
        // Wire tools have no file: the settings of the working directory apply.
        let settings = (opts.settings)(&std::env::current_dir().unwrap_or_default());
        crate::probe::command::merge(&mut run, listing, &settings.rules);
    }
    if wire.is_none() {
        empty_run_notes(&run, &paths);
    }
    if let Some(path) = &args.write_baseline {
        match crate::baseline::write(path, &run.findings, &run.sources) {
            Ok(n) => {
                let _ = writeln!(
                    std::io::stderr(),
                    "wrote {n} findings to the baseline `{}`",
                    crate::source::escape_path(path)
                );
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
                let mut v = report::json::findings(&run.findings, &run.sources, tools, run.files_scanned);
                if let Some(listing) = &wire {
                    v.wire = Some(crate::probe::command::to_json(listing));
                }
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
    if to_stderr && args.output.is_none() {
        let _ = std::io::stderr().write_all(text.as_bytes());
    } else if let Err(code) = emit(&args.output, &text) {
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
    // The flag, else the `fail-on` of the config governing each finding's file.
    let threshold = |f: &crate::finding::Finding| match args.fail_on {
        Some(FailOn::Error) => Severity::Error,
        Some(FailOn::Warning) => Severity::Warning,
        Some(FailOn::Info) => Severity::Info,
        None => (opts.settings)(&run.sources.get(f.file).path).fail_on.unwrap_or(Severity::Warning),
    };
    if !args.exit_zero && args.write_baseline.is_none() && run.findings.iter().any(|f| f.severity >= threshold(f)) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `--fix`: write the changed files (standard input's fixed text goes to
/// standard output); `--diff`: print them as a diff instead, and exit.
/// `Ok(Some(code))` ends the run there.
fn write_fixes(
    args: &CheckArgs,
    outcome: &crate::fix::driver::Outcome,
    run: &crate::Run,
    paths: &[PathBuf],
    stdin: Option<&crate::Stdin>,
) -> Result<Option<ExitCode>, ExitCode> {
    let mut err = std::io::stderr();
    for (message, why) in &outcome.rolled_back {
        let _ = writeln!(err, "note: not applied: {message} ({why})");
    }
    if args.show_fixes {
        for c in &outcome.changed {
            let _ = writeln!(err, "{}{}:", c.display, if args.diff { " (would be fixed)" } else { "" });
            for f in &c.fixes {
                let _ = writeln!(err, "  - {f}");
            }
        }
        show_unfixable(run);
    }
    if args.diff {
        let text: String =
            outcome.changed.iter().map(|c| crate::fix::apply::unified_diff(&c.display, &c.before, &c.after)).collect();
        emit(&args.output, &text)?;
        return Ok(Some(if outcome.changed.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) }));
    }
    let roots = crate::fix::driver::roots(paths);
    let mut failed = false;
    for c in &outcome.changed {
        if c.stdin {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(c.after.as_bytes()).and_then(|_| out.flush());
            continue;
        }
        if let Err(e) = crate::fix::apply::write_atomic(&c.path, &c.after, &roots) {
            let _ = writeln!(err, "error: cannot write `{}`: {e}", c.display);
            failed = true;
        }
    }
    // Standard input unchanged: its text as it came, as a formatter would.
    if args.fix && !outcome.changed.iter().any(|c| c.stdin) {
        if let Some(input) = stdin {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(&input.bytes).and_then(|_| out.flush());
        }
    }
    let files = outcome.changed.iter().filter(|c| !c.stdin).count();
    if outcome.applied > 0 {
        let _ = writeln!(
            err,
            "fixed {} {} in {} {}",
            outcome.applied,
            if outcome.applied == 1 { "finding" } else { "findings" },
            files.max(1),
            if files.max(1) == 1 { "file" } else { "files" }
        );
    }
    if failed {
        return Err(ExitCode::from(2));
    }
    Ok(None)
}

/// `--show-fixes` without `--fix`: the fixes the findings carry.
fn show_available(run: &crate::Run, unsafe_fixes: bool) {
    let mut err = std::io::stderr();
    let mut seen: Vec<&crate::fix::Fix> = Vec::new();
    for f in &run.findings {
        let Some(fix) = &f.fix else { continue };
        if seen.contains(&fix) {
            continue;
        }
        seen.push(fix);
        let when = match fix.applicability {
            crate::fix::Applicability::Safe => "--fix",
            crate::fix::Applicability::Unsafe if unsafe_fixes => "--fix --unsafe-fixes",
            crate::fix::Applicability::Unsafe => "--fix --unsafe-fixes (unsafe)",
        };
        let _ = writeln!(err, "{}: {} [{when}]", run.sources.get(f.file).display, fix.message);
    }
    show_unfixable(run);
}

fn show_unfixable(run: &crate::Run) {
    let mut err = std::io::stderr();
    for r in &run.unfixable {
        let loc = run.sources.location(r.site);
        let _ = writeln!(
            err,
            "{}:{}:{}: no fix for tool `{}`: {}",
            run.sources.get(r.site.file).display,
            loc.line,
            loc.column,
            r.tool,
            r.reason
        );
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
    write_file(path, &format!("{text}\n"), crate::fsguard::WriteMode::Append)
}

/// An output file: never through a symbolic link, never out of the working
/// directory by a relative path (a committed link or `../` in CI inputs).
fn write_file(path: &std::path::Path, text: &str, mode: crate::fsguard::WriteMode) -> Result<(), ExitCode> {
    crate::fsguard::stays_inside_cwd(path)
        .and_then(|()| crate::fsguard::write(path, text.as_bytes(), mode))
        .map_err(|why| usage_error(&format!("cannot write `{}`: {why}", crate::source::escape_path(path))))
}

fn tools(args: ToolsArgs) -> ExitCode {
    if let Err(code) = check_walk(&args.walk) {
        return code;
    }
    let resolver = Arc::new(resolver(&args.walk, |_| RuleSet::new(&[], &[])));
    if args.walk.config.is_some() {
        resolver.for_config(args.walk.config.clone());
        if let Err(code) = config_errors(&resolver, Color::Auto) {
            return code;
        }
    }
    let stdin = match read_stdin(&args.walk) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let opts = options(&args.walk, &resolver, stdin);
    let paths = paths(&args.walk);
    let run = crate::check(&paths, &opts);
    if let Err(code) = config_errors(&resolver, Color::Auto) {
        return code;
    }
    empty_run_notes(&run, &paths);
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
    for note in &run.notes {
        let _ = writeln!(std::io::stderr(), "note: {note}");
    }
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
