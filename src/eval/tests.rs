//! The interpreter on hand-lowered programs: each test is the IR a frontend
//! would produce for a small server, written with the builders below.

use super::value::Value;
use super::*;
use crate::ir::*;
use crate::model::Lang;
use crate::source::{FileId, Span};

fn sp(n: u32) -> Span {
    Span { file: FileId(0), start: n, end: n + 1 }
}
fn name(s: &str) -> Expr {
    Expr::Name(s.into(), sp(1))
}
fn s(v: &str) -> Expr {
    Expr::Lit(Lit::Str(v.into()), sp(2))
}
fn b(v: bool) -> Expr {
    Expr::Lit(Lit::Bool(v), sp(3))
}
fn member(o: Expr, n: &str) -> Expr {
    Expr::Member { object: Box::new(o), name: n.into(), span: sp(4) }
}
fn arg(v: Expr) -> Arg {
    Arg { keyword: None, value: v, spread: Spread::No, span: sp(5) }
}
fn kw(k: &str, v: Expr) -> Arg {
    Arg { keyword: Some(k.into()), value: v, spread: Spread::No, span: sp(5) }
}
fn call(callee: Expr, args: Vec<Arg>) -> Expr {
    Expr::Call { callee: Box::new(callee), args, span: sp(6) }
}
fn obj(pairs: Vec<(&str, Expr)>) -> Expr {
    Expr::Object {
        entries: pairs.into_iter().map(|(k, v)| Entry::Pair { key: k.into(), key_span: sp(7), value: v }).collect(),
        span: sp(8),
    }
}
fn list(items: Vec<Expr>) -> Expr {
    Expr::List { items: items.into_iter().map(Element::Item).collect(), span: sp(9) }
}
fn let_(n: &str, v: Expr) -> Stmt {
    Stmt::Let { target: Pattern::Name(n.into(), sp(10)), value: v, span: sp(10) }
}
fn ret(v: Expr) -> Stmt {
    Stmt::Return { value: Some(v), span: sp(11) }
}
fn param(n: &str) -> Param {
    Param { name: n.into(), pattern: None, default: None, kind: ParamKind::Positional, annotation: None, span: sp(12) }
}
fn import(local: &str, module: &str, member: Option<&str>) -> Stmt {
    Stmt::Import(Import { local: local.into(), module: module.into(), member: member.map(Into::into), span: sp(13) })
}
fn func(name: Option<&str>, params: Vec<Param>, body: Vec<Stmt>) -> Function {
    Function {
        name: name.map(Into::into),
        name_span: sp(14),
        params,
        body,
        decorators: vec![],
        kind: FuncKind::Plain,
        is_static: false,
        lexical_this: false,
        receiver_first: false,
        results: 1,
        is_async: false,
        type_params: vec![],
        span: sp(15),
    }
}

struct NoLinks;
impl Linker for NoLinks {
    fn resolve(&self, _: usize, _: &Import) -> Link {
        Link::External
    }
}

fn run_one(m: Module) -> Outcome {
    run(&[Arc::new(m)], &NoLinks, Budget::default())
}

fn names(o: &Outcome) -> Vec<String> {
    let mut v: Vec<String> = o
        .registrations
        .iter()
        .map(|r| match &r.name {
            Some(Value::Str(s, _)) => s.to_string(),
            Some(_) => "<computed>".into(),
            None => "<none>".into(),
        })
        .collect();
    v.sort();
    v
}

/// The value of `key` in a registration's annotations, as text.
fn hint(r: &Registration, key: &str) -> String {
    match &r.annotations {
        None => "absent".into(),
        Some(Value::Object(o)) => match o.borrow().get(key) {
            Some(Value::Bool(b, _)) => b.to_string(),
            Some(Value::OneOf(_)) => "dynamic".into(),
            Some(Value::Undefined(_)) | None => "absent".into(),
            Some(_) => "unknown".into(),
        },
        Some(Value::OneOf(_)) => "dynamic".into(),
        Some(_) => "unknown".into(),
    }
}

fn fastmcp_server(m: &mut Module) {
    m.body.push(import("FastMCP", "mcp.server.fastmcp", Some("FastMCP")));
    m.body.push(let_("mcp", call(name("FastMCP"), vec![arg(s("demo"))])));
}

/// Links each import to the module its name is the index of (`"1"` → module 1).
struct ByIndex;
impl Linker for ByIndex {
    fn resolve(&self, _: usize, imp: &Import) -> Link {
        imp.module.parse().map_or(Link::External, Link::Module)
    }
}

#[test]
fn a_module_imported_only_inside_a_function_is_still_an_entry() {
    // Module 0 imports module 1 when one of its functions runs; module 1
    // imports module 0 as it loads. Module 1 is where the program starts.
    let mut first = Module::new(FileId(0), Lang::Python);
    let id = first.add_func(func(Some("later"), vec![], vec![import("m", "1", None)]));
    first.body.push(Stmt::Func(id));
    let mut second = Module::new(FileId(1), Lang::Python);
    second.body.push(import("m", "0", None));
    let modules = [Arc::new(first), Arc::new(second)];
    assert_eq!(super::entries_first(&modules, &ByIndex), [1, 0]);
}

