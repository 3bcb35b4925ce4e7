//! TypeScript/JavaScript specifics of resolution: module specifiers (relative,
//! `.js` naming `.ts`, index files, `tsconfig.json` `baseUrl`/`paths`), which
//! packages are MCP SDKs, and the run-time overload checks of the v1
//! `server.tool(...)`.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex};

use super::eval::{Item, Value};
use super::keys::{classify_key, KeyClass, SnakeRule};
use super::lang::LangSupport;
use super::python::Generation;
use super::{Linker, Parts, Resolver, Scoped};
use crate::model::{Arg, CalleeKind, Expr, FileFacts, Spread, ToolSite};

pub struct TypeScript;

/// Source extensions tried for a specifier without one, in order.
const EXTENSIONS: &[&str] = &["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs"];

impl LangSupport for TypeScript {
    fn module_candidates(&self, from: &Path, specifier: &str, _fs: &super::dircache::DirCache) -> Vec<PathBuf> {
        module_candidates(from, specifier)
    }
    fn is_sdk_module(&self, module: &str) -> bool {
        is_sdk_module(module)
    }
    fn is_sdk_symbol(&self, kind: CalleeKind, module: &str, name: &str) -> bool {
        is_sdk_symbol(kind, module, name)
    }
    fn is_not_mcp(&self, module: &str) -> bool {
        is_not_mcp(module)
    }
    fn wrapper_api(&self, _site_api: &'static str) -> &'static str {
        crate::frontend::typescript::API_WRAPPER
    }
    fn project_uses_sdk(&self, path: &Path) -> bool {
        package_uses_sdk(path)
    }
    fn missing_field_is_undefined(&self) -> bool {
        true
    }
    fn registers(&self, method: &str) -> bool {
        matches!(
            method,
            "registerTool" | "tool" | "registerToolTask" | "addTool" | "addTools" | "paidTool" | "setRequestHandler"
        )
    }
    fn generation(&self, _facts: &FileFacts, _path: &Path, _linker: &Linker) -> (Generation, String) {
        (Generation::V1, "the TypeScript SDK reads camelCase keys only".into())
    }
}

/// Packages whose import says a file serves MCP tools.
pub fn is_sdk_module(module: &str) -> bool {
    (module.starts_with("@modelcontextprotocol/sdk") && !module.contains("/client"))
        || module.starts_with("@modelcontextprotocol/server")
        || matches!(
            module,
            "fastmcp"
                | "mcp-handler"
                | "@vercel/mcp-adapter"
                | "xmcp"
                | "agents/mcp"
                | "agents/x402"
                | "mcp-use"
                | "mcp-use/server"
        )
        || module.starts_with("xmcp/")
        || module.starts_with("agents/mcp/")
}

/// Frameworks with their own `tool`/`registerTool` APIs: never MCP.
pub fn is_not_mcp(module: &str) -> bool {
    let root = package_root(module);
    matches!(
        root,
        "ai" | "@ai-sdk"
            | "openclaw"
            | "@openclaw"
            | "@opencode-ai"
            | "@mariozechner"
            | "langchain"
            | "@langchain"
            | "openai"
            | "@openai"
            | "@anthropic-ai"
            | "@mastra"
            | "llamaindex"
            | "genkit"
            | "@genkit-ai"
    )
}

/// `@scope/pkg/sub` → `@scope`, `pkg/sub` → `pkg`.
fn package_root(module: &str) -> &str {
    module.split('/').next().unwrap_or(module)
}

pub fn is_sdk_symbol(kind: CalleeKind, module: &str, name: &str) -> bool {
    // mcp-framework tool classes (the package is not an MCP server API otherwise).
    if module == "mcp-framework" {
        return kind == CalleeKind::SdkToolClass && name == "MCPTool";
    }
    // @supabase/mcp-utils: `tool({...})` definitions served by its `createMcpServer`.
    if module == "@supabase/mcp-utils" {
        return kind == CalleeKind::SdkToolClass && name == "tool";
    }
    if !is_sdk_module(module) {
        return false;
    }
    let last = name.rsplit('.').next().unwrap_or(name);
    match kind {
        CalleeKind::ServerClass => {
            matches!(last, "McpServer" | "Server" | "FastMCP" | "withX402" | "McpAgent")
                // mcp-use: `new MCPServer(...)`, `createMCPServer(...)`, its instance type.
                || (module.starts_with("mcp-use") && matches!(last, "MCPServer" | "createMCPServer" | "McpServerInstance"))
                // The callback parameter of mcp-handler is an `McpServer`.
                || matches!(last, "createMcpHandler" | "initializeMcpApiHandler" | "experimental_createMcpHandler")
        }
        CalleeKind::SdkTypesTool => matches!(last, "Tool" | "ListToolsRequestSchema"),
        // xmcp tool files: any xmcp import (`ToolMetadata`, `InferSchema`).
        CalleeKind::SdkToolClass => module == "xmcp" || module.starts_with("xmcp/"),
        CalleeKind::MixinTool | CalleeKind::WrapperOnly | CalleeKind::RegisterFunction | CalleeKind::ToolRecord => {
            false
        }
    }
}

static PACKAGES: LazyLock<Mutex<HashMap<PathBuf, Option<bool>>>> = LazyLock::new(Mutex::default);

/// Whether the nearest `package.json` above `file` depends on an MCP SDK
/// package (`@modelcontextprotocol/sdk`, `fastmcp`, `mcp-handler`, ...).
fn package_uses_sdk(file: &Path) -> bool {
    let mut cur = file.parent();
    for _ in 0..24 {
        let Some(d) = cur else { return false };
        let cached = PACKAGES.lock().ok().and_then(|m| m.get(d).copied());
        let found = match cached {
            Some(v) => v,
            None => {
                let v = crate::fsguard::read_manifest(&d.join("package.json")).map(|t| {
                    let v: serde_json::Value = serde_json::from_str(&t).unwrap_or_default();
                    ["dependencies", "devDependencies", "peerDependencies"].iter().any(|k| {
                        v[k].as_object()
                            .is_some_and(|deps| deps.keys().any(|name| is_sdk_module(name) && name != "xmcp"))
                    })
                });
                if let Ok(mut m) = PACKAGES.lock() {
                    m.insert(d.to_path_buf(), v);
                }
                v
            }
        };
        if let Some(v) = found {
            return v;
        }
        if d.join(".git").exists() {
            return false;
        }
        cur = d.parent();
    }
    false
}

// ---------------------------------------------------------------------------
// Module specifiers
// ---------------------------------------------------------------------------

/// Candidate files for an import specifier written in `from`, best first.
pub fn module_candidates(from: &Path, specifier: &str) -> Vec<PathBuf> {
    let dir = from.parent().unwrap_or(Path::new("."));
    let mut out = Vec::new();
    if specifier.starts_with("./") || specifier.starts_with("../") || specifier == "." || specifier == ".." {
        with_extensions(&normalize(&dir.join(specifier)), &mut out);
        return out;
    }
    if specifier.starts_with('/') {
        return out;
    }
    // Bare specifiers only name in-tree files through tsconfig.json.
    if let Some((root, cfg)) = tsconfig_for(dir) {
        let base = cfg.base_url.as_ref().map(|b| normalize(&root.join(b))).unwrap_or_else(|| root.clone());
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
                with_extensions(&normalize(&base.join(target)), &mut out);
            }
        }
        if cfg.base_url.is_some() {
            with_extensions(&normalize(&base.join(specifier)), &mut out);
        }
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
    let has_source_ext = base.extension().and_then(|e| e.to_str()).is_some_and(|e| EXTENSIONS.contains(&e));
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

/// Lexically resolve `.` and `..` (no file system access).
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            c => out.push(c.as_os_str()),
        }
    }
    out
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
    let mut cur = Some(dir);
    for _ in 0..24 {
        let d = cur?;
        let cached = TSCONFIGS.lock().ok()?.get(d).cloned();
        let cfg = match cached {
            Some(c) => c,
            None => {
                let c = ["tsconfig.json", "jsconfig.json"]
                    .iter()
                    .find_map(|n| crate::fsguard::read_manifest(&d.join(n)))
                    .map(|t| Arc::new(parse_tsconfig(&t)));
                TSCONFIGS.lock().ok()?.insert(d.to_path_buf(), c.clone());
                c
            }
        };
        if let Some(c) = cfg {
            return Some((d.to_path_buf(), c));
        }
        if d.join("package.json").exists() || d.join(".git").exists() {
            return None;
        }
        cur = d.parent();
    }
    None
}

