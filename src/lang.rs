//! The languages mcp-lint reads: a tag every file, fact and tool carries.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    Python,
    TypeScript,
    JavaScript,
    Go,
    Rust,
}

impl Lang {
    pub fn name(self) -> &'static str {
        match self {
            Lang::Python => "python",
            Lang::TypeScript => "typescript",
            Lang::JavaScript => "javascript",
            Lang::Go => "go",
            Lang::Rust => "rust",
        }
    }
    /// The line-comment leader, for inline suppressions.
    pub fn line_comment(self) -> &'static str {
        match self {
            Lang::Python => "#",
            Lang::TypeScript | Lang::JavaScript | Lang::Go | Lang::Rust => "//",
        }
    }

    /// Whether this language's tools come from the evaluator. Python, TS/JS
    /// and Go do; Rust still comes from its frontend's recognisers while it
    /// moves onto it, unless `MCP_LINT_EVAL_ONLY` lists it (`rust`): a
    /// switch for comparing the two (tests/it/eval_parity.rs), to be deleted
    /// with the recognisers. Only then is it lowered.
    pub fn on_evaluator(self) -> bool {
        static LISTED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
        let listed = LISTED.get_or_init(|| {
            std::env::var("MCP_LINT_EVAL_ONLY").unwrap_or_default().split(',').map(|s| s.trim().to_string()).collect()
        });
        match self {
            Lang::Python | Lang::TypeScript | Lang::JavaScript | Lang::Go => true,
            Lang::Rust => listed.iter().any(|l| l == "rust"),
        }
    }
}