#[test]
fn decorator_with_a_preset_names_the_tool_after_the_function() {
    let mut m = Module::new(FileId(0), Lang::Python);
    fastmcp_server(&mut m);
    m.body.push(let_("READ", obj(vec![("readOnlyHint", b(true))])));
    let mut f = func(Some("get_status"), vec![], vec![ret(s("ok"))]);
    f.decorators = vec![call(member(name("mcp"), "tool"), vec![kw("annotations", name("READ"))])];
    let id = m.add_func(f);
    m.body.push(Stmt::Func(id));
    let out = run_one(m);
    assert_eq!(names(&out), ["get_status"]);
    assert_eq!(hint(&out.registrations[0], "readOnlyHint"), "true");
    assert_eq!(out.registrations[0].api, "python.fastmcp.decorator");
}

#[test]
fn a_bare_decorator_registers_with_no_annotations() {
    let mut m = Module::new(FileId(0), Lang::Python);
    fastmcp_server(&mut m);
    let mut f = func(Some("wipe"), vec![], vec![]);
    f.decorators = vec![member(name("mcp"), "tool")];
    let id = m.add_func(f);
    m.body.push(Stmt::Func(id));
    let out = run_one(m);
    assert_eq!(names(&out), ["wipe"]);
    assert_eq!(hint(&out.registrations[0], "readOnlyHint"), "absent");
}

#[test]
fn something_that_is_not_the_sdk_registers_nothing() {
    // `from agents import FastMCP`: same names, another library.
    let mut m = Module::new(FileId(0), Lang::Python);
    m.body.push(import("FastMCP", "agents", Some("FastMCP")));
    m.body.push(let_("mcp", call(name("FastMCP"), vec![])));
    let mut f = func(Some("get_status"), vec![], vec![]);
    f.decorators = vec![call(member(name("mcp"), "tool"), vec![])];
    let id = m.add_func(f);
    m.body.push(Stmt::Func(id));
    assert!(run_one(m).registrations.is_empty());
}

fn ts_server(m: &mut Module) {
    m.body.push(import("McpServer", "@modelcontextprotocol/sdk/server/mcp.js", Some("McpServer")));
    m.body.push(let_("server", Expr::New { class: Box::new(name("McpServer")), args: vec![], span: sp(20) }));
}

fn register_tool(server: Expr, tool_name: Expr, config: Expr) -> Stmt {
    Stmt::Expr(call(member(server, "registerTool"), vec![arg(tool_name), arg(config), arg(name("cb"))]))
}

#[test]
fn a_helper_called_with_literals_gives_one_tool_per_call() {
    let mut m = Module::new(FileId(0), Lang::TypeScript);
    ts_server(&mut m);
    let helper = func(
        Some("add"),
        vec![param("srv"), param("n"), param("ann")],
        vec![register_tool(name("srv"), name("n"), obj(vec![("annotations", name("ann"))]))],
    );
    let id = m.add_func(helper);
    m.body.push(Stmt::Func(id));
    m.body.push(Stmt::Expr(call(
        name("add"),
        vec![arg(name("server")), arg(s("list_notes")), arg(obj(vec![("readOnlyHint", b(true))]))],
    )));
    m.body.push(Stmt::Expr(call(
        name("add"),
        vec![arg(name("server")), arg(s("delete_note")), arg(obj(vec![("destructiveHint", b(true))]))],
    )));
    let out = run_one(m);
    assert_eq!(names(&out), ["delete_note", "list_notes"]);
    let list = out.registrations.iter().find(|r| matches!(&r.name, Some(Value::Str(n, _)) if &**n == "list_notes"));
    assert_eq!(hint(list.unwrap(), "readOnlyHint"), "true");
    // Reached inside the helper: the helper's call site is on the stack.
    assert_eq!(out.registrations[0].stack.len(), 1);
}

#[test]
fn hints_that_differ_by_branch_are_dynamic_not_guessed() {
    let mut m = Module::new(FileId(0), Lang::TypeScript);
    ts_server(&mut m);
    m.body.push(Stmt::If {
        cond: name("process_env_flag"),
        then: vec![let_("ann", obj(vec![("readOnlyHint", b(true))]))],
        otherwise: vec![let_("ann", obj(vec![("readOnlyHint", b(false))]))],
        span: sp(30),
    });
    m.body.push(register_tool(name("server"), s("x"), obj(vec![("annotations", name("ann"))])));
    let out = run_one(m);
    assert_eq!(names(&out), ["x"]);
    assert_eq!(hint(&out.registrations[0], "readOnlyHint"), "dynamic");
}

#[test]
fn the_same_hint_on_every_path_is_known() {
    let mut m = Module::new(FileId(0), Lang::TypeScript);
    ts_server(&mut m);
    m.body.push(let_("ann", obj(vec![("readOnlyHint", b(true))])));
    m.body.push(Stmt::If { cond: name("flag"), then: vec![], otherwise: vec![], span: sp(30) });
    m.body.push(register_tool(name("server"), s("x"), obj(vec![("annotations", name("ann"))])));
    let out = run_one(m);
    assert_eq!(hint(&out.registrations[0], "readOnlyHint"), "true");
}

/// `switch (mode) { case "read": ann = {readOnlyHint: true}; break; default: ann = {readOnlyHint: false} }`
/// with `mode` known: a case known to match runs alone, and when every case
/// is known not to, the default does.
#[test]
fn a_switch_on_a_known_value_takes_one_case() {
    for (mode, expected) in [("read", "true"), ("write", "false")] {
        let mut m = Module::new(FileId(0), Lang::TypeScript);
        ts_server(&mut m);
        m.body.push(let_("mode", s(mode)));
        m.body.push(Stmt::Switch {
            scrutinee: name("mode"),
            cases: vec![
                Case { test: Some(s("read")), body: vec![let_("ann", obj(vec![("readOnlyHint", b(true))]))] },
                Case { test: None, body: vec![let_("ann", obj(vec![("readOnlyHint", b(false))]))] },
            ],
            span: sp(30),
        });
        m.body.push(register_tool(name("server"), s("x"), obj(vec![("annotations", name("ann"))])));
        let out = run_one(m);
        assert_eq!(hint(&out.registrations[0], "readOnlyHint"), expected, "mode {mode}");
    }
}

