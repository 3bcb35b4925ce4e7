//! Project manifests above a linted file (tsconfig, package.json,
//! pnpm-workspace.yaml): the nearest directory that has one, cached per
//! directory, and the JSON-with-comments those files are written in.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The nearest directory at or above `dir` for which `read` finds something,
/// with it; each directory's answer cached in `cache`. The search stops at a
/// directory `stop` says bounds it, and after 24 levels.
pub(super) fn nearest<T: Clone>(
    dir: &Path,
    cache: &Mutex<HashMap<PathBuf, Option<T>>>,
    read: impl Fn(&Path) -> Option<T>,
    stop: impl Fn(&Path) -> bool,
) -> Option<(PathBuf, T)> {
    let mut cur = Some(dir);
    for _ in 0..24 {
        let d = cur?;
        let cached = cache.lock().ok()?.get(d).cloned();
        let found = match cached {
            Some(f) => f,
            None => {
                let f = read(d);
                cache.lock().ok()?.insert(d.to_path_buf(), f.clone());
                f
            }
        };
        if let Some(f) = found {
            return Some((d.to_path_buf(), f));
        }
        if stop(d) {
            return None;
        }
        cur = d.parent();
    }
    None
}

/// JSON with `//` and `/* */` comments and trailing commas (tsconfig,
/// jsconfig) as plain JSON.
pub(super) fn strip_json_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let (mut i, mut in_str) = (0, false);
    let mut start = 0;
    while i < b.len() {
        if in_str {
            if b[i] == b'\\' {
                i += 2;
                continue;
            }
            if b[i] == b'"' {
                in_str = false;
            }
            i += 1;
            continue;
        }
        match b[i] {
            b'"' => {
                in_str = true;
                i += 1;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                out.push_str(&text[start..i]);
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                start = i;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                out.push_str(&text[start..i]);
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i = (i + 2).min(b.len());
                start = i;
            }
            b',' => {
                // Drop a trailing comma before `}` or `]`.
                let next = text[i + 1..].trim_start().chars().next();
                out.push_str(&text[start..i]);
                if !matches!(next, Some('}') | Some(']')) {
                    out.push(',');
                }
                i += 1;
                start = i;
            }
            _ => i += 1,
        }
    }
    out.push_str(&text[start.min(text.len())..]);
    out
}
