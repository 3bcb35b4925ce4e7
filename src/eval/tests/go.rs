//! Go through the real lowering: the general mechanisms Go needs (package
//! scopes, struct literals, functional options, methods, loops over tool
//! records, input types, definitions), each with a case that must not fire.

use std::path::Path;

use super::*;

/// Every file is one file of one package (`package p`).
struct Package(usize);

impl Linker for Package {
    fn resolve(&self, _: usize, _: &Import) -> Link {
        Link::External
    }
    fn package(&self, _: usize) -> Option<Arc<[usize]>> {
        Some((0..self.0).collect())
    }
}

fn run_go(files: &[&str]) -> Outcome {
    let modules: Vec<_> = files
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let file = FileId(i as u32);
            let (_, module) = crate::frontend::go::parse_file(file, Path::new(&format!("f{i}.go")), text);
            Arc::new(module.expect("lowers"))
        })
        .collect();
    run(&modules, &Package(files.len()), Budget::default())
}

const GO_SDK: &str = "package p\nimport \"github.com/modelcontextprotocol/go-sdk/mcp\"\n";
const MCP_GO: &str =
    "package p\nimport (\n \"github.com/mark3labs/mcp-go/mcp\"\n \"github.com/mark3labs/mcp-go/server\"\n)\n";

fn key(r: &Registration, key: &str) -> Option<String> {
    let Some(Value::Object(o)) = &r.annotations else { return None };
    let o = o.borrow();
    o.get(key).map(|v| match v {
        Value::Bool(b, _) => b.to_string(),
        Value::Str(s, _) => s.to_string(),
        _ => "unknown".into(),
    })
}

#[test]
fn sdk_records_are_sent_under_json_names_with_the_sdk_defaults() {
    let src = format!(
        "{GO_SDK}func main() {{\n s := mcp.NewServer(&mcp.Implementation{{Name: \"x\"}}, nil)\n mcp.AddTool(s, &mcp.Tool{{Name: \"get\", Annotations: &mcp.ToolAnnotations{{ReadOnlyHint: true}}}}, nil)\n}}\n"
    );
    let out = run_go(&[&src]);
    let r = ts_source::named(&out, "get");
    assert_eq!(key(r, "readOnlyHint").as_deref(), Some("true"));
    let Some(Value::Object(o)) = &r.annotations else { panic!("annotations") };
    assert!(o.borrow().entries.iter().all(|(k, _, _)| &**k != "ReadOnlyHint"), "the Go name is not sent");
    // A field written after the literal is the same key.
    assert_eq!(key(r, "ReadOnlyHint").as_deref(), Some("true"));
    let defaults = key(r, crate::model::SDK_DEFAULTS_KEY).expect("the v1.7 marker");
    assert!(defaults.starts_with("readOnlyHint idempotentHint if "), "{defaults}");
}

#[test]
fn a_look_alike_add_tool_registers_nothing() {
    let src =
        "package p\nimport \"example.com/agents/mcp\"\nfunc main() { mcp.AddTool(nil, &mcp.Tool{Name: \"x\"}, nil) }\n";
    assert!(run_go(&[src]).registrations.is_empty());
}

#[test]
fn options_apply_in_order_and_project_options_run() {
    let src = format!(
        "{MCP_GO}var preset = mcp.ToolAnnotation{{ReadOnlyHint: mcp.ToBoolPtr(true)}}\nfunc closed() mcp.ToolOption {{ return mcp.WithOpenWorldHintAnnotation(false) }}\nfunc main() {{\n s := server.NewMCPServer(\"x\", \"1\")\n s.AddTool(mcp.NewTool(\"a\", mcp.WithDestructiveHintAnnotation(true), mcp.WithToolAnnotation(preset), mcp.WithTitleAnnotation(\"A\"), closed()), nil)\n s.AddTool(mcp.NewTool(\"b\", mcp.WithString(\"id\")), nil)\n}}\n"
    );
    let out = run_go(&[&src]);
    let a = ts_source::named(&out, "a");
    // Replaced by the preset: the destructive hint set before it is lost.
    assert_eq!(key(a, "destructiveHint"), None);
    assert_eq!(key(a, "readOnlyHint").as_deref(), Some("true"));
    assert_eq!(key(a, "title").as_deref(), Some("A"));
    assert_eq!(key(a, "openWorldHint").as_deref(), Some("false"), "the project option ran");
    // The preset itself is a copy's source, unchanged.
    let b = ts_source::named(&out, "b");
    assert!(key(b, crate::model::SDK_DEFAULTS_KEY).is_some(), "NewTool pre-fills the defaults");
    let Inputs::Schema(Value::Object(schema)) = &b.inputs else { panic!("{:?}", b.inputs) };
    let Some(Value::Object(props)) = schema.borrow().get("properties").cloned() else { panic!() };
    assert!(props.borrow().get("id").is_some());
}