/// `class Base { get annotations() { return {readOnlyHint: this.kind === "read"} }
///   register(s) { s.registerTool(this.name, {annotations: this.annotations}, cb) } }`
/// with subclasses setting `name` and `kind`, registered from a list.
#[test]
fn a_base_class_getter_computes_hints_from_subclass_fields() {
    let mut m = Module::new(FileId(0), Lang::TypeScript);
    ts_server(&mut m);
    let this = || Expr::This(sp(40));
    let getter = {
        let mut f = func(
            Some("annotations"),
            vec![],
            vec![ret(obj(vec![(
                "readOnlyHint",
                Expr::Binary {
                    op: BinaryOp::Eq,
                    left: Box::new(member(this(), "kind")),
                    right: Box::new(s("read")),
                    span: sp(41),
                },
            )]))],
        );
        f.kind = FuncKind::Getter;
        m.add_func(f)
    };
    let register = {
        let mut f = func(
            Some("register"),
            vec![param("s")],
            vec![register_tool(
                name("s"),
                member(this(), "name"),
                obj(vec![("annotations", member(this(), "annotations"))]),
            )],
        );
        f.kind = FuncKind::Method;
        m.add_func(f)
    };
    let method = |n: &str, id| Member {
        name: n.into(),
        name_span: sp(42),
        is_static: false,
        value: MemberValue::Method(id),
        annotation: None,
        alias: None,
    };
    let field = |n: &str, v: Expr| Member {
        name: n.into(),
        name_span: sp(43),
        is_static: false,
        value: MemberValue::Field(Some(v)),
        annotation: None,
        alias: None,
    };
    let class = |m: &mut Module, n: &str, bases: Vec<Expr>, members: Vec<Member>| {
        let id = m.add_class(Class {
            name: Some(n.into()),
            name_span: sp(44),
            kind: ClassKind::Class,
            bases,
            members,
            decorators: vec![],
            instances_see_statics: false,
            span: sp(45),
        });
        m.body.push(Stmt::Class(id));
    };
    class(&mut m, "Base", vec![], vec![method("annotations", getter), method("register", register)]);
    class(&mut m, "ListNotes", vec![name("Base")], vec![field("name", s("list_notes")), field("kind", s("read"))]);
    class(&mut m, "DropNotes", vec![name("Base")], vec![field("name", s("drop_notes")), field("kind", s("write"))]);
    let new = |c: &str| Expr::New { class: Box::new(name(c)), args: vec![], span: sp(46) };
    m.body.push(let_("tools", list(vec![new("ListNotes"), new("DropNotes")])));
    m.body.push(Stmt::ForEach {
        pattern: Pattern::Name("t".into(), sp(47)),
        iter: name("tools"),
        body: vec![Stmt::Expr(call(member(name("t"), "register"), vec![arg(name("server"))]))],
        span: sp(48),
    });
    let out = run_one(m);
    assert_eq!(names(&out), ["drop_notes", "list_notes"]);
    for r in &out.registrations {
        let expected = if matches!(&r.name, Some(Value::Str(n, _)) if &**n == "list_notes") { "true" } else { "false" };
        assert_eq!(hint(r, "readOnlyHint"), expected);
    }
}

/// `const tools = defs.filter(d => d.enabled).map(d => ({...d, annotations: RO}))`
#[test]
fn a_derived_list_keeps_what_the_filter_keeps() {
    let mut m = Module::new(FileId(0), Lang::TypeScript);
    ts_server(&mut m);
    m.body.push(let_(
        "defs",
        list(vec![
            obj(vec![("name", s("a")), ("enabled", b(true))]),
            obj(vec![("name", s("b")), ("enabled", b(false))]),
            obj(vec![("name", s("c")), ("enabled", name("unknown_flag"))]),
        ]),
    ));
    let pred = m.add_func(func(None, vec![param("d")], vec![ret(member(name("d"), "enabled"))]));
    let mapper = m.add_func(func(
        None,
        vec![param("d")],
        vec![ret(Expr::Object {
            entries: vec![
                Entry::Spread(name("d")),
                Entry::Pair {
                    key: "annotations".into(),
                    key_span: sp(50),
                    value: obj(vec![("readOnlyHint", b(true))]),
                },
            ],
            span: sp(51),
        })],
    ));
    let filtered = call(member(name("defs"), "filter"), vec![arg(Expr::Func(pred, sp(52)))]);
    m.body.push(let_("tools", call(member(filtered, "map"), vec![arg(Expr::Func(mapper, sp(53)))])));
    m.body.push(Stmt::ForEach {
        pattern: Pattern::Name("t".into(), sp(54)),
        iter: name("tools"),
        body: vec![register_tool(name("server"), member(name("t"), "name"), name("t"))],
        span: sp(55),
    });
    let out = run_one(m);
    // `b` is filtered out; `c` depends on something unknown, so it may be registered.
    assert_eq!(names(&out), ["a", "c"]);
    assert!(out.registrations.iter().all(|r| hint(r, "readOnlyHint") == "true"));
}

