//! Rust source through the real lowering (`frontend::rust::to_ir`) and the
//! Rust SDK tables: a module per `(path, text)` under `src/`, a module
//! specifier resolved to the file its last segment names (`crate::presets`,
//! `@::presets` → `presets`).

use std::path::Path;

use super::*;

struct Files(Vec<&'static str>);

impl Linker for Files {
    fn resolve(&self, _: usize, import: &Import) -> Link {
        let last = import.module.rsplit("::").next().unwrap_or("");
        let stem = |p: &&str| Path::new(p).file_stem().is_some_and(|s| s == last);
        match (self.0.iter().position(stem), &import.member) {
            (Some(i), Some(member)) => Link::Member(i, member.clone()),
            (Some(i), None) => Link::Module(i),
            _ => Link::External,
        }
    }
}

fn run_rust(files: &[(&'static str, &str)]) -> Outcome {
    let modules: Vec<_> = files
        .iter()
        .enumerate()
        .map(|(i, (path, text))| {
            let (_, module) = crate::frontend::rust::parse_file(FileId(i as u32), Path::new(path), text);
            Arc::new(module.expect("lowers"))
        })
        .collect();
    run(&modules, &Files(files.iter().map(|(n, _)| *n).collect()), Budget::default())
}

fn str_of(v: &Option<Value>) -> Option<String> {
    match v {
        Some(Value::Str(s, _)) => Some(s.to_string()),
        _ => None,
    }
}

const RMCP_HEAD: &str = "use rmcp::{tool, tool_router};\nstruct Notes;\n";

#[test]
fn rmcp_tool_attributes_on_methods_are_tools() {
    let src = format!(
        "{RMCP_HEAD}#[tool_router]\nimpl Notes {{\n\
         /// Remove a note\n    #[tool(annotations(destructive_hint = true, open_world_hint = \"false\"))]\n    async fn delete_note(&self) {{}}\n\
         #[tool(name = \"list_notes\", title = \"List\", annotations(read_only_hint))]\n    async fn list(&self) {{}}\n\
         #[tool]\n    async fn append(&self) {{}}\n\
         fn helper(&self) {{}}\n}}\n"
    );
    let out = run_rust(&[("src/lib.rs", &src)]);
    assert_eq!(names(&out), ["append", "delete_note", "list_notes"]);
    let delete = super::ts_source::named(&out, "delete_note");
    assert_eq!(str_of(&delete.description).as_deref(), Some("Remove a note"));
    assert_eq!(hint(delete, "destructive_hint"), "true");
    // darling reads a bool out of a string literal.
    assert_eq!(hint(delete, "open_world_hint"), "false");
    let list = super::ts_source::named(&out, "list_notes");
    assert_eq!(hint(list, "read_only_hint"), "true");
    assert_eq!(str_of(&list.title).as_deref(), Some("List"));
    assert_eq!(hint(super::ts_source::named(&out, "append"), "read_only_hint"), "absent");
}

#[test]
fn a_tool_attribute_of_another_crate_is_not_a_tool() {
    let src = "use swiftide::tool;\nstruct S;\nimpl S {\n    #[tool(annotations(read_only_hint))]\n    fn a(&self) {}\n}\n#[tool]\nfn b() {}\n";
    assert!(run_rust(&[("src/lib.rs", src)]).registrations.is_empty());
    // Nor is a derive or an attribute the compiler owns.
    let src = "use rmcp::model::Tool;\n#[derive(Debug)]\n#[allow(dead_code)]\nstruct T { read_only_hint: Option<bool> }\nfn t() -> T { T { read_only_hint: Some(true) } }\n";
    assert!(run_rust(&[("src/lib.rs", src)]).registrations.is_empty());
}

#[test]
fn builders_presets_and_struct_literals_across_modules() {
    let presets = "use std::sync::LazyLock;\nuse rmcp::model::ToolAnnotations;\n\
        pub static SAFE: LazyLock<ToolAnnotations> = LazyLock::new(|| ToolAnnotations::new().read_only(false).destructive(false));\n\
        pub const DANGER: ToolAnnotations = ToolAnnotations { destructive_hint: Some(true), idempotent_hint: None, ..Default::default() };\n\
        pub mod net {\n    pub fn fetch() -> rmcp::model::ToolAnnotations { rmcp::model::ToolAnnotations::new().read_only(true) }\n}\n";
    let tools = "use rmcp::model::{Tool, ToolAnnotations as Hints};\nuse crate::presets::{net, DANGER};\n\
        pub fn tools() -> Vec<Tool> {\n    vec![\n\
        Tool::new(\"archive\", \"Archive\", s()).annotate(crate::presets::SAFE.clone()),\n\
        Tool::new(\"purge\", \"Purge\", s()).annotate(DANGER),\n\
        Tool::new(\"fetch\", \"Fetch\", s()).annotate(net::fetch()),\n\
        Tool::new(\"plain\", \"Plain\", s()),\n\
        Tool::new(\"titled\", \"T\", s()).annotate(Hints::with_title(\"A title\").open_world(false)),\n    ]\n}\n";
    let out = run_rust(&[("src/presets.rs", presets), ("src/tools.rs", tools)]);
    assert_eq!(names(&out), ["archive", "fetch", "plain", "purge", "titled"]);
    let by = |n| super::ts_source::named(&out, n);
    assert_eq!(hint(by("archive"), "read_only_hint"), "false");
    assert_eq!(hint(by("archive"), "destructive_hint"), "false");
    assert_eq!(hint(by("purge"), "destructive_hint"), "true");
    // `None` and `..Default::default()` leave a hint unset, not unknown.
    assert_eq!(hint(by("purge"), "idempotent_hint"), "absent");
    assert_eq!(hint(by("purge"), "read_only_hint"), "absent");
    assert_eq!(hint(by("fetch"), "read_only_hint"), "true");
    assert!(by("plain").annotations.is_none());
    assert_eq!(hint(by("titled"), "open_world_hint"), "false");
    // Each builder call copies: the preset is not changed by a chain on it.
    assert_eq!(hint(by("archive"), "open_world_hint"), "absent");
}

#[test]
fn builder_chains_that_differ_by_branch_are_dynamic() {
    let src = "use rmcp::model::{Tool, ToolAnnotations};\n\
        pub fn t(flag: bool) -> Tool {\n    let mut hints = ToolAnnotations::new();\n    if flag {\n        hints = hints.read_only(true);\n    }\n\
        let tool = Tool::new(\"maybe\", \"Maybe\", s());\n    tool.annotate(hints)\n}\n";
    let out = run_rust(&[("src/lib.rs", src)]);
    assert_eq!(hint(super::ts_source::named(&out, "maybe"), "read_only_hint"), "dynamic");
}

#[test]
fn rust_mcp_sdk_flat_attribute_on_a_struct() {
    let src = "use rust_mcp_sdk::macros::mcp_tool;\n\
        #[mcp_tool(name = \"delete_note\", description = \"Remove\", destructive_hint = true, readonly_hint = true)]\n\
        #[derive(Debug)]\npub struct DeleteNote { id: String }\n\
        #[mcp_tool(name = \"count\", description = \"Count\", title = \"Count notes\")]\npub struct Count {}\n\
        /// Not a tool: only an attribute of the SDK makes one.\npub struct Overrides { pub read_only_hint: Option<bool> }\n";
    let out = run_rust(&[("src/tools.rs", src)]);
    assert_eq!(names(&out), ["count", "delete_note"]);
    let delete = super::ts_source::named(&out, "delete_note");
    assert_eq!(hint(delete, "destructive_hint"), "true");
    // A misspelt key is kept as written, for the rules to name.
    let Some(Value::Object(o)) = &delete.annotations else { panic!("annotations") };
    assert!(o.borrow().get("readonly_hint").is_some());
    assert!(o.borrow().get("name").is_none());
    let count = super::ts_source::named(&out, "count");
    assert!(count.annotations.is_none());
    assert_eq!(str_of(&count.title).as_deref(), Some("Count notes"));
}

#[test]
fn glob_reexports_and_inline_modules_resolve() {
    let prelude = "pub use rmcp::{tool, tool_router};\n";
    let tags = "use super::prelude::*;\nstruct Repo;\nmod inner {\n    pub const NAME: &str = \"tag\";\n}\n\
        impl Repo {\n    #[tool(name = inner::NAME)]\n    fn t(&self) {}\n    #[tool(name = self::inner::NAME)]\n    fn u(&self) {}\n}\n";
    let out = run_rust(&[("src/tools/prelude.rs", prelude), ("src/tools/tags.rs", tags)]);
    assert_eq!(names(&out), ["tag", "tag"]);
}

#[test]
fn inputs_are_the_fields_of_the_wrapped_struct_as_serde_names_them() {
    let args = "#[derive(Deserialize)]\n#[serde(rename_all = \"camelCase\")]\npub struct PruneArgs {\n    pub remote_name: String,\n    #[serde(rename = \"dry\")]\n    pub dry_run: bool,\n    #[serde(skip)]\n    pub cache: u8,\n}\npub type Raw = serde_json::Map<String, serde_json::Value>;\n";
    let tools = "use rmcp::{tool, handler::server::wrapper::Parameters};\nuse crate::args::{PruneArgs, Raw};\nstruct S;\nimpl S {\n\
        #[tool]\n    fn prune(&self, Parameters(a): Parameters<PruneArgs>) {}\n\
        #[tool]\n    fn raw(&self, Parameters(a): Parameters<Raw>) {}\n\
        #[tool]\n    fn none(&self) {}\n\
        #[tool]\n    fn look_alike(&self, p: Vec<PruneArgs>) {}\n}\n";
    let out = run_rust(&[("src/args.rs", args), ("src/tools.rs", tools)]);
    let params = |n| super::ts_source::params(super::ts_source::named(&out, n));
    assert_eq!(params("prune"), Some(vec!["remoteName".to_string(), "dry".to_string()]));
    assert_eq!(params("raw"), None, "a map's fields are unknown");
    assert_eq!(params("none"), Some(vec![]));
    assert_eq!(params("look_alike"), Some(vec![]), "only the SDK's wrapper is an input");
}

#[test]
fn a_nested_fn_is_not_part_of_the_handler() {
    let src = "use rmcp::tool;\nstruct S;\nimpl S {\n    #[tool]\n    fn purge(&self) -> u8 {\n        fn ask() -> u8 { 1 }\n        ask()\n    }\n}\n";
    let (_, m) = crate::frontend::rust::parse_file(FileId(0), Path::new("src/lib.rs"), src);
    let m = m.expect("lowers");
    let purge = m.funcs.iter().position(|f| f.name.as_deref() == Some("purge")).expect("purge");
    let mut defined = 0;
    crate::ir::walk::expressions(&m, crate::ir::FuncId(purge as u32), |e| {
        if let Expr::Func(..) = e {
            defined += 1;
        }
    });
    assert_eq!(defined, 0);
}

#[test]
fn a_glob_import_of_the_sdk_brings_its_names() {
    let src = "use rmcp::*;\nstruct S;\n#[tool_router]\nimpl S {\n    #[tool(annotations(read_only_hint))]\n    fn status(&self) {}\n}\n";
    let out = run_rust(&[("src/lib.rs", src)]);
    assert_eq!(hint(super::ts_source::named(&out, "status"), "read_only_hint"), "true");
    // Another crate's glob brings no SDK name.
    let src = src.replace("rmcp::*", "swiftide::*");
    assert!(run_rust(&[("src/lib.rs", &src)]).registrations.is_empty());
}

#[test]
fn associated_fns_nothing_calls_run_as_roots() {
    let src = "use rmcp::model::{Tool, ToolAnnotations};\n\
        fn read_tool(name: &'static str) -> Tool { Tool::new(name, \"\", s()).annotate(ToolAnnotations::new().read_only(true)) }\n\
        pub struct Server;\nimpl Server {\n    pub fn tools() -> Vec<Tool> { vec![read_tool(\"list_notes\"), Self::bare(\"drop\")] }\n\
        fn bare(name: &'static str) -> Tool { Tool::new(name, \"\", s()) }\n}\n";
    let out = run_rust(&[("src/lib.rs", src)]);
    assert_eq!(hint(super::ts_source::named(&out, "list_notes"), "read_only_hint"), "true");
    assert!(super::ts_source::named(&out, "drop").annotations.is_none());
}

#[test]
fn a_tool_base_impl_is_a_tool_and_a_project_trait_of_that_name_is_not() {
    let src = "use std::borrow::Cow;\nuse rmcp::handler::server::router::tool::ToolBase;\nuse rmcp::model::ToolAnnotations;\n\
        pub struct GetKey;\nimpl GetKey {\n    const NAME: &'static str = \"get_key\";\n}\n\
        impl ToolBase for GetKey {\n    type Parameter = KeyInput;\n    fn name() -> Cow<'static, str> { Self::NAME.into() }\n\
        fn annotations() -> Option<ToolAnnotations> { Some(ToolAnnotations::new().read_only(true)) }\n}\n\
        pub struct Count;\nimpl ToolBase for Count {\n    type Parameter = ();\n    fn name() -> Cow<'static, str> { Cow::Borrowed(\"count\") }\n}\n\
        pub struct KeyInput { key: String }\n";
    let plugin = "pub trait ToolBase { fn name(&self) -> &str; }\npub struct Shell;\nimpl ToolBase for Shell { fn name(&self) -> &str { \"shell\" } }\n";
    let out = run_rust(&[("src/lib.rs", src), ("src/plugin.rs", plugin)]);
    assert_eq!(names(&out), ["count", "get_key"]);
    let get = super::ts_source::named(&out, "get_key");
    assert_eq!(hint(get, "read_only_hint"), "true");
    assert_eq!(super::ts_source::params(get), Some(vec!["key".to_string()]));
    let count = super::ts_source::named(&out, "count");
    // The trait's provided `annotations()` and `title()` are `None`.
    assert!(matches!(count.annotations, None | Some(Value::Undefined(_))), "{:?}", count.annotations);
    assert!(matches!(count.title, None | Some(Value::Undefined(_))));
    assert_eq!(super::ts_source::params(count), Some(vec![]));
}

#[test]
fn pmcp_typed_tools_and_tool_infos() {
    let src = "use pmcp::types::{ToolAnnotations, ToolInfo};\nuse pmcp::TypedTool;\nfn main() {\n\
        let a = TypedTool::new(\"list\", |x: u8| x).with_description(\"List\").read_only().open_world();\n\
        let b = TypedTool::new(\"remove\", |x: u8| x).destructive();\n\
        let c = TypedTool::new(\"replace\", |x: u8| x).read_only().with_annotations(ToolAnnotations::new().with_idempotent(true));\n\
        let d = ToolInfo::with_annotations(\"touch\", None, s(), ToolAnnotations::new().with_read_only(false));\n\
        let e = ToolInfo::new(\"stat\", None, s());\n}\n";
    let out = run_rust(&[("src/main.rs", src)]);
    assert_eq!(names(&out), ["list", "remove", "replace", "stat", "touch"]);
    let by = |n| super::ts_source::named(&out, n);
    assert_eq!(hint(by("list"), "read_only_hint"), "true");
    assert_eq!(hint(by("list"), "open_world_hint"), "true");
    assert_eq!(str_of(&by("list").description).as_deref(), Some("List"));
    // `.destructive()` sets both.
    assert_eq!(hint(by("remove"), "read_only_hint"), "false");
    assert_eq!(hint(by("remove"), "destructive_hint"), "true");
    // `.with_annotations(..)` replaces what the shortcuts set.
    assert_eq!(hint(by("replace"), "read_only_hint"), "absent");
    assert_eq!(hint(by("replace"), "idempotent_hint"), "true");
    assert_eq!(hint(by("touch"), "read_only_hint"), "false");
    assert!(by("stat").annotations.is_none());
}

#[test]
fn tool_struct_literals_and_field_writes() {
    let src = "use rmcp::model::{Tool, ToolAnnotations};\n\
        pub fn literal() -> Tool {\n    Tool { name: \"pin\".into(), title: Some(\"Pin\".into()), annotations: Some(ToolAnnotations { open_world_hint: Some(false), ..Default::default() }), icons: None }\n}\n\
        pub fn later() -> Tool {\n    let mut t = Tool::new(\"tag\", \"Tag\", s());\n    t.annotations = Some(ToolAnnotations::new().read_only(false));\n    t\n}\n\
        pub struct Other { pub name: &'static str }\npub fn other() -> Other { Other { name: \"not_a_tool\" } }\n";
    let out = run_rust(&[("src/lib.rs", src)]);
    assert_eq!(names(&out), ["pin", "tag"]);
    let pin = super::ts_source::named(&out, "pin");
    assert_eq!(hint(pin, "open_world_hint"), "false");
    assert_eq!(str_of(&pin.title).as_deref(), Some("Pin"));
    assert_eq!(hint(super::ts_source::named(&out, "tag"), "read_only_hint"), "false");
}

#[test]
fn wrapped_input_types_are_visible_whatever_the_declaration_order() {
    // A free function before its input struct, a server struct before the
    // input its methods take: Rust items are visible in the whole module.
    let src = "use rmcp::handler::server::wrapper::Parameters;\nuse rmcp::{tool, tool_router};\n\
        #[tool]\nfn convert(Parameters(r): Parameters<Convert>) -> String { r.unit }\n\
        struct Srv;\n#[derive(Deserialize)]\nstruct Forecast { city: String }\n\
        #[tool_router]\nimpl Srv {\n    #[tool]\n    fn forecast(&self, Parameters(r): Parameters<Forecast>) {}\n\
        #[tool]\n    fn alerts(&self, Parameters(Alerts { region }): Parameters<Alerts>) {}\n\
        #[tool]\n    fn unknown(&self, Parameters(r): Parameters<Missing>) {}\n}\n\
        #[derive(Deserialize)]\nstruct Convert { degrees: f64, unit: String }\n\
        #[derive(Deserialize)]\nstruct Alerts { region: String }\n";
    let out = run_rust(&[("src/main.rs", src)]);
    assert_eq!(names(&out), ["alerts", "convert", "forecast", "unknown"]);
    let params = |n| super::ts_source::params(super::ts_source::named(&out, n));
    assert_eq!(params("convert"), Some(vec!["degrees".to_string(), "unit".to_string()]));
    assert_eq!(params("forecast"), Some(vec!["city".to_string()]));
    assert_eq!(params("alerts"), Some(vec!["region".to_string()]));
    // A type no item of the program declares stays unknown.
    assert_eq!(params("unknown"), None);
}

#[test]
fn an_attribute_path_goes_through_a_module_a_use_names() {
    let src = "use rust_mcp_sdk::{macros, schema::*};\nuse rust_mcp_sdk::macros as m;\n\
        #[macros::mcp_tool(name = \"hello\", description = \"Hi\", read_only_hint = true)]\n\
        #[derive(Debug, macros::JsonSchema)]\npub struct Hello { who: String }\n\
        #[m::mcp_tool(name = \"bye\", description = \"Bye\")]\npub struct Bye {}\n";
    let out = run_rust(&[("src/main.rs", src)]);
    assert_eq!(names(&out), ["bye", "hello"]);
    let hello = super::ts_source::named(&out, "hello");
    assert_eq!(hint(hello, "read_only_hint"), "true");
    assert_eq!(super::ts_source::params(hello), Some(vec!["who".to_string()]));
    // Another crate's `macros` module, and a module of this crate, are not the SDK's.
    let other = "use agent_kit::macros;\n#[macros::mcp_tool(name = \"x\", description = \"X\")]\npub struct X {}\n";
    assert!(run_rust(&[("src/main.rs", other)]).registrations.is_empty());
    let own = "mod macros {\n    pub fn mcp_tool() {}\n}\nuse self::macros as mm;\n\
        #[mm::mcp_tool(name = \"x\", description = \"X\")]\npub struct X {}\n";
    assert!(run_rust(&[("src/main.rs", own)]).registrations.is_empty());
}

#[test]
fn a_module_alias_of_the_sdk_reaches_its_builders() {
    let src = "use rmcp::model;\n\
        pub fn tools() -> Vec<model::Tool> {\n    vec![model::Tool::new(\"ping\", \"Ping\", s()).annotate(model::ToolAnnotations::new().read_only(true))]\n}\n";
    let out = run_rust(&[("src/lib.rs", src)]);
    assert_eq!(hint(super::ts_source::named(&out, "ping"), "read_only_hint"), "true");
}

#[test]
fn pmcp_builder_tools_take_their_name_and_their_handler_metadata() {
    let src = "use pmcp::{Server, ToolHandler, TypedTool};\nuse pmcp::types::{ToolAnnotations, ToolInfo};\n\
        struct Echo;\nimpl ToolHandler for Echo {\n    async fn handle(&self, a: Value, e: Extra) -> Result<Value> { Ok(a) }\n}\n\
        struct Described;\nimpl ToolHandler for Described {\n    async fn handle(&self, a: Value, e: Extra) -> Result<Value> { Ok(a) }\n\
            fn metadata(&self) -> Option<ToolInfo> { Some(ToolInfo::with_annotations(\"own\", None, s(), ToolAnnotations::new().with_read_only(true))) }\n}\n\
        struct Opaque;\nimpl ToolHandler for Opaque {\n    async fn handle(&self, a: Value, e: Extra) -> Result<Value> { Ok(a) }\n\
            fn metadata(&self) -> Option<ToolInfo> { Some(describe()) }\n}\n\
        fn main() {\n    let s = Server::builder().name(\"x\").version(\"1\")\n\
            .tool(\"echo\", Echo)\n        .tool_arc(\"described\", Arc::new(Described))\n\
            .tool(\"typed\", TypedTool::new(\"typed\", |x: u8| x).read_only())\n\
            .tool_typed(\"sugar\", |x: u8| x)\n        .tool(\"opaque\", Opaque)\n        .build();\n}\n";
    let out = run_rust(&[("src/main.rs", src)]);
    // `typed` once: where `TypedTool::new` made it.
    // `own` is no tool of its own: the builder reads it, and names it `described`.
    assert_eq!(names(&out), ["described", "echo", "opaque", "sugar", "typed"]);
    let echo = super::ts_source::named(&out, "echo");
    // No `metadata` in the impl: the trait's default, no annotations, `{}` as input.
    assert!(echo.annotations.is_none(), "{:?}", echo.annotations);
    assert_eq!(super::ts_source::params(echo), Some(vec![]));
    // The annotations of the `ToolInfo` the handler's `metadata()` returns.
    assert_eq!(hint(super::ts_source::named(&out, "described"), "read_only_hint"), "true");
    // A `metadata` the interpreter cannot follow: unknown, never guessed.
    assert_eq!(hint(super::ts_source::named(&out, "opaque"), "read_only_hint"), "unknown");
    assert_eq!(hint(super::ts_source::named(&out, "typed"), "read_only_hint"), "true");
    // Another crate's `Server::builder().tool(..)` is no tool.
    let other = "use tower_lsp::Server;\nfn main() { Server::builder().tool(\"fmt\", F).build(); }\n";
    assert!(run_rust(&[("src/main.rs", other)]).registrations.is_empty());
}

#[test]
fn a_free_function_attribute_sees_items_written_after_it() {
    let src = "use rmcp::tool;\n#[tool(name = NAME, description = DESC)]\nfn share() {}\n\
        const NAME: &str = \"share_forecast\";\nconst DESC: &str = \"Share\";\n";
    let out = run_rust(&[("src/main.rs", src)]);
    assert_eq!(names(&out), ["share_forecast"]);
    assert_eq!(str_of(&out.registrations[0].description).as_deref(), Some("Share"));
    // The attribute keeps the function: a caller still calls it.
    let src =
        "use rmcp::model::Tool;\nuse rmcp::tool;\n#[tool]\nfn make() -> Tool { Tool::new(\"made\", \"Made\", s()) }\n\
        pub fn tools() -> Vec<Tool> { vec![make()] }\n";
    let out = run_rust(&[("src/main.rs", src)]);
    assert!(names(&out).contains(&"made".to_string()), "{:?}", names(&out));
}