/// `compilerOptions.baseUrl` and `paths` from a tsconfig (JSON with comments
/// and trailing commas).
fn parse_tsconfig(text: &str) -> TsConfig {
    let clean = strip_json_comments(text);
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

fn strip_json_comments(text: &str) -> String {
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

// ---------------------------------------------------------------------------
// `server.tool(name, ...rest, cb)`
// ---------------------------------------------------------------------------

/// What the SDK's run-time checks make of one middle argument.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    /// A Zod raw shape (`{}` included): the parameter schema.
    Params,
    /// A plain object of primitives: the annotations.
    Annotations,
    /// A string: the description.
    Text,
    /// Cannot be told statically.
    Unknown,
}

impl Resolver<'_, '_> {
    /// Apply the SDK's `tool(name, ...rest)` overload resolution: a leading
    /// string is the description; then an object that is a Zod raw shape
    /// (no keys, or some value that is a schema) is the parameter schema,
    /// optionally followed by annotations; any other plain object is the
    /// annotations. The last argument is the callback.
    pub(super) fn ts_tool_overload(&self, facts: &Arc<FileFacts>, site: &ToolSite, parts: &mut Parts) {
        let positional: Vec<&Arg> = site.args.iter().filter(|a| a.spread == Spread::No).collect();
        if site.args.iter().any(|a| a.spread != Spread::No) || positional.len() < 2 {
            return;
        }
        let middle: Vec<Scoped> = positional[1..positional.len() - 1]
            .iter()
            .map(|a| Scoped { expr: a.value.clone(), facts: facts.clone() })
            .collect();
        self.tool_overload(&middle, parts);
    }

    /// The SDK's `tool(name, ...rest, cb)` decision on the arguments between
    /// the name and the callback (each in the scope it was written in).
    pub(super) fn tool_overload(&self, middle: &[Scoped], parts: &mut Parts) {
        let mut rest: Vec<&Scoped> = middle.iter().collect();
        let unresolved = |s: &Scoped| Some(Scoped { expr: Expr::Unresolved(s.expr.span()), facts: s.facts.clone() });
        if let Some(first) = rest.first() {
            match self.overload_shape(&first.expr, &first.facts) {
                Shape::Text => {
                    rest.remove(0);
                }
                // An unresolved value in the description slot: the roles of
                // everything after it are unknown.
                Shape::Unknown if rest.len() > 1 => {
                    parts.annotations = unresolved(first);
                    return;
                }
                _ => {}
            }
        }
        let Some(first) = rest.first() else { return };
        match self.overload_shape(&first.expr, &first.facts) {
            // Annotations may follow the shape, unless they look like one.
            Shape::Params => {
                if let Some(second) = rest.get(1) {
                    if self.overload_shape(&second.expr, &second.facts) != Shape::Params {
                        parts.annotations = Some((*second).clone());
                    }
                }
            }
            Shape::Annotations => parts.annotations = Some((*first).clone()),
            Shape::Text => {}
            Shape::Unknown => parts.annotations = unresolved(first),
        }
    }

    fn overload_shape(&self, e: &Expr, facts: &Arc<FileFacts>) -> Shape {
        // `Schema.shape`: a Zod object's raw shape, whatever `Schema` is.
        if is_zod_shape(e) {
            return Shape::Params;
        }
        match self.eval(e, facts) {
            Value::Str(..) => Shape::Text,
            // A template literal with substitutions (or a concatenation); a
            // function here would be the callback, which is never looked at.
            Value::Other(_) => Shape::Text,
            Value::Obj(obj) => {
                if obj.items.is_empty() {
                    return Shape::Params;
                }
                let mut unknown = false;
                for item in &obj.items {
                    match item {
                        Item::Pair { key, value, .. } => {
                            let hint_key = !matches!(classify_key(key, &SnakeRule::Accepted), KeyClass::Other);
                            match value {
                                Value::Bool(..) | Value::Str(..) | Value::Number(..) | Value::Null(_) => {}
                                // Annotations hold primitives only: any other
                                // value under a non-hint key is a schema.
                                _ if !hint_key => return Shape::Params,
                                Value::Unresolved(_) => unknown = true,
                                _ => {}
                            }
                        }
                        Item::Unknown(_) => unknown = true,
                    }
                }
                if unknown {
                    Shape::Unknown
                } else {
                    Shape::Annotations
                }
            }
            // `z.object({...})` and other schema objects are not annotations.
            Value::Instance(_) | Value::External { .. } => Shape::Params,
            _ => Shape::Unknown,
        }
    }
}

/// `X.shape` / `z.object({...}).shape`: the raw shape of a Zod object.
fn is_zod_shape(e: &Expr) -> bool {
    match e {
        Expr::Ref { path, .. } => path.len() >= 2 && path.last().is_some_and(|l| l == "shape"),
        Expr::Field { key, .. } => key == "shape",
        _ => false,
    }
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