#[test]
fn an_unknown_option_leaves_the_hints_unknown() {
    let src = format!(
        "{MCP_GO}func main(opts []mcp.ToolOption) {{\n s := server.NewMCPServer(\"x\", \"1\")\n s.AddTool(mcp.NewTool(\"a\", mcp.WithReadOnlyHintAnnotation(true), opts...), nil)\n}}\n"
    );
    let out = run_go(&[&src]);
    let Some(Value::Object(o)) = &ts_source::named(&out, "a").annotations else { panic!() };
    assert!(!o.borrow().complete);
}

#[test]
fn files_of_a_package_share_names_whatever_their_order() {
    let main = format!(
        "{GO_SDK}var Tool = &mcp.Tool{{Name: \"get\", Annotations: preset}}\nfunc main() {{ register(mcp.NewServer(nil, nil)) }}\n"
    );
    let other = format!(
        "{GO_SDK}var preset = &mcp.ToolAnnotations{{ReadOnlyHint: true}}\nfunc register(s *mcp.Server) {{ s.AddTool(Tool, nil) }}\n"
    );
    let out = run_go(&[&main, &other]);
    assert_eq!(names(&out), ["get"]);
    assert_eq!(key(&out.registrations[0], "readOnlyHint").as_deref(), Some("true"));
}

#[test]
fn methods_are_found_on_values_of_their_type_wherever_declared() {
    let types = format!("{GO_SDK}type Set struct{{ prefix string }}\n");
    let methods = format!(
        "{GO_SDK}func (t *Set) Register(s *mcp.Server) {{ s.AddTool(&mcp.Tool{{Name: t.prefix + \"_list\"}}, nil) }}\nfunc main() {{ set := &Set{{prefix: \"notes\"}}\n set.Register(mcp.NewServer(nil, nil)) }}\n"
    );
    let mut out = run_go(&[&types, &methods]);
    // The method run on its own (a receiver nobody built) forwards its callers' names.
    out.registrations.retain(|r| !r.name_from_params);
    assert_eq!(names(&out), ["notes_list"]);
}

#[test]
fn a_loop_over_tool_records_reports_each_where_it_is_written() {
    let src = format!(
        "{GO_SDK}var tools = []*mcp.Tool{{\n {{Name: \"a\"}},\n {{Name: \"b\"}},\n}}\nfunc main() {{\n s := mcp.NewServer(nil, nil)\n for _, t := range tools {{ s.AddTool(t, nil) }}\n for i := range tools {{ s.AddTool(tools[i], nil) }}\n}}\n"
    );
    let out = run_go(&[&src]);
    let a: Vec<_> =
        out.registrations.iter().filter(|r| matches!(&r.name, Some(Value::Str(n, _)) if &**n == "a")).collect();
    assert_eq!(a.len(), 2, "both loops: {:?}", names(&out));
    let at = src.find("{Name: \"a\"}").unwrap() as u32;
    assert!(a.iter().all(|r| r.site.start == at), "{:?}", a.iter().map(|r| r.site).collect::<Vec<_>>());
    // Outside a loop the registering call is the site.
    let direct = format!(
        "{GO_SDK}var t = &mcp.Tool{{Name: \"c\"}}\nfunc main() {{ mcp.NewServer(nil, nil).AddTool(t, nil) }}\n"
    );
    let out = run_go(&[&direct]);
    assert_ne!(out.registrations[0].site.start, direct.find("&mcp.Tool").unwrap() as u32);
}

#[test]
fn the_handler_input_type_gives_the_parameters() {
    let src = format!(
        "{GO_SDK}type In struct {{\n Path string `json:\"path\"`\n Force bool `json:\"force,omitempty\"`\n Skip string `json:\"-\"`\n hidden int\n}}\nfunc h(ctx any, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {{ return nil, nil, nil }}\nfunc raw(ctx any, req *mcp.CallToolRequest) {{}}\nfunc main() {{\n s := mcp.NewServer(nil, nil)\n mcp.AddTool(s, &mcp.Tool{{Name: \"typed\"}}, h)\n mcp.AddTool(s, &mcp.Tool{{Name: \"untyped\"}}, raw)\n}}\n"
    );
    let out = run_go(&[&src]);
    let Inputs::Schema(Value::Object(schema)) = &ts_source::named(&out, "typed").inputs else { panic!() };
    let Some(Value::Object(props)) = schema.borrow().get("properties").cloned() else { panic!() };
    let keys: Vec<String> = props.borrow().entries.iter().map(|(k, _, _)| k.to_string()).collect();
    assert_eq!(keys, ["path", "force"]);
    assert!(matches!(ts_source::named(&out, "untyped").inputs, Inputs::Schema(Value::Unknown(_))));
}