/// `def register(mcp: FastMCP): @mcp.tool() def search(): ...` — nothing in
/// the tree calls `register`; its typed parameter is still a server.
#[test]
fn an_uncalled_helper_with_a_typed_server_parameter_still_registers() {
    let mut m = Module::new(FileId(0), Lang::Python);
    m.body.push(import("FastMCP", "mcp.server.fastmcp", Some("FastMCP")));
    let mut inner = func(Some("search"), vec![], vec![]);
    inner.decorators = vec![call(member(name("mcp"), "tool"), vec![])];
    let inner = m.add_func(inner);
    let mut p = param("mcp");
    p.annotation = Some(name("FastMCP"));
    let outer = m.add_func(func(Some("register"), vec![p], vec![Stmt::Func(inner)]));
    m.body.push(Stmt::Func(outer));
    let out = run_one(m);
    assert_eq!(names(&out), ["search"]);
}

#[test]
fn an_untyped_uncalled_helper_is_not_a_server() {
    let mut m = Module::new(FileId(0), Lang::Python);
    let mut inner = func(Some("search"), vec![], vec![]);
    inner.decorators = vec![call(member(name("registry"), "tool"), vec![])];
    let inner = m.add_func(inner);
    let outer = m.add_func(func(Some("register"), vec![param("registry")], vec![Stmt::Func(inner)]));
    m.body.push(Stmt::Func(outer));
    assert!(run_one(m).registrations.is_empty());
}

#[test]
fn recursion_ends_in_unknown_within_the_budget() {
    let mut m = Module::new(FileId(0), Lang::TypeScript);
    ts_server(&mut m);
    // function f(n) { return f(n); }  f("x") used as a tool name.
    let f = m.add_func(func(Some("f"), vec![param("n")], vec![ret(call(name("f"), vec![arg(name("n"))]))]));
    m.body.push(Stmt::Func(f));
    m.body.push(register_tool(name("server"), call(name("f"), vec![arg(s("x"))]), obj(vec![])));
    let out = run_one(m);
    assert_eq!(names(&out), ["<computed>"]);
    assert!(out.exhausted);
}

#[test]
fn a_default_that_calls_its_own_function_is_bounded_recursion() {
    // function f(a = f(), b = f()) { return "x"; }  f();  then a tool.
    // Each default calls f twice: unless the defaults count as inside the
    // call, that is 2^depth calls, and the step budget runs out before
    // the registration after it.
    let mut m = Module::new(FileId(0), Lang::TypeScript);
    ts_server(&mut m);
    let with_default = |n: &str| Param { default: Some(call(name("f"), vec![])), ..param(n) };
    let f = m.add_func(func(Some("f"), vec![with_default("a"), with_default("b")], vec![ret(s("x"))]));
    m.body.push(Stmt::Func(f));
    m.body.push(Stmt::Expr(call(name("f"), vec![])));
    m.body.push(register_tool(name("server"), s("after"), obj(vec![])));
    let budget = Budget { max_steps: 50_000, max_root_steps: 50_000, ..Budget::default() };
    let out = run(&[Arc::new(m)], &NoLinks, budget);
    assert_eq!(names(&out), ["after"]);
}

/// Loops over a list that each pass rebuilds, nested: every pass makes a
/// new alternative for the next loop to walk, so the work multiplies far
/// past the program's size.
const MULTIPLYING_LOOPS: &str = "\
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
let defs = [{}, {}, {}];
for (const a of defs)
  for (const b of defs)
    for (const c of defs)
      for (const d of defs)
        for (const e of read())
          for (const f of defs)
            for (const g of defs)
              for (const h of defs) defs = [{}, {}, {}];
server.registerTool('after', {}, async () => ({ content: [] }));
";

#[test]
fn a_small_program_stops_at_a_budget_scaled_to_its_size() {
    let scaled = Budget::for_source_bytes(MULTIPLYING_LOOPS.len() as u64);
    let out = ts_source::run_ts_within(&[("server", MULTIPLYING_LOOPS)], scaled);
    assert!(out.exhausted);
    // Past the limit each step is refused at once: what is left of the
    // loops on the stack unwinds.
    assert!(out.steps < 2 * scaled.max_steps, "{} steps", out.steps);
    // Given three times the steps, the same program takes them: it is the
    // budget that stopped it.
    let triple = Budget { max_steps: 3 * scaled.max_steps, max_root_steps: 3 * scaled.max_steps, ..scaled };
    let longer = ts_source::run_ts_within(&[("server", MULTIPLYING_LOOPS)], triple);
    assert!(longer.steps > 2 * out.steps, "{} vs {} steps", longer.steps, out.steps);
}

#[test]
fn gathering_a_loops_elements_is_charged_to_the_budget() {
    // The list is longer than the unroll budget: the body runs once, on
    // some element, but the elements were still walked.
    let items: Vec<String> = (0..1500).map(|i| format!("'t{i}'")).collect();
    let list = format!("const names = [{}];\n", items.join(", "));
    let looped = format!("{list}for (const n of names) {{ }}\n");
    let budget = Budget { max_unroll: 10, ..Budget::default() };
    let without = ts_source::run_ts_within(&[("server", list.as_str())], budget);
    let with = ts_source::run_ts_within(&[("server", looped.as_str())], budget);
    assert!(with.steps >= without.steps + 1500, "{} vs {} steps", with.steps, without.steps);
}

