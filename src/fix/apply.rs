//! Writing fixed files: atomically, never through a symbolic link, never
//! outside the linted paths; and the unified diff `--diff` prints instead.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Replace the file at `path` with `contents`: a temporary file beside it,
/// with the file's permissions, renamed over it. Refused for a symbolic
/// link, anything but a regular file, and a file outside `roots`
/// (canonical paths of the linted files and directories).
pub fn write_atomic(path: &Path, contents: &str, roots: &[PathBuf]) -> Result<(), String> {
    let meta = std::fs::symlink_metadata(path).map_err(|e| e.to_string())?;
    if meta.file_type().is_symlink() {
        return Err("is a symbolic link: mcp-lint does not write through links".into());
    }
    if !meta.is_file() {
        return Err("is not a regular file".into());
    }
    let canonical = std::fs::canonicalize(path).map_err(|e| e.to_string())?;
    if !roots.iter().any(|r| canonical.starts_with(r)) {
        return Err("is outside the linted paths (a file reached through a symbolic link is not written)".into());
    }
    let dir = canonical.parent().ok_or("has no directory")?;
    let name = canonical.file_name().ok_or("has no file name")?.to_string_lossy();
    let tmp = dir.join(format!(".{name}.mcp-lint-{}.tmp", std::process::id()));
    let written = (|| -> std::io::Result<()> {
        let mut f = std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(contents.as_bytes())?;
        f.set_permissions(meta.permissions())?;
        f.sync_all()?;
        std::fs::rename(&tmp, &canonical)
    })();
    written.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        e.to_string()
    })
}

/// A unified diff of one file (`a/` and `b/` prefixed, three lines of context).
/// Patience: its anchors are the lines that occur once on each side (a
/// fixed file keeps its `def`s and names), so thousands of fixes in one
/// file diff in about linear time, where Myers' took seconds per thousand
/// changes. The deadline bounds what is left: past it the diff is coarser,
/// never wrong.
pub fn unified_diff(display: &str, before: &str, after: &str) -> String {
    similar::TextDiff::configure()
        .algorithm(similar::Algorithm::Patience)
        .deadline(std::time::Instant::now() + std::time::Duration::from_secs(2))
        .diff_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{display}"), &format!("b/{display}"))
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_keep_permissions_and_refuse_links_and_strangers() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        let file = root.join("s.py");
        std::fs::write(&file, "a\n").unwrap();
        #[cfg(unix)]
        std::fs::set_permissions(&file, std::os::unix::fs::PermissionsExt::from_mode(0o640)).unwrap();
        write_atomic(&file, "b\n", std::slice::from_ref(&root)).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "b\n");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o640);
            let link = root.join("l.py");
            std::os::unix::fs::symlink(&file, &link).unwrap();
            assert!(write_atomic(&link, "c\n", std::slice::from_ref(&root)).unwrap_err().contains("symbolic link"));
        }
        let other = tempfile::tempdir().unwrap();
        assert!(write_atomic(&file, "c\n", &[std::fs::canonicalize(other.path()).unwrap()]).is_err());
        assert_eq!(std::fs::read_dir(&root).unwrap().count(), if cfg!(unix) { 2 } else { 1 });
    }

    #[test]
    fn diff_names_the_file() {
        let d = unified_diff("s.py", "a\nb\n", "a\nc\n");
        assert!(d.starts_with("--- a/s.py\n+++ b/s.py\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n"), "{d}");
    }
}
