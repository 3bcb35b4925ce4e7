//! The only ways mcp-lint opens files it did not create itself.
//!
//! mcp-lint runs on strangers' pull requests, so a path can be a committed
//! symbolic link, and a path on disk can be a FIFO or a device. Reads open
//! without blocking, check the opened file (not the name) is a regular file
//! and stop at a size cap; writes never follow a symbolic link in the last
//! component; and relative paths for configs, baselines and outputs must
//! not lead out of the working directory (through `..` or a link). Every
//! refusal is a short reason the caller puts after the path.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Configuration files are small; anything bigger is not one.
pub const MAX_CONFIG_SIZE: u64 = 1024 * 1024;
/// Lock files of large projects still fit.
pub const MAX_MANIFEST_SIZE: u64 = 16 * 1024 * 1024;
/// Baselines of very large servers still fit.
pub const MAX_BASELINE_SIZE: u64 = 64 * 1024 * 1024;

#[derive(Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Larger than the cap (the caller decides whether that is an error).
    TooLarge,
    /// Not readable, or not a regular file: why, without the path.
    Refused(String),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::TooLarge => f.write_str("too large"),
            ReadError::Refused(why) => f.write_str(why),
        }
    }
}

/// What a non-regular file is, for the message.
pub fn kind(meta: &Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "is a FIFO (named pipe), not a regular file";
        }
        if t.is_char_device() {
            return "is a character device, not a regular file";
        }
        if t.is_block_device() {
            return "is a block device, not a regular file";
        }
        if t.is_socket() {
            return "is a socket, not a regular file";
        }
    }
    if meta.is_dir() {
        "is a directory, not a file"
    } else if meta.file_type().is_symlink() {
        "is a symbolic link"
    } else {
        "is not a regular file"
    }
}

fn open_for_reading(path: &Path) -> std::io::Result<File> {
    let mut o = OpenOptions::new();
    o.read(true);
    // Opening a FIFO for reading blocks until a writer appears; without
    // blocking it opens at once and the type check below refuses it.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut o, libc::O_NONBLOCK);
    o.open(path)
}

/// Read a regular file of at most `cap` bytes. The type is checked on the
/// opened file, so a name swapped for a FIFO after a check cannot hang us;
/// the cap is enforced while reading (procfs files claim size 0).
pub fn read(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_for_reading(path).map_err(|e| ReadError::Refused(io_reason(&e)))?;
    let meta = file.metadata().map_err(|e| ReadError::Refused(io_reason(&e)))?;
    if !meta.is_file() {
        return Err(ReadError::Refused(kind(&meta).into()));
    }
    if meta.len() > cap {
        return Err(ReadError::TooLarge);
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(cap.saturating_add(1)).read_to_end(&mut bytes).map_err(|e| ReadError::Refused(io_reason(&e)))?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge);
    }
    Ok(bytes)
}

/// [`read`] as UTF-8 text; being too large is a refusal naming the cap.
pub fn read_text(path: &Path, cap: u64) -> Result<String, String> {
    let bytes = read(path, cap).map_err(|e| match e {
        ReadError::TooLarge => format!("larger than {cap} bytes"),
        ReadError::Refused(why) => why,
    })?;
    String::from_utf8(bytes).map_err(|_| "is not valid UTF-8".to_string())
}

/// Manifests and lock files read to learn SDK versions and import roots:
/// absent, special or oversized ones are simply not there.
pub fn read_manifest(path: &Path) -> Option<String> {
    let bytes = read(path, MAX_MANIFEST_SIZE).ok()?;
    String::from_utf8(bytes).ok()
}

/// Refuse a path inside the working directory — relative, or absolute
/// below it — that leads out of it through `..` or a symbolic link anywhere
/// on the way (the last component included when it exists): the checkout
/// is a stranger's, the flags are not. An absolute path elsewhere is the
/// caller's explicit choice (`$GITHUB_STEP_SUMMARY`, `$RUNNER_TEMP/…`).
pub fn stays_inside_cwd(path: &Path) -> Result<(), String> {
    let here = std::env::current_dir().map_err(|e| io_reason(&e))?;
    let cwd = std::fs::canonicalize(&here).map_err(|e| io_reason(&e))?;
    if path.is_absolute() {
        let named = lexical(path);
        if !named.starts_with(&cwd) && !named.starts_with(lexical(&here)) {
            return Ok(()); // an explicit place elsewhere
        }
    }
    let resolved = match std::fs::canonicalize(path) {
        Ok(p) => p,
        // Not there yet (an output): its directory decides.
        Err(_) => {
            let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
            let dir = std::fs::canonicalize(parent).map_err(|e| io_reason(&e))?;
            match path.file_name() {
                Some(name) => dir.join(name),
                None => dir,
            }
        }
    };
    if resolved.starts_with(&cwd) {
        Ok(())
    } else {
        Err(format!(
            "leads out of the working directory to `{}` (through `..` or a symbolic link); only an absolute path may name a file outside it",
            crate::source::escape_path(&resolved)
        ))
    }
}

