//! The languages mcp-lint reads: a tag every file, fact and tool carries.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    Python,
    TypeScript,
    JavaScript,
    Go,
    Rust,
    CSharp,
    Java,
    Kotlin,
}

impl Lang {
    pub fn name(self) -> &'static str {
        match self {
            Lang::Python => "python",
            Lang::TypeScript => "typescript",
            Lang::JavaScript => "javascript",
            Lang::Go => "go",
            Lang::Rust => "rust",
            Lang::CSharp => "csharp",
            Lang::Java => "java",
            Lang::Kotlin => "kotlin",
        }
    }
    /// TypeScript or JavaScript: one runtime's semantics (hoisting, live
    /// bindings) apply to both.
    pub fn is_javascript(self) -> bool {
        matches!(self, Lang::TypeScript | Lang::JavaScript)
    }

    /// The line-comment leader, for inline suppressions.
    pub fn line_comment(self) -> &'static str {
        match self {
            Lang::Python => "#",
            Lang::TypeScript | Lang::JavaScript | Lang::Go | Lang::Rust | Lang::CSharp | Lang::Java | Lang::Kotlin => {
                "//"
            }
        }
    }
}
