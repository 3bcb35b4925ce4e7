use super::*;
use crate::ir::{Expr, Stmt};

fn lower_src(src: &str) -> Module {
    let (_, m) = super::super::parse_file(FileId(0), src);
    m.expect("lowered")
}

const SERVER: &str = r#"package demo

import io.modelcontextprotocol.kotlin.sdk.server.Server
import io.modelcontextprotocol.kotlin.sdk.types.*

const val PREFIX = "notes"

class Registry(private val server: Server) {
    companion object {
        val NAME = "list_$PREFIX"
    }
    init {
        println("ready")
    }
    fun register() {
        server.addTool(name = NAME, description = "d", toolAnnotations = ToolAnnotations(readOnlyHint = true)) { req ->
            CallToolResult(content = listOf())
        }
    }
}

fun Server.extra(flag: Boolean) {
    addTool("a", "b") { _ -> x }
    val tools = mutableListOf<RegisteredTool>()
    tools.add(RegisteredTool(Tool(name = "n", inputSchema = ToolSchema()), { r -> r }))
    listOf("x", "y").forEach { n -> addTool(n, "d") { it } }
    addTools(tools)
    if (flag) { a() } else b()
    when (flag) {
        true -> a()
        else -> { b() }
    }
    apply { addTool("z", "d") {} }
    with(this) { addTool("q", "d") {} }
    val s = """raw ${PREFIX} $PREFIX"""
    val t = try { f() } catch (e: Exception) { g() }
}
"#;

fn lets(m: &Module) -> Vec<(&str, &Expr)> {
    m.body
        .iter()
        .filter_map(|s| match s {
            Stmt::Let { target: Pattern::Name(n, _), value, .. } => Some((n.as_str(), value)),
            _ => None,
        })
        .collect()
}

#[test]
fn imports_bind_members_and_wildcards() {
    let m = lower_src(SERVER);
    let imports: Vec<(&str, &str, Option<&str>)> = m
        .body
        .iter()
        .filter_map(|s| match s {
            Stmt::Import(i) => Some((i.local.as_str(), i.module.as_str(), i.member.as_deref())),
            _ => None,
        })
        .collect();
    assert_eq!(
        imports,
        vec![
            ("Server", "io.modelcontextprotocol.kotlin.sdk.server", Some("Server")),
            ("*", "io.modelcontextprotocol.kotlin.sdk.types", Some("*")),
        ]
    );
}

#[test]
fn declarations_come_before_values_and_templates_concatenate() {
    let m = lower_src("val a = \"x_$B\"\nfun f() = 1\nconst val B = \"b\"\n");
    assert!(matches!(m.body[0], Stmt::Func(_)), "{:?}", m.body);
    let l = lets(&m);
    let Expr::Concat { parts, .. } = l[0].1 else { panic!("{:?}", l[0]) };
    assert!(matches!(&parts[0], Expr::Lit(Lit::Str(s), _) if s == "x_"));
    assert!(matches!(&parts[1], Expr::Name(n, _) if n == "B"));
}

#[test]
fn a_trailing_lambda_is_a_keyword_and_named_arguments_are_keywords() {
    let m = lower_src("fun f(s: Server) {\n    s.addTool(name = \"a\", description = \"d\") { r -> r }\n}\n");
    let f = m.funcs.iter().find(|f| f.name.as_deref() == Some("f")).expect("f");
    let Stmt::Expr(Expr::Call { args, .. }) = &f.body[0] else { panic!("{:?}", f.body) };
    let kws: Vec<Option<&str>> = args.iter().map(|a| a.keyword.as_deref()).collect();
    assert_eq!(kws, vec![Some("name"), Some("description"), Some(TRAILING_LAMBDA)]);
}

#[test]
fn an_extension_function_takes_its_receiver_first_and_bare_calls_go_through_it() {
    let m = lower_src("fun Server.reg() {\n    addTool(\"a\", \"d\") { it }\n}\n");
    let f = m.funcs.iter().find(|f| f.name.as_deref() == Some("reg")).expect("reg");
    assert!(f.receiver_first);
    assert_eq!(f.params[0].name, RECEIVER);
    let Stmt::Expr(Expr::Call { callee, .. }) = &f.body[0] else { panic!("{:?}", f.body) };
    assert!(
        matches!(&**callee, Expr::Member { object, name, .. } if name == "addTool" && matches!(&**object, Expr::Name(n, _) if n == RECEIVER))
    );
}

#[test]
fn class_properties_read_through_this_and_the_constructor_sets_them() {
    let m = lower_src(SERVER);
    let class = m.classes.iter().find(|c| c.name.as_deref() == Some("Registry")).expect("class");
    assert!(class.members.iter().any(|m| m.name == "server" && !m.is_static));
    assert!(class.members.iter().any(|m| m.name == "NAME" && m.is_static));
    let register = m.funcs.iter().find(|f| f.name.as_deref() == Some("register")).expect("register");
    let Stmt::Expr(Expr::Call { callee, .. }) = &register.body[0] else { panic!("{:?}", register.body) };
    let Expr::Member { object, .. } = &**callee else { panic!("{callee:?}") };
    assert!(
        matches!(&**object, Expr::Member { object, name, .. } if name == "server" && matches!(**object, Expr::This(_)))
    );
}

#[test]
fn collection_builders_are_lists_and_maps() {
    let m = lower_src("val a = listOf(1, 2)\nval b = mapOf(\"k\" to 1)\n");
    let l = lets(&m);
    assert!(matches!(l[0].1, Expr::List { items, .. } if items.len() == 2));
    assert!(matches!(l[1].1, Expr::Object { entries, .. } if entries.len() == 1));
}

