//! Node's `path`, `url` and `fs`: the path of a data file a server reads
//! at run time, computed from the module's own location, and the read
//! itself (`JSON.parse(fs.readFileSync(path.join(__dirname, "tools.json"),
//! "utf8"))`). `__dirname`, `__filename` and `import.meta` are bound per
//! module by the interpreter (`dynamic_imports.rs`).
//!
//! - `path` (Node `lib/path.js`, POSIX): `join(...parts)` appends every
//!   part, absolute ones too, and normalizes; `resolve(...parts)` starts
//!   over at each absolute part, normalizes, and falls back on the
//!   working directory when none is absolute (unknown here); `dirname`,
//!   `basename` and `normalize` as `os.path`'s. `path.posix` is the same.
//! - `url`: `fileURLToPath(u)` is the path of a `file:` URL; a path given
//!   as text is returned as it is here (Node throws).
//! - `fs` and `fs/promises`: `readFileSync(p, enc?)` and `readFile(p,
//!   enc?)` (a promise, awaited as its value) read the file at `p`, which
//!   may be a `file:` URL; `buf.toString()` is its text. What is read is
//!   only ever parsed as JSON (`JSON.parse`, in `calls.rs`).

use super::forms::FILE_TEXT;
use super::{Effect, FileOp, Op, PathOp, Rule, SdkTable};
use crate::model::Lang;

const JS: &[Lang] = &[Lang::TypeScript, Lang::JavaScript];

pub static NODE_PATH: SdkTable = SdkTable {
    api: "node.path",
    langs: JS,
    modules: &["path", "node:path"],
    symbols: &[
        ("default", "@module"),
        ("posix", "@module"),
        ("join", "Join"),
        ("resolve", "Resolve"),
        ("dirname", "DirName"),
        ("basename", "BaseName"),
        ("normalize", "Normalize"),
    ],
    rules: &[
        Rule { on: "Join", op: Op::Call, effect: Effect::Path(PathOp::JoinNormal) },
        Rule { on: "Resolve", op: Op::Call, effect: Effect::Path(PathOp::Resolve) },
        Rule { on: "DirName", op: Op::Call, effect: Effect::Path(PathOp::Parent) },
        Rule { on: "BaseName", op: Op::Call, effect: Effect::Path(PathOp::Name) },
        Rule { on: "Normalize", op: Op::Call, effect: Effect::Path(PathOp::Normal) },
    ],
    null_is_absent: false,
};

pub static NODE_URL: SdkTable = SdkTable {
    api: "node.url",
    langs: JS,
    modules: &["url", "node:url"],
    symbols: &[("default", "@module"), ("fileURLToPath", "FromUrl")],
    rules: &[Rule { on: "FromUrl", op: Op::Call, effect: Effect::Path(PathOp::FromUrl) }],
    null_is_absent: false,
};

pub static NODE_FS: SdkTable = SdkTable {
    api: "node.fs",
    langs: JS,
    modules: &["fs", "node:fs", "fs/promises", "node:fs/promises"],
    symbols: &[("default", "@module"), ("promises", "@module"), ("readFileSync", "ReadFile"), ("readFile", "ReadFile")],
    rules: &[
        Rule { on: "ReadFile", op: Op::Call, effect: Effect::File(FileOp::Read) },
        Rule { on: FILE_TEXT, op: Op::Method("toString"), effect: Effect::File(FileOp::Same) },
    ],
    null_is_absent: false,
};
