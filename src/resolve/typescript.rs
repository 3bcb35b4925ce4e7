//! TypeScript/JavaScript specifics of resolution: module specifiers (relative,
//! `.js` naming `.ts`, index files, `tsconfig.json` `baseUrl`/`paths`) and
//! the key spellings the SDK reads.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex};

use super::lang::Generation;
use super::lang::LangSupport;
use super::Linker;
use crate::model::FileFacts;

pub struct TypeScript;

/// Source extensions tried for a specifier without one, in order.
const EXTENSIONS: &[&str] = &["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs"];

impl LangSupport for TypeScript {
    fn module_candidates(&self, from: &Path, specifier: &str, _fs: &super::dircache::DirCache) -> Vec<PathBuf> {
        module_candidates(from, specifier)
    }
    fn generation(&self, _facts: &FileFacts, _path: &Path, _linker: &Linker) -> (Generation, String) {
        (Generation::V1, "the TypeScript SDK reads camelCase keys only".into())
    }
}

// ---------------------------------------------------------------------------
// Module specifiers
// ---------------------------------------------------------------------------

/// Candidate files for an import specifier written in `from`, best first.
pub fn module_candidates(from: &Path, specifier: &str) -> Vec<PathBuf> {
    let dir = from.parent().unwrap_or(Path::new("."));
    let mut out = Vec::new();
    if specifier.starts_with("./") || specifier.starts_with("../") || specifier == "." || specifier == ".." {
        with_extensions(&crate::fsguard::lexical(&dir.join(specifier)), &mut out);
        return out;
    }
    if specifier.starts_with('/') {
        return out;
    }
    // Bare specifiers only name in-tree files through tsconfig.json.
    if let Some((root, cfg)) = tsconfig_for(dir) {
        let base =
            cfg.base_url.as_ref().map(|b| crate::fsguard::lexical(&root.join(b))).unwrap_or_else(|| root.clone());
        for (pattern, targets) in &cfg.paths {
            let matched = match pattern.split_once('*') {
                Some((pre, post)) => {
                    specifier.strip_prefix(pre).and_then(|r| r.strip_suffix(post)).map(|star| (star.to_string(), true))
                }
                None => (pattern == specifier).then(|| (String::new(), false)),
            };
            let Some((star, _)) = matched else { continue };
            for t in targets {
                let target = t.replacen('*', &star, 1);
                with_extensions(&crate::fsguard::lexical(&base.join(target)), &mut out);
            }
        }
        if cfg.base_url.is_some() {
            with_extensions(&crate::fsguard::lexical(&base.join(specifier)), &mut out);
        }
    }
    // A package of the same workspace, by its `package.json` name.
    for c in super::workspace::candidates(dir, specifier) {
        with_extensions(&crate::fsguard::lexical(&c), &mut out);
    }
    out
}

fn with_extensions(base: &Path, out: &mut Vec<PathBuf>) {
    let s = base.to_string_lossy();
    // `./x.js` written in TS names `./x.ts` (Node16/NodeNext resolution).
    for (js, ts) in [(".js", &[".ts", ".tsx"][..]), (".jsx", &[".tsx"]), (".mjs", &[".mts"]), (".cjs", &[".cts"])] {
        if let Some(stem) = s.strip_suffix(js) {
            for t in ts {
                out.push(PathBuf::from(format!("{stem}{t}")));
            }
        }
    }
    let has_source_ext =
        base.extension().and_then(|e| e.to_str()).is_some_and(|e| EXTENSIONS.contains(&e) || e == "json");
    if has_source_ext {
        out.push(base.to_path_buf());
    }
    for ext in EXTENSIONS {
        out.push(PathBuf::from(format!("{s}.{ext}")));
    }
    for ext in EXTENSIONS {
        out.push(base.join(format!("index.{ext}")));
    }
}

#[derive(Clone, Debug, Default)]
struct TsConfig {
    base_url: Option<String>,
    paths: Vec<(String, Vec<String>)>,
}

static TSCONFIGS: LazyLock<Mutex<HashMap<PathBuf, Option<Arc<TsConfig>>>>> = LazyLock::new(Mutex::default);

/// The nearest `tsconfig.json` (or `jsconfig.json`) at or above `dir`, with
/// the directory it sits in.
fn tsconfig_for(dir: &Path) -> Option<(PathBuf, Arc<TsConfig>)> {
    let read = |d: &Path| {
        ["tsconfig.json", "jsconfig.json"]
            .iter()
            .find_map(|n| crate::fsguard::read_manifest(&d.join(n)))
            .map(|t| Arc::new(parse_tsconfig(&t)))
    };
    super::manifests::nearest(dir, &TSCONFIGS, read, |d| d.join("package.json").exists() || d.join(".git").exists())
}

/// `compilerOptions.baseUrl` and `paths` from a tsconfig (JSON with comments
/// and trailing commas).
fn parse_tsconfig(text: &str) -> TsConfig {
    let clean = super::manifests::strip_json_comments(text);
    let Ok(v) = serde_json::from_str::<serde_json::Value>(&clean) else { return TsConfig::default() };
    let opts = &v["compilerOptions"];
    let base_url = opts["baseUrl"].as_str().map(str::to_string);
    let mut paths = Vec::new();
    if let Some(map) = opts["paths"].as_object() {
        for (k, targets) in map {
            let ts: Vec<String> =
                targets.as_array().into_iter().flatten().filter_map(|t| t.as_str().map(str::to_string)).collect();
            paths.push((k.clone(), ts));
        }
    }
    TsConfig { base_url, paths }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn js_specifier_names_ts_source() {
        let c = module_candidates(Path::new("/p/src/tools/a.ts"), "../presets.js");
        assert_eq!(c[0], PathBuf::from("/p/src/presets.ts"));
        let c = module_candidates(Path::new("/p/src/a.ts"), "./lib");
        assert!(c.contains(&PathBuf::from("/p/src/lib/index.ts")));
    }

    #[test]
    fn tsconfig_with_comments() {
        let cfg = parse_tsconfig(
            "{ // c\n \"compilerOptions\": { \"baseUrl\": \".\", /* x */ \"paths\": { \"@/*\": [\"src/*\"], }, }, }",
        );
        assert_eq!(cfg.base_url.as_deref(), Some("."));
        assert_eq!(cfg.paths, vec![("@/*".to_string(), vec!["src/*".to_string()])]);
    }
}