#[test]
fn a_call_with_one_type_argument_and_one_argument_is_a_call() {
    // The grammar reads `listOf<H>(a)` as `listOf < H > (a)`; a chained
    // comparison does not compile, so it is the call.
    let m = lower_src("val a = listOf<H>(A())\nval b = wrap<H>(A())\nval c = x < y\n");
    let l = lets(&m);
    assert!(matches!(l[0].1, Expr::List { items, .. } if items.len() == 1), "{:?}", l[0].1);
    // The argument, then the type argument under its keyword.
    assert!(
        matches!(l[1].1, Expr::Call { args, .. } if args.len() == 2
            && args[0].keyword.is_none()
            && args[1].keyword.as_deref() == Some("[0]")
            && matches!(&args[1].value, Expr::Name(n, _) if n == "H")),
        "{:?}",
        l[1].1
    );
    assert!(matches!(l[2].1, Expr::Binary { .. }), "{:?}", l[2].1);
}

/// Every prefix of a server file lowers without panicking.
#[test]
fn every_prefix_lowers() {
    let mut cut = 0;
    while cut <= SERVER.len() {
        if SERVER.is_char_boundary(cut) {
            let _ = super::super::parse_file(FileId(0), &SERVER[..cut]);
        }
        cut += 7;
    }
}

#[test]
fn bad_input_never_panics() {
    for src in [
        "",
        "fun",
        "class {",
        "val x = \"$",
        "val x = \"${",
        "fun Server.() {}",
        "x.apply { }.also",
        "with() { }",
        "import",
        "import a.*",
        "object : Foo {}",
        "val (a, b) = ",
        "when { -> }",
        "\u{0}\u{1}",
    ] {
        let _ = super::super::parse_file(FileId(0), src);
    }
}

#[test]
fn deep_nesting_is_bounded() {
    let mut src = String::from("val x = ");
    for _ in 0..5000 {
        src.push_str("f(");
    }
    for _ in 0..5000 {
        src.push(')');
    }
    let _ = super::super::parse_file(FileId(0), &src);
    let mut lambdas = String::from("fun g() {\n");
    for _ in 0..3000 {
        lambdas.push_str("run { ");
    }
    for _ in 0..3000 {
        lambdas.push_str(" }");
    }
    lambdas.push_str("\n}\n");
    let _ = super::super::parse_file(FileId(0), &lambdas);
}

#[test]
fn build_json_object_is_an_object_of_its_puts() {
    let m = lower_src(
        "import kotlinx.serialization.json.*\nval s = buildJsonObject {\n    putJsonObject(\"city\") { put(\"type\", \"string\") }\n    put(\"limit\", 3)\n}\n",
    );
    let l = lets(&m);
    let Expr::Object { entries, .. } = l[0].1 else { panic!("{:?}", l[0]) };
    let keys: Vec<&str> = entries
        .iter()
        .filter_map(|e| match e {
            Entry::Pair { key, .. } => Some(key.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(keys, vec!["city", "limit"]);
    // Without the import it is some function's call.
    let m = lower_src("val s = buildJsonObject { put(\"a\", 1) }\n");
    assert!(matches!(lets(&m)[0].1, Expr::Call { .. }));
}

#[test]
fn class_references_are_classes_and_type_arguments_are_passed() {
    let m = lower_src(
        "fun <reified I : Any> f() {\n    val n = A::class.simpleName\n    val t = I::class\n    g<A, B>(1) { 2 }\n}\n",
    );
    let f = m.funcs.iter().find(|f| f.name.as_deref() == Some("f")).expect("f");
    assert_eq!(f.type_params, ["I"]);
    let Stmt::Let { value: Expr::Member { object, name, .. }, .. } = &f.body[0] else { panic!("{:?}", f.body[0]) };
    assert!(name == "simpleName" && matches!(&**object, Expr::Name(n, _) if n == "A"), "{object:?}");
    assert!(matches!(&f.body[1], Stmt::Let { value: Expr::Name(n, _), .. } if n == "I"), "{:?}", f.body[1]);
    let Stmt::Expr(Expr::Call { args, .. }) = &f.body[2] else { panic!("{:?}", f.body[2]) };
    let keywords: Vec<Option<&str>> = args.iter().map(|a| a.keyword.as_deref()).collect();
    assert_eq!(keywords, [None, Some(crate::ir::TRAILING_LAMBDA), Some("[0]"), Some("[1]")]);
}

#[test]
fn annotations_are_calls_applied_to_what_they_annotate() {
    let m = lower_src("@Service\nclass A {\n    @Tool(\"d\", name = \"n\")\n    fun f() {}\n}\n");
    let class = &m.classes[0];
    assert!(matches!(&class.decorators[..], [Expr::Call { callee, args, .. }]
        if matches!(&**callee, Expr::Name(n, _) if n == "Service") && args.is_empty()));
    let f = m.funcs.iter().find(|f| f.name.as_deref() == Some("f")).expect("f");
    let [Expr::Call { args, .. }] = &f.decorators[..] else { panic!("{:?}", f.decorators) };
    // An unnamed argument is the annotation's `value`.
    let keywords: Vec<Option<&str>> = args.iter().map(|a| a.keyword.as_deref()).collect();
    assert_eq!(keywords, [Some("value"), Some("name")]);
}
