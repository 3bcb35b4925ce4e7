use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    mcp_lint::alloc::install();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(note) = mcp_lint::cli::ambiguity_note(&args) {
        eprintln!("{note}");
    }
    let args = mcp_lint::cli::with_default_command(args);
    let cli = match mcp_lint::cli::Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    mcp_lint::cli::run(cli)
}