#[test]
fn a_record_nobody_registers_is_a_tool_and_a_registered_one_is_not_counted_twice() {
    let src = format!(
        "{GO_SDK}type Entry struct{{ Tool mcp.Tool }}\nfunc Defined() Entry {{ return Entry{{Tool: mcp.Tool{{Name: \"defined\"}}}} }}\nfunc main() {{ mcp.NewServer(nil, nil).AddTool(&mcp.Tool{{Name: \"registered\"}}, nil) }}\n"
    );
    let out = run_go(&[&src]);
    assert_eq!(names(&out), ["defined", "registered"]);
}

#[test]
fn several_results_passed_on_are_the_arguments() {
    let src = format!(
        "{GO_SDK}func tool() (*mcp.Tool, mcp.ToolHandler) {{ return &mcp.Tool{{Name: \"pair\"}}, nil }}\nfunc wrap(t *mcp.Tool, h mcp.ToolHandler) *mcp.Tool {{ return t }}\nfunc first(xs []*mcp.Tool) *mcp.Tool {{ return xs[0] }}\nfunc list() []*mcp.Tool {{ return []*mcp.Tool{{{{Name: \"a\"}}, {{Name: \"b\"}}}} }}\nfunc main() {{\n s := mcp.NewServer(nil, nil)\n s.AddTool(tool())\n s.AddTool(wrap(tool()), nil)\n s.AddTool(first(list()), nil)\n}}\n"
    );
    let out = run_go(&[&src]);
    let mut got = names(&out);
    got.dedup();
    // A slice handed to a one-parameter function stays one argument: `first`
    // gets the list and returns "a" ("b", registered by nobody, is a definition).
    assert_eq!(got, ["a", "b", "pair"]);
    let pair = out.registrations.iter().filter(|r| matches!(&r.name, Some(Value::Str(n, _)) if &**n == "pair"));
    assert_eq!(pair.count(), 2, "both calls pass the tool on");
}

#[test]
fn error_paths_of_a_value_error_pair_give_nothing_the_caller_reads() {
    // Ten error returns (more than the alternatives budget) beside one that
    // succeeds: the caller checks the error, so only the tool is reached.
    let fails: String =
        (0..10).map(|i| format!(" if len(name) == {i} {{ return mcp.Tool{{}}, errors.New(\"bad\") }}\n")).collect();
    let src = format!(
        "{MCP_GO}func build(name string, opts ...mcp.ToolOption) (mcp.Tool, error) {{\n{fails} return mcp.NewTool(name, opts...), nil\n}}\nfunc maybe(ok bool) (mcp.Tool, error) {{\n if ok {{ return mcp.NewTool(\"partial\"), errors.New(\"warn\") }}\n return mcp.NewTool(\"whole\"), nil\n}}\nfunc main() {{\n s := server.NewMCPServer(\"x\", \"1\")\n t, err := build(\"alpha\", mcp.WithReadOnlyHintAnnotation(true))\n if err != nil {{ panic(err) }}\n s.AddTool(t, nil)\n u, _ := maybe(len(t.Name) > 1)\n s.AddTool(u, nil)\n}}\n"
    );
    let out = run_go(&[&src]);
    let alpha = ts_source::named(&out, "alpha");
    assert_eq!(key(alpha, "readOnlyHint").as_deref(), Some("true"));
    let at_t = out.registrations.iter().filter(|r| matches!(&r.name, Some(Value::Unknown(_)) | None));
    assert!(at_t.count() <= 1, "at most the definition `build` makes as a root");
    // A value returned beside an error is no zero value: it stays a possibility.
    ts_source::named(&out, "partial");
    ts_source::named(&out, "whole");
}