/// `..` and `.` taken away without touching the file system.
pub(crate) fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// How [`write`] treats an existing file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteMode {
    Replace,
    Append,
}

/// Write `bytes` to `path` without following a symbolic link in its last
/// component: a committed `report.sarif -> ~/.bashrc` is refused, not
/// overwritten. A character device (`/dev/null`) is written as is; FIFOs,
/// sockets and directories are refused.
pub fn write(path: &Path, bytes: &[u8], mode: WriteMode) -> Result<(), String> {
    let refused = |e: std::io::Error| match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            "is a symbolic link; mcp-lint does not write through links (remove it or name another file)".to_string()
        }
        Ok(m) if !m.is_file() => kind(&m).to_string(),
        _ => io_reason(&e),
    };
    let mut o = OpenOptions::new();
    o.write(true).create(true);
    if mode == WriteMode::Append {
        o.append(true);
    }
    // No-follow for the link; non-blocking so a FIFO without a reader
    // fails at once instead of hanging the run.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut o, libc::O_NOFOLLOW | libc::O_NONBLOCK);
    let mut file = o.open(path).map_err(refused)?;
    let meta = file.metadata().map_err(|e| io_reason(&e))?;
    if meta.is_file() {
        // Truncated only now that it is known to be a regular file.
        if mode == WriteMode::Replace {
            file.set_len(0).map_err(|e| io_reason(&e))?;
        }
    } else if !is_char_device(&meta) {
        return Err(kind(&meta).into());
    }
    file.write_all(bytes).and_then(|_| file.flush()).map_err(|e| io_reason(&e))
}

fn is_char_device(meta: &Metadata) -> bool {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileTypeExt::is_char_device(&meta.file_type())
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        false
    }
}

/// An I/O error as a short lowercase reason, stable across platforms.
pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => {
            let s = e.to_string();
            // Drop the "(os error N)" suffix.
            s.split(" (os error").next().unwrap_or(&s).to_lowercase()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_regular_files_up_to_the_cap() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = dir.path().join("a.toml");
        std::fs::write(&p, "12345").expect("write");
        assert_eq!(read(&p, 5).expect("fits"), b"12345");
        assert_eq!(read(&p, 4), Err(ReadError::TooLarge));
        assert_eq!(read(dir.path(), 5), Err(ReadError::Refused("is a directory, not a file".into())));
    }

    #[cfg(unix)]
    #[test]
    fn refuses_devices_without_reading_them() {
        let e = read(Path::new("/dev/zero"), 10).expect_err("a device");
        assert_eq!(e, ReadError::Refused("is a character device, not a regular file".into()));
    }

    #[cfg(unix)]
    #[test]
    fn never_writes_through_a_link() {
        let dir = tempfile::tempdir().expect("tempdir");
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "keep").expect("write");
        let link = dir.path().join("out.sarif");
        std::os::unix::fs::symlink(&victim, &link).expect("symlink");
        let e = write(&link, b"x", WriteMode::Replace).expect_err("refused");
        assert!(e.starts_with("is a symbolic link"), "{e}");
        assert_eq!(std::fs::read_to_string(&victim).expect("read"), "keep");
        let out = dir.path().join("new.txt");
        write(&out, b"long text", WriteMode::Replace).expect("written");
        write(&out, b"short", WriteMode::Replace).expect("replaced");
        write(&out, b"+", WriteMode::Append).expect("appended");
        assert_eq!(std::fs::read_to_string(&out).expect("read"), "short+");
        write(Path::new("/dev/null"), b"x", WriteMode::Replace).expect("a device is fine");
    }
}
