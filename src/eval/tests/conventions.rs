//! The effects of `eval/conventions.rs`: each with a case that registers
//! and a look-alike that must not.

use super::*;

fn module(lang: Lang) -> Module {
    Module::new(FileId(0), lang)
}

fn new(class: &str, args: Vec<Arg>) -> Expr {
    Expr::New { class: Box::new(name(class)), args, span: sp(30) }
}

fn unknown_cond() -> Expr {
    member(name("process"), "env")
}

fn closure(m: &mut Module, params: Vec<Param>, body: Vec<Stmt>) -> Expr {
    let mut f = func(None, params, body);
    f.lexical_this = true;
    Expr::Func(m.add_func(f), sp(31))
}

#[test]
fn add_tools_registers_each_element_and_a_look_alike_receiver_nothing() {
    let mut m = module(Lang::TypeScript);
    m.body.push(import("FastMCP", "fastmcp", Some("FastMCP")));
    m.body.push(import("Other", "other-kit", Some("Other")));
    m.body.push(let_("server", new("FastMCP", vec![])));
    m.body.push(let_("other", new("Other", vec![])));
    let ro = obj(vec![("readOnlyHint", b(true))]);
    let tools = list(vec![obj(vec![("name", s("a")), ("annotations", ro)]), obj(vec![("name", s("b"))])]);
    m.body.push(Stmt::Expr(call(member(name("server"), "addTools"), vec![arg(tools.clone())])));
    m.body.push(Stmt::Expr(call(member(name("other"), "addTools"), vec![arg(tools)])));
    let out = run_one(m);
    assert_eq!(names(&out), ["a", "b"]);
    assert_eq!(hint(&out.registrations[0], "readOnlyHint"), "true");
}

#[test]
fn an_update_replaces_the_annotations_and_one_in_an_unknown_branch_makes_them_dynamic() {
    let mut m = module(Lang::TypeScript);
    ts_server(&mut m);
    let reg =
        |n: &str| call(member(name("server"), "registerTool"), vec![arg(s(n)), arg(obj(vec![])), arg(name("cb"))]);
    let update = |v: &str, ro: bool| {
        Stmt::Expr(call(
            member(name(v), "update"),
            vec![arg(obj(vec![("annotations", obj(vec![("readOnlyHint", b(ro))]))]))],
        ))
    };
    m.body.push(let_("a", reg("always")));
    m.body.push(update("a", true));
    m.body.push(let_("c", reg("sometimes")));
    m.body.push(Stmt::If { cond: unknown_cond(), then: vec![update("c", true)], otherwise: vec![], span: sp(32) });
    let out = run_one(m);
    let by =
        |n: &str| out.registrations.iter().find(|r| matches!(&r.name, Some(Value::Str(x, _)) if &**x == n)).unwrap();
    assert_eq!(hint(by("always"), "readOnlyHint"), "true");
    assert_eq!(hint(by("sometimes"), "readOnlyHint"), "dynamic");
}

#[test]
fn a_tools_list_request_handler_lists_its_tools_and_another_method_none() {
    let mut m = module(Lang::TypeScript);
    ts_server(&mut m);
    let handler = |m: &mut Module, n: &str| {
        let body = vec![ret(obj(vec![("tools", list(vec![obj(vec![("name", s(n))])]))]))];
        closure(m, vec![], body)
    };
    let listed = handler(&mut m, "listed");
    let prompt = handler(&mut m, "a_prompt");
    m.body.push(Stmt::Expr(call(member(name("server"), "setRequestHandler"), vec![arg(s("tools/list")), arg(listed)])));
    m.body
        .push(Stmt::Expr(call(member(name("server"), "setRequestHandler"), vec![arg(s("prompts/list")), arg(prompt)])));
    let out = run_one(m);
    assert!(names(&out).contains(&"listed".to_string()));
    assert!(!names(&out).contains(&"a_prompt".to_string()));
}

#[test]
fn a_handler_factory_calls_back_with_a_server_and_a_look_alike_does_not() {
    let mut m = module(Lang::TypeScript);
    m.body.push(import("createMcpHandler", "mcp-handler", Some("createMcpHandler")));
    m.body.push(import("createHandler", "other-kit", Some("createHandler")));
    let body = |n: &str| vec![register_tool(name("srv"), s(n), obj(vec![]))];
    let real = closure(&mut m, vec![param("srv")], body("real"));
    let fake = closure(&mut m, vec![param("srv")], body("fake"));
    m.body.push(Stmt::Expr(call(name("createMcpHandler"), vec![arg(real)])));
    m.body.push(Stmt::Expr(call(name("createHandler"), vec![arg(fake)])));
    let out = run_one(m);
    assert_eq!(names(&out), ["real"]);
}

#[test]
fn a_subclass_of_an_sdk_tool_class_is_a_tool_and_of_another_class_not() {
    let mut m = module(Lang::TypeScript);
    m.body.push(import("MCPTool", "mcp-framework", Some("MCPTool")));
    m.body.push(import("Tool", "./base.js", Some("Tool")));
    let field = |n: &str, v: Expr| Member {
        name: n.into(),
        name_span: sp(33),
        is_static: false,
        value: MemberValue::Field(Some(v)),
        annotation: None,
        alias: None,
    };
    for (n, base) in [("real_tool", "MCPTool"), ("other_tool", "Tool")] {
        let id = m.add_class(Class {
            name: Some(n.into()),
            name_span: sp(34),
            kind: ClassKind::Class,
            bases: vec![name(base)],
            members: vec![field("name", s(n))],
            decorators: vec![],
            instances_see_statics: false,
            span: sp(35),
        });
        m.body.push(Stmt::Class(id));
    }
    let out = run_one(m);
    assert_eq!(names(&out), ["real_tool"]);
    // No `annotations` field: absent, not unknown.
    assert_eq!(hint(&out.registrations[0], "readOnlyHint"), "absent");
}

#[test]
fn a_wrapped_server_keeps_the_wrapped_methods_and_a_look_alike_wrapper_registers_nothing() {
    let mut m = module(Lang::TypeScript);
    ts_server(&mut m);
    m.body.push(import("withX402", "agents/x402", Some("withX402")));
    m.body.push(import("withPay", "pay-kit", Some("withPay")));
    m.body.push(let_("paid", call(name("withX402"), vec![arg(name("server")), arg(obj(vec![]))])));
    m.body.push(let_("other", call(name("withPay"), vec![arg(name("server"))])));
    let paid_tool = |recv: &str, n: &str| {
        let ro = obj(vec![("readOnlyHint", b(true))]);
        let args = vec![arg(s(n)), arg(s("desc")), arg(s("0.01")), arg(obj(vec![])), arg(ro), arg(name("cb"))];
        Stmt::Expr(call(member(name(recv), "paidTool"), args))
    };
    m.body.push(paid_tool("paid", "paid_report"));
    m.body.push(register_tool(name("paid"), s("free_report"), obj(vec![])));
    m.body.push(paid_tool("other", "not_a_tool"));
    let out = run_one(m);
    assert_eq!(names(&out), ["free_report", "paid_report"]);
    let paid = out.registrations.iter().find(|r| r.api == "ts.agents.paidTool").unwrap();
    assert_eq!(hint(paid, "readOnlyHint"), "true");
}