#[test]
fn init_functions_run_before_main_and_what_they_register_is_seen() {
    // Two files: `init` of one appends to a registry of the other through
    // a helper; `main` reads the registry. A function merely named like it
    // (a method `init`, or one taking parameters) is no initialiser.
    let registry = format!(
        "{GO_SDK}type Toolset interface{{ Tools() []*mcp.Tool }}\nvar registry []Toolset\nfunc Register(t Toolset) {{ registry = append(registry, t) }}\nfunc main() {{\n s := mcp.NewServer(nil, nil)\n for _, ts := range registry {{\n  for _, t := range ts.Tools() {{ s.AddTool(t, nil) }}\n }}\n}}\n"
    );
    let tools = format!(
        "{GO_SDK}type A struct{{}}\nfunc (A) Tools() []*mcp.Tool {{ return []*mcp.Tool{{{{Name: \"alpha\"}}}} }}\nfunc init() {{ Register(A{{}}) }}\n"
    );
    let out = run_go(&[&registry, &tools]);
    assert_eq!(names(&out), ["alpha"], "one tool, and no unknown one from an unknown registry element");
    assert!(out.registrations.iter().all(|r| !r.from_root || r.name.as_ref().is_some_and(|n| n.as_str().is_some())));
}

#[test]
fn one_site_reached_with_two_definitions_of_one_name_registers_both() {
    let src = format!(
        "{MCP_GO}type Tool struct{{ Tool mcp.Tool }}\nfunc (t *Tool) Register(s *server.MCPServer) {{ s.AddTool(t.Tool, nil) }}\nfunc Must(name string, opts ...mcp.ToolOption) Tool {{ return Tool{{Tool: mcp.NewTool(name, opts...)}} }}\nvar RO = Must(\"rules\", mcp.WithReadOnlyHintAnnotation(true))\nvar RW = Must(\"rules\", mcp.WithDestructiveHintAnnotation(true))\nfunc Add(s *server.MCPServer, write bool) {{\n if write {{ RW.Register(s) }} else {{ RO.Register(s) }}\n}}\nfunc main() {{ Add(server.NewMCPServer(\"x\", \"1\"), len(os.Args) > 1) }}\n"
    );
    let out = run_go(&[&src]);
    let rules: Vec<&Registration> =
        out.registrations.iter().filter(|r| matches!(&r.name, Some(Value::Str(n, _)) if &**n == "rules")).collect();
    let read_only = rules.iter().find(|r| key(r, "readOnlyHint").as_deref() == Some("true")).expect("RO");
    let destructive = rules.iter().find(|r| key(r, "destructiveHint").as_deref() == Some("true")).expect("RW");
    assert_eq!(read_only.call, destructive.call, "one registering call");
    // Told apart by where each name is written (resolve keys tools by it).
    assert_ne!(read_only.name.as_ref().and_then(Value::span), destructive.name.as_ref().and_then(Value::span));
}

#[test]
fn conversions_to_a_predeclared_type_or_one_defined_on_it_are_the_value() {
    let src = format!(
        "{MCP_GO}type ToolName string\nconst Echo ToolName = \"echo\"\nfunc main() {{\n s := server.NewMCPServer(\"x\", \"1\")\n s.AddTool(mcp.NewTool(string(Echo)), nil)\n s.AddTool(mcp.NewTool(string(ToolName(\"ping\"))), nil)\n s.AddTool(mcp.NewTool(string(rune(len(\"abc\")))), nil)\n}}\n"
    );
    let out = run_go(&[&src]);
    // A conversion of something unknown stays unknown.
    assert_eq!(names(&out), ["<computed>", "echo", "ping"]);
}

#[test]
fn a_look_alike_registration_api_forwards_what_its_callers_pass() {
    // `Harness.AddTool(tool mcp.Tool, ..)` stores what callers pass and
    // `Start` registers it on a server of its own: nothing in the program
    // calls either, so the tools are its callers', not unknown ones here.
    let src = format!(
        "{MCP_GO}import \"os\"\ntype Harness struct{{ tools []server.ServerTool }}\nfunc (h *Harness) AddTool(tool mcp.Tool, handler server.ToolHandlerFunc) {{\n h.tools = append(h.tools, server.ServerTool{{Tool: tool, Handler: handler}})\n}}\nfunc (h *Harness) Start() {{ server.NewMCPServer(\"x\", \"1\").AddTools(h.tools...) }}\nfunc main() {{ server.NewMCPServer(\"y\", \"1\").AddTool(mcp.NewTool(os.Getenv(\"NAME\")), nil) }}\n"
    );
    let out = run_go(&[&src]);
    let tools: Vec<&Registration> = out.registrations.iter().filter(|r| !r.name_from_params).collect();
    // What main registers under a name it computes is a tool of its own.
    assert_eq!(tools.len(), 1, "{:?}", tools.iter().map(|r| &r.name).collect::<Vec<_>>());
    assert!(matches!(tools[0].name, Some(Value::Unknown(_))));
}