#[test]
fn joining_wide_values_at_a_branch_is_charged_to_the_budget() {
    // Each `if` gives `v` one more alternative, a copy of a long list; at
    // the eighth `if` there are nine, more than a value keeps, so the join
    // walks every element of nine lists to make their union. That walk is work the statements
    // alone do not show (a fuzzed 1 KB file spent 0.4 s in such joins).
    let items: Vec<String> = (0..1500).map(|i| format!("'t{i}'")).collect();
    let head = format!("const a = [{}];\nlet v = a;\n", items.join(", "));
    let ifs = |n: usize| format!("{head}{}", "if (p()) { v = [...a]; }\n".repeat(n));
    let (seven, eight) = (ifs(7), ifs(8));
    let budget = Budget::default();
    let before = ts_source::run_ts_within(&[("server", seven.as_str())], budget);
    let after = ts_source::run_ts_within(&[("server", eight.as_str())], budget);
    assert!(after.steps >= before.steps + 9 * 1500, "{} vs {} steps", after.steps, before.steps);
}

#[test]
fn a_string_walked_letter_by_letter_stops_at_the_unroll_budget() {
    // Only the letters the loop may unroll are made (and charged): a long
    // string literal walked by a loop costs as much as a short one.
    let long = format!("const s = '{}';\nlet out = '';\nfor (const c of s) {{ out += c; }}\n", "x".repeat(100_000));
    let budget = Budget { max_unroll: 10, ..Budget::default() };
    let out = ts_source::run_ts_within(&[("server", long.as_str())], budget);
    assert!(out.steps < 1_000, "{} steps", out.steps);
}

#[test]
fn values_without_an_identity_are_compared_only_while_few() {
    // Bound methods have no address of their own: each new one is compared
    // with those kept, but only the first few, so a join of thousands stays
    // linear; past them a repeat is kept (a sound, repeated alternative).
    let f = value::Closure::new(0, FuncId(0), None, None);
    let bound = |i: usize| Value::Bound(f.clone(), Box::new(Value::Num(i.to_string().into(), sp(1))));
    let mut seen = value::Distinct::default();
    let mut out = vec![];
    for i in 0..40 {
        assert!(seen.is_new(&out, &bound(i)));
        out.push(bound(i));
    }
    // The first is still told apart while few were kept; past the cap, not.
    let mut few = value::Distinct::default();
    let kept = vec![bound(0)];
    assert!(few.is_new(&[], &kept[0]));
    assert!(!few.is_new(&kept, &bound(0)));
    assert!(seen.is_new(&out, &bound(0)));
}

#[test]
fn a_budget_grows_with_the_source_up_to_the_fixed_caps() {
    let small = Budget::for_source_bytes(1_000);
    let large = Budget::for_source_bytes(1 << 30);
    let fixed = Budget::default();
    assert!(small.max_steps < large.max_steps);
    // A root's share is the same at every size.
    assert_eq!(small.max_steps / small.max_root_steps, large.max_steps / large.max_root_steps);
    assert_eq!((large.max_steps, large.max_root_steps), (fixed.max_steps, fixed.max_root_steps));
}

#[test]
fn a_list_longer_than_the_unroll_budget_gives_an_unknown_element() {
    let mut m = Module::new(FileId(0), Lang::TypeScript);
    ts_server(&mut m);
    let budget = Budget { max_unroll: 3, ..Budget::default() };
    m.body.push(let_("names", list(vec![s("a"), s("b"), s("c"), s("d")])));
    m.body.push(Stmt::ForEach {
        pattern: Pattern::Name("n".into(), sp(60)),
        iter: name("names"),
        body: vec![register_tool(name("server"), name("n"), obj(vec![]))],
        span: sp(61),
    });
    let out = run(&[Arc::new(m)], &NoLinks, budget);
    assert_eq!(names(&out), ["<computed>"]);
    assert!(out.exhausted);
}

#[test]
fn deep_nesting_is_cut_off_not_a_stack_overflow() {
    let mut m = Module::new(FileId(0), Lang::TypeScript);
    ts_server(&mut m);
    let mut e = s("deep");
    for _ in 0..3_000 {
        e = Expr::Unary { op: UnaryOp::Transparent, operand: Box::new(e), span: sp(70) };
    }
    m.body.push(register_tool(name("server"), e, obj(vec![])));
    let out = run_one(m);
    assert_eq!(names(&out), ["<computed>"]);
    assert!(out.exhausted);
    // Drop the deep IR iteratively is the frontends' job; this one is shallow enough.
}

struct TwoFiles;
impl Linker for TwoFiles {
    fn resolve(&self, _: usize, import: &Import) -> Link {
        match import.module.as_str() {
            "./presets" => Link::Member(1, import.member.clone().unwrap_or_default()),
            _ => Link::External,
        }
    }
}

#[test]
fn a_preset_imported_from_another_module_is_followed() {
    let mut server = Module::new(FileId(0), Lang::TypeScript);
    ts_server(&mut server);
    server.body.push(import("READ_ONLY", "./presets", Some("READ_ONLY")));
    server.body.push(register_tool(name("server"), s("get_x"), obj(vec![("annotations", name("READ_ONLY"))])));
    let mut presets = Module::new(FileId(1), Lang::TypeScript);
    presets.body.push(let_("READ_ONLY", obj(vec![("readOnlyHint", b(true)), ("openWorldHint", b(false))])));
    let out = run(&[Arc::new(server), Arc::new(presets)], &TwoFiles, Budget::default());
    assert_eq!(names(&out), ["get_x"]);
    assert_eq!(hint(&out.registrations[0], "openWorldHint"), "false");
}

