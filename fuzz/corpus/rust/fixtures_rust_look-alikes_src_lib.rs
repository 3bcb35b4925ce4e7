//! Nothing in this crate is an MCP tool.
//!
//! ```
//! #[tool(annotations(read_only_hint = true))]
//! async fn documented(&self) {}
//! ```

pub mod agent;
pub mod config;

/// Renders `#[tool(name = "x")]` into docs: the text is a string, not code.
pub fn render() -> &'static str {
    "#[tool(name = \"fake\", annotations(read_only_hint))]\nasync fn fake(&self) {}"
}

/* #[tool]
   async fn commented_out(&self) {} */

#[cfg(test)]
mod tests {
    #[test]
    fn snapshot() {
        let out = super::render();
        insta::assert_snapshot!(out, @r##"
        #[tool(name = "fake", annotations(read_only_hint))]
        async fn fake(&self) {}
        "##);
    }
}
