//! basementstudio `xmcp`: one tool per file. A file that imports xmcp and
//! exports `metadata = { name?, description, annotations? }` is a tool named
//! `metadata.name` or else the file's name without its extension
//! (`packages/xmcp/src/runtime/utils/tools.ts`). When `annotations.title`
//! is unset xmcp fills it with the tool's name, and the top-level title is
//! `annotations.title`. Prompts and resources use the same `metadata`
//! export in their own directories.

use super::{Effect, Op, Path, Roles, Rule, SdkTable};
use crate::model::Lang;

static METADATA: Roles = Roles {
    api: "ts.xmcp.metadata",
    name: &[Path::Member(&Path::Arg(0), "name"), Path::ModuleStem],
    title: &[
        Path::Member(&Path::Member(&Path::Arg(0), "annotations"), "title"),
        Path::Member(&Path::Arg(0), "name"),
        Path::ModuleStem,
    ],
    description: &[Path::Member(&Path::Arg(0), "description")],
    annotations: &[Path::Member(&Path::Arg(0), "annotations")],
    params: &[],
};

pub static XMCP: SdkTable = SdkTable {
    api: "ts.xmcp",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    modules: &["xmcp"],
    symbols: &[],
    rules: &[Rule {
        on: "@module",
        op: Op::Export { name: "metadata", not_under: &["prompts", "resources"] },
        effect: Effect::Register(&METADATA),
    }],
    null_is_absent: false,
};