#[test]
fn a_partial_of_the_decorator_registers_with_its_keywords_under_the_call_s() {
    let mut m = Module::new(FileId(0), Lang::Python);
    fastmcp_server(&mut m);
    m.body.push(import("functools", "functools", None));
    m.body.push(let_("READ", obj(vec![("readOnlyHint", b(true))])));
    m.body.push(let_("OPEN", obj(vec![("readOnlyHint", b(false))])));
    let partial = member(name("functools"), "partial");
    m.body.push(let_(
        "read",
        call(partial.clone(), vec![arg(member(name("mcp"), "tool")), kw("annotations", name("READ"))]),
    ));
    m.body.push(let_("other", call(partial, vec![arg(name("print")), arg(s("x"))])));
    for (fname, deco) in [
        ("list_a", call(name("read"), vec![])),
        ("write_b", call(name("read"), vec![kw("annotations", name("OPEN"))])),
        ("helper", name("other")),
    ] {
        let mut f = func(Some(fname), vec![], vec![]);
        f.decorators = vec![deco];
        let id = m.add_func(f);
        m.body.push(Stmt::Func(id));
    }
    let out = run_one(m);
    // A partial of something that is no registration registers nothing.
    assert_eq!(names(&out), ["list_a", "write_b"]);
    let by = |n: &str| out.registrations.iter().find(|r| matches!(&r.name, Some(Value::Str(s, _)) if &**s == n));
    assert_eq!(hint(by("list_a").unwrap(), "readOnlyHint"), "true");
    assert_eq!(hint(by("write_b").unwrap(), "readOnlyHint"), "false");
}

#[test]
fn a_derived_tool_object_keeps_its_parent_s_parts_unless_it_has_its_own() {
    let mut m = Module::new(FileId(0), Lang::Python);
    m.body.push(import("FastMCP", "fastmcp", Some("FastMCP")));
    m.body.push(import("Tool", "fastmcp.tools", Some("Tool")));
    m.body.push(let_("mcp", call(name("FastMCP"), vec![arg(s("demo"))])));
    let id = m.add_func(func(Some("export"), vec![], vec![]));
    m.body.push(Stmt::Func(id));
    let from_function = member(name("Tool"), "from_function");
    let from_tool = member(name("Tool"), "from_tool");
    let read = obj(vec![("readOnlyHint", b(true))]);
    m.body.push(let_("base", call(from_function, vec![arg(name("export")), kw("annotations", read)])));
    m.body.push(let_("quick", call(from_tool, vec![arg(name("base")), arg(s("quick_export"))])));
    let add = |v: Expr| Stmt::Expr(call(member(name("mcp"), "add_tool"), vec![arg(v)]));
    m.body.push(add(name("quick")));
    // A plain mapping is no tool object: nothing names it.
    m.body.push(add(obj(vec![("name", s("not_a_tool"))])));
    let out = run_one(m);
    assert_eq!(names(&out), ["<none>", "quick_export"]);
    let quick = out.registrations.iter().find(|r| r.name.is_some()).unwrap();
    assert_eq!(hint(quick, "readOnlyHint"), "true");
    assert_eq!(quick.api, "python.fastmcp.from_tool");
}

fn low_level_server(m: &mut Module) {
    m.body.push(import("Server", "@modelcontextprotocol/sdk/server/index.js", Some("Server")));
    m.body.push(import("ListToolsRequestSchema", "@modelcontextprotocol/sdk/types.js", Some("ListToolsRequestSchema")));
    m.body.push(import("Tool", "@modelcontextprotocol/sdk/types.js", Some("Tool")));
    m.body.push(let_("server", Expr::New { class: Box::new(name("Server")), args: vec![], span: sp(20) }));
}

/// `server.setRequestHandler(request, () => ({ tools: LIST }))`.
fn list_handler(m: &mut Module, request: Expr, list: Expr) {
    let handler = m.add_func(func(None, vec![], vec![ret(obj(vec![("tools", list)]))]));
    m.body.push(Stmt::Expr(call(
        member(name("server"), "setRequestHandler"),
        vec![arg(request), arg(Expr::Func(handler, sp(21)))],
    )));
}

#[test]
fn a_tools_list_handler_answers_with_the_definitions_pushed_onto_its_list() {
    let mut m = Module::new(FileId(0), Lang::TypeScript);
    low_level_server(&mut m);
    let read = obj(vec![("name", s("read_log")), ("annotations", obj(vec![("readOnlyHint", b(true))]))]);
    m.body.push(let_("TOOLS", list(vec![read])));
    // Pushed after the handler is installed: the list is read when it answers.
    list_handler(&mut m, name("ListToolsRequestSchema"), name("TOOLS"));
    m.body.push(Stmt::Expr(call(member(name("TOOLS"), "push"), vec![arg(obj(vec![("name", s("truncate_log"))]))])));
    // v2 keys the handler by the method string.
    list_handler(&mut m, s("tools/list"), list(vec![obj(vec![("name", s("tail_log"))])]));
    let out = run_one(m);
    assert_eq!(names(&out), ["read_log", "tail_log", "truncate_log"]);
    let read = out.registrations.iter().find(|r| matches!(&r.name, Some(Value::Str(n, _)) if &**n == "read_log"));
    assert_eq!(hint(read.expect("read_log"), "readOnlyHint"), "true");
}

