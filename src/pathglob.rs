//! Globs over paths, as written in a config file (`exclude`,
//! `per-file-ignores`): relative to the config file's directory, and a glob
//! without `/` matches a file or directory name at any depth (`tests`,
//! `*_test.py`). A glob that matches a directory matches everything below it.

use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub struct PathGlob {
    pub text: String,
    glob: globset::GlobMatcher,
    base: PathBuf,
    basename: bool,
}

impl PathGlob {
    pub fn new(text: &str, base: &Path) -> Result<PathGlob, String> {
        let pattern = text.trim_start_matches("./").trim_end_matches('/');
        let glob = globset::GlobBuilder::new(pattern)
            .literal_separator(true)
            .build()
            .map_err(|e| format!("invalid glob `{text}`: {}", e.kind()))?
            .compile_matcher();
        Ok(PathGlob { text: text.to_string(), glob, base: base.to_path_buf(), basename: !pattern.contains('/') })
    }

    /// `path` should be absolute (canonical, like the base).
    pub fn matches(&self, path: &Path) -> bool {
        let rel = path.strip_prefix(&self.base).unwrap_or(path);
        if self.basename {
            return rel.components().any(|c| self.glob.is_match(c.as_os_str()));
        }
        rel.ancestors().any(|a| !a.as_os_str().is_empty() && self.glob.is_match(a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_and_basename_globs() {
        let base = Path::new("/repo");
        let g = PathGlob::new("tests/**", base).unwrap();
        assert!(g.matches(Path::new("/repo/tests/a/b.py")));
        assert!(!g.matches(Path::new("/repo/src/tests.py")));
        let g = PathGlob::new("tests", base).unwrap();
        assert!(g.matches(Path::new("/repo/src/tests/b.py")));
        let g = PathGlob::new("src/legacy", base).unwrap();
        assert!(g.matches(Path::new("/repo/src/legacy/x/y.py")));
        assert!(!g.matches(Path::new("/repo/lib/src/legacy/y.py")));
        let g = PathGlob::new("*_test.py", base).unwrap();
        assert!(g.matches(Path::new("/repo/a/x_test.py")));
        assert!(PathGlob::new("a/[", base).is_err());
    }
}