#[test]
fn schema_properties_written_through_a_pointer_or_copied_in_are_parameters() {
    let src = "package main\nimport (\n \"maps\"\n \"github.com/google/jsonschema-go/jsonschema\"\n \"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\nfunc withPage(s *jsonschema.Schema) *jsonschema.Schema {\n s.Properties[\"page\"] = &jsonschema.Schema{Type: \"number\"}\n return s\n}\nfunc withExtra(extra map[string]*jsonschema.Schema) *jsonschema.Schema {\n props := map[string]*jsonschema.Schema{\"owner\": {Type: \"string\"}}\n maps.Copy(props, extra)\n return &jsonschema.Schema{Type: \"object\", Properties: props}\n}\nfunc withAny(extra map[string]*jsonschema.Schema) *jsonschema.Schema {\n props := map[string]*jsonschema.Schema{}\n maps.Copy(props, extra)\n return &jsonschema.Schema{Type: \"object\", Properties: props}\n}\nfunc main() {\n s := mcp.NewServer(&mcp.Implementation{Name: \"x\"}, nil)\n s.AddTool(&mcp.Tool{Name: \"a\", InputSchema: withPage(&jsonschema.Schema{Type: \"object\", Properties: map[string]*jsonschema.Schema{\"q\": {Type: \"string\"}}})}, nil)\n s.AddTool(&mcp.Tool{Name: \"b\", InputSchema: withExtra(map[string]*jsonschema.Schema{\"title\": {Type: \"string\"}})}, nil)\n s.AddTool(&mcp.Tool{Name: \"c\", InputSchema: withAny(loaded())}, nil)\n}\n";
    let out = run_go(&[src]);
    assert_eq!(ts_source::params(ts_source::named(&out, "a")), Some(vec!["q".into(), "page".into()]));
    assert_eq!(ts_source::params(ts_source::named(&out, "b")), Some(vec!["owner".into(), "title".into()]));
    // Copied from something unknown: any key may be there.
    assert_eq!(ts_source::params(ts_source::named(&out, "c")), None);
}

#[test]
fn a_field_declared_as_a_server_of_a_receiver_nobody_built_is_a_server() {
    // `register` is called by nothing; its receiver's `srv` is a server as
    // a parameter `s *server.MCPServer` is.
    let src = format!(
        "{MCP_GO}type Registry struct{{ srv *server.MCPServer }}\nfunc (r *Registry) register() {{\n t := mcp.NewTool(\"alpha\", mcp.WithReadOnlyHintAnnotation(true))\n r.srv.AddTool(t, nil)\n}}\nfunc other(s *server.MCPServer) {{ s.AddTool(mcp.NewTool(\"alpha\"), nil) }}\n"
    );
    let out = run_go(&[&src]);
    let alphas: Vec<&Registration> =
        out.registrations.iter().filter(|r| matches!(&r.name, Some(Value::Str(n, _)) if &**n == "alpha")).collect();
    assert_eq!(alphas.len(), 2);
    assert!(alphas.iter().any(|r| key(r, "readOnlyHint").as_deref() == Some("true")));
}

#[test]
fn an_error_tested_against_nil_is_not_nil_in_the_arm_that_returns_it() {
    // `check` may return nil: only the test says the error path's error is not.
    let src = format!(
        "{MCP_GO}func check(name string) error {{\n if len(name) > 64 {{ return errors.New(\"long\") }}\n return nil\n}}\nfunc build(name string) (mcp.Tool, error) {{\n if err := check(name); err != nil {{ return mcp.Tool{{}}, err }}\n return mcp.NewTool(name, mcp.WithReadOnlyHintAnnotation(true)), nil\n}}\nfunc main() {{\n s := server.NewMCPServer(\"x\", \"1\")\n t, err := build(\"alpha\")\n if err != nil {{ panic(err) }}\n s.AddTool(t, nil)\n}}\n"
    );
    let out = run_go(&[&src]);
    let alpha = ts_source::named(&out, "alpha");
    assert_eq!(key(alpha, "readOnlyHint").as_deref(), Some("true"));
    // Only `build` run as a root (its name its parameter's) leaves a name unknown.
    let unknown = out.registrations.iter().filter(|r| !matches!(r.name, Some(Value::Str(..))));
    assert!(unknown.clone().all(|r| r.name_from_params), "{:?}", unknown.map(|r| &r.name).collect::<Vec<_>>());
}