#[test]
fn other_request_handlers_and_untyped_objects_define_nothing() {
    let mut m = Module::new(FileId(0), Lang::TypeScript);
    low_level_server(&mut m);
    m.body.push(import("CallToolRequestSchema", "@modelcontextprotocol/sdk/types.js", Some("CallToolRequestSchema")));
    list_handler(&mut m, name("CallToolRequestSchema"), list(vec![obj(vec![("name", s("not_a_tool"))])]));
    list_handler(&mut m, s("prompts/list"), list(vec![obj(vec![("name", s("a_prompt"))])]));
    // A `Tool` type of another library (here unknown) says nothing.
    let typed = |v: Expr, ty: &str| Expr::Typed {
        value: Box::new(v),
        ty: Box::new(name(ty)),
        holds: TypeHolds::One,
        span: sp(22),
    };
    m.body.push(let_("x", typed(obj(vec![("name", s("other_tool"))]), "OtherTool")));
    assert!(run_one(m).registrations.is_empty());
}

#[test]
fn objects_typed_as_the_sdk_tool_are_definitions_once_each() {
    let mut m = Module::new(FileId(0), Lang::TypeScript);
    low_level_server(&mut m);
    let typed =
        |v: Expr, holds: TypeHolds| Expr::Typed { value: Box::new(v), ty: Box::new(name("Tool")), holds, span: sp(22) };
    m.body.push(let_("ONE", typed(obj(vec![("name", s("touch_file"))]), TypeHolds::One)));
    m.body.push(let_("MANY", typed(list(vec![obj(vec![("name", s("stat_file"))])]), TypeHolds::List)));
    m.body.push(let_("BY", typed(obj(vec![("chmod", obj(vec![("name", s("chmod_file"))]))]), TypeHolds::Map)));
    // Listed by a handler as well: still one tool each.
    let listed = Expr::List { items: vec![Element::Item(name("ONE")), Element::Spread(name("MANY"))], span: sp(9) };
    list_handler(&mut m, name("ListToolsRequestSchema"), listed);
    let out = run_one(m);
    assert_eq!(names(&out), ["chmod_file", "stat_file", "touch_file"]);
}
/// Runs one Python file through the real lowering.
fn run_py(src: &str) -> Outcome {
    let m = crate::frontend::python::parse_file(FileId(0), src).1.expect("parses");
    run_one(m)
}

#[test]
fn a_list_tools_handler_registers_the_tool_records_it_returns() {
    // The handler runs after the module loaded: `make` and `WRITE` are bound below it.
    let out = run_py(
        "import mcp.types as types\nfrom mcp.server.lowlevel import Server\n\
         server = Server('x')\n\
         @server.list_tools()\nasync def list_tools():\n    \
             return [types.Tool(name='read', annotations=types.ToolAnnotations(readOnlyHint=True)), make('write')]\n\
         def make(n):\n    return types.Tool(name=n, annotations=WRITE)\n\
         WRITE = types.ToolAnnotations(readOnlyHint=False)\n\
         def parse(result):\n    return [types.Tool(**t) for t in result['tools']]\n",
    );
    assert_eq!(names(&out), ["read", "write"]);
    let write = out.registrations.iter().find(|r| matches!(&r.name, Some(Value::Str(s, _)) if &**s == "write"));
    assert_eq!(hint(write.expect("write"), "readOnlyHint"), "false");
    assert!(out.registrations.iter().all(|r| r.api == "python.lowlevel"));
}

#[test]
fn a_v2_handler_passed_to_the_constructor_lists_its_result_records() {
    let out = run_py(
        "from mcp.server import Server\nfrom mcp_types import ListToolsResult, Tool\n\
         async def list_tools(ctx, params):\n    return ListToolsResult(tools=[Tool(name='lookup')])\n\
         server = Server('x', on_list_tools=list_tools)\n",
    );
    assert_eq!(names(&out), ["lookup"]);
}

#[test]
fn tool_records_nothing_lists_register_nothing() {
    // Records built outside a listing, a handler given to another keyword,
    // and plain dicts in a listing (the SDK reads `tool.name`) are no tools.
    let out = run_py(
        "from mcp.server import Server\nfrom mcp_types import Tool\n\
         CACHE = [Tool(name='cached')]\n\
         async def other(ctx, params):\n    return [Tool(name='other')]\n\
         async def dicts(ctx, params):\n    return [{'name': 'plain'}]\n\
         server = Server('x', on_call_tool=other, on_list_tools=dicts)\n",
    );
    assert!(out.registrations.is_empty(), "{:?}", names(&out));
}

#[test]
fn dict_get_reads_a_known_key_or_the_default_and_nothing_else() {
    let out = run_py(
        "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n\
         HINTS = {'read': {'readOnlyHint': True}}\n\
         @mcp.tool(annotations=HINTS.get('read'))\ndef a(): pass\n\
         @mcp.tool(annotations=HINTS.get('write', {'readOnlyHint': False}))\ndef b(): pass\n\
         @mcp.tool(annotations=HINTS.get('write'))\ndef c(): pass\n",
    );
    let by_name = |n: &str| {
        let r = out.registrations.iter().find(|r| matches!(&r.name, Some(Value::Str(s, _)) if &**s == n));
        hint(r.expect("registered"), "readOnlyHint")
    };
    assert_eq!((by_name("a").as_str(), by_name("b").as_str(), by_name("c").as_str()), ("true", "false", "unknown"));
}

#[test]
fn an_unfollowed_receiver_named_for_mcp_is_a_server_and_no_other_is() {
    let out = run_py(
        "def register(app, web):\n    \
             @app.mcp.tool()\n    def listed(): pass\n    \
             @web.tool('/page')\n    def page(): pass\n",
    );
    assert_eq!(names(&out), ["listed"]);
}

#[test]
fn a_decorated_function_s_docstring_is_the_description_unless_one_is_given() {
    let out = run_py(
        "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n\
         @mcp.tool()\ndef documented():\n    \"\"\"Creates a session.\"\"\"\n\
         @mcp.tool(description='Given.')\ndef both():\n    \"\"\"Ignored.\"\"\"\n\
         @mcp.tool()\ndef bare():\n    x = 'not a docstring'\n",
    );
    let description = |n: &str| {
        let r = out.registrations.iter().find(|r| matches!(&r.name, Some(Value::Str(s, _)) if &**s == n));
        match r.expect("registered").description.as_ref() {
            Some(Value::Str(s, _)) => s.to_string(),
            Some(Value::Null(_)) | None => "-".into(),
            Some(other) => format!("{other:?}"),
        }
    };
    assert_eq!(description("documented"), "Creates a session.");
    assert_eq!(description("both"), "Given.");
    assert_eq!(description("bare"), "-");
}

#[test]
fn a_generic_server_class_given_its_type_parameters_is_the_class() {
    let out = run_py(
        "from mcp.server.mcpserver import MCPServer\nclass State: pass\n\
         mcp = MCPServer[State]('x')\n\
         @mcp.tool()\ndef lookup(key: str) -> str:\n    return key\n\
         class Registry: pass\n\
         other = Registry[unknown_name]\n\
         @other.tool()\ndef hidden() -> str:\n    return ''\n\
         @mcp.tool()\ndef also(key: str) -> str:\n    return key\n",
    );
    // A project class indexed with something that is no type is not followed.
    assert_eq!(names(&out), ["also", "lookup"]);
}

mod alternatives;
mod conventions;
mod go;
mod inputs;
mod loops;
mod maps;
mod namespaces;
mod rust_source;
pub(crate) mod ts_source;
mod zod_shapes;

#[test]
fn ranges_and_slices_are_followed_and_an_unknown_bound_keeps_every_item() {
    let out = run_py(
        "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\ndef f(): pass\n\
         for i in range(3, 0, -1):\n    mcp.add_tool(f, name=f'down_{i}')\n\
         for n in ['a', 'b', 'c', 'd'][1:-1]:\n    mcp.add_tool(f, name=n)\n\
         for n in ['p', 'q'][int(CURSOR):]:\n    mcp.add_tool(f, name=n)\n\
         for i in range(10 ** 9):\n    mcp.add_tool(f, name=f'huge_{i}')\n",
    );
    // A range past the unroll budget is unknown: one `<computed>` tool, no names.
    assert_eq!(names(&out), ["<computed>", "b", "c", "down_1", "down_2", "down_3", "p", "q"]);
}

#[test]
fn a_bound_method_joined_with_itself_is_one_alternative() {
    // A variable holding `server.add_tool` on both sides of a branch that
    // did not touch it: one value, not two (each branch would double it).
    let closure =
        Rc::new(value::Closure { module: 0, func: FuncId(0), env: None, class: None, attrs: Default::default() });
    let receiver = Value::Object(Rc::new(std::cell::RefCell::new(value::Obj::new(sp(1)))));
    let bound = Value::Bound(closure.clone(), Box::new(receiver));
    assert!(matches!(Value::join(vec![bound.clone(), bound.clone()], 8, sp(2)), Value::Bound(..)));
    let elsewhere = Value::Object(Rc::new(std::cell::RefCell::new(value::Obj::new(sp(3)))));
    let other = Value::Bound(closure, Box::new(elsewhere));
    assert!(matches!(Value::join(vec![bound, other], 8, sp(2)), Value::OneOf(_)));
}

#[test]
fn joining_many_shared_values_keeps_each_once_in_order() {
    use std::cell::RefCell;
    use std::rc::Rc;
    let objects: Vec<Value> =
        (0..100).map(|i| Value::Object(Rc::new(RefCell::new(super::value::Obj::new(sp(i)))))).collect();
    // Each object twice (past the small-join size, so the hashed path runs),
    // with one string twice among them.
    let mut values: Vec<Value> = objects.iter().chain(objects.iter()).cloned().collect();
    values.insert(40, Value::str("read", sp(1)));
    values.push(Value::str("read", sp(2)));
    let Value::OneOf(alts) = Value::join(values, 1_000, sp(3)) else { panic!("a join of 101 distinct values") };
    assert_eq!(alts.len(), 101);
    assert!(alts[..40].iter().zip(&objects[..40]).all(|(a, o)| a.same(o)));
    assert_eq!(alts[40].as_str(), Some("read"));
    assert!(alts[41..].iter().zip(&objects[40..]).all(|(a, o)| a.same(o)));
}

#[test]
fn non_null_drops_only_the_null_alternatives() {
    let non_null = Value::non_null;
    let a = || Value::str("a", sp(1));
    let b = || Value::str("b", sp(2));
    let null = || Value::Null(sp(3));
    assert!(non_null(null()).is_none());
    assert!(matches!(non_null(Value::OneOf(vec![a(), null()].into())), Some(Value::Str(s, _)) if &*s == "a"));
    assert!(matches!(non_null(Value::OneOf(vec![a(), b(), null()].into())), Some(Value::OneOf(v)) if v.len() == 2));
    assert!(non_null(Value::OneOf(vec![null(), null()].into())).is_none());
    assert!(matches!(non_null(Value::Unknown(sp(4))), Some(Value::Unknown(_))));
}
