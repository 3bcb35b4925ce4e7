use super::*;
use crate::ir::{Expr, Stmt};

fn lower_src(src: &str) -> Module {
    let (_, m) = super::super::parse_file(FileId(0), std::path::Path::new("x.go"), src);
    m.expect("lowered")
}

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
fn imports_bind_alias_or_package_name_and_blank_ones_load_the_package() {
    let m = lower_src(
        "package p\nimport (\n m \"github.com/x/mcp\"\n \"github.com/mark3labs/mcp-go/server\"\n _ \"embed\"\n)\n",
    );
    let locals: Vec<(&str, &str)> = m
        .body
        .iter()
        .filter_map(|s| match s {
            Stmt::Import(i) => Some((i.local.as_str(), i.module.as_str())),
            _ => None,
        })
        .collect();
    // A blank import loads its package (for its `init`s) under `_`.
    assert_eq!(
        locals,
        vec![("m", "github.com/x/mcp"), ("server", "github.com/mark3labs/mcp-go/server"), ("_", "embed")]
    );
}

#[test]
fn declarations_come_before_values() {
    let m = lower_src("package p\nvar T = f()\nfunc f() int { return 1 }\n");
    assert!(matches!(m.body[0], Stmt::Func(_)), "{:?}", m.body);
    assert!(matches!(m.body[1], Stmt::Let { .. }));
}

#[test]
fn composite_literals_are_records_lists_and_maps() {
    let m = lower_src(
        "package p\nvar A = &mcp.Tool{Name: \"a\", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}\nvar B = []mcp.Tool{{Name: \"b\"}}\nvar C = map[string]int{\"k\": 1}\n",
    );
    let l = lets(&m);
    let Expr::Unary { operand, .. } = l[0].1 else { panic!("{:?}", l[0]) };
    let Expr::Struct { ty, entries, .. } = &**operand else { panic!("{operand:?}") };
    assert!(matches!(&**ty, Expr::Member { name, .. } if name == "Tool"));
    assert!(
        matches!(&entries[0], Entry::Pair { key, value: Expr::Lit(Lit::Str(s), _), .. } if key == "Name" && s == "a")
    );
    let Expr::List { items, .. } = l[1].1 else { panic!("{:?}", l[1]) };
    // The elided element type is the slice's.
    assert!(
        matches!(&items[0], Element::Item(Expr::Struct { ty, .. }) if matches!(&**ty, Expr::Member { name, .. } if name == "Tool"))
    );
    assert!(
        matches!(l[2].1, Expr::Object { entries, .. } if matches!(&entries[0], Entry::Pair { key, .. } if key == "k"))
    );
}

#[test]
fn methods_join_their_type_and_receivers_are_this() {
    let m = lower_src(
        "package p\ntype S struct{ Base\n name string\n ID string `json:\"id,omitempty\"`\n Secret string `json:\"-\"`\n Plain int }\nfunc (s *S) Name() string { return s.name }\n",
    );
    let c = m.classes.iter().find(|c| c.name.as_deref() == Some("S")).expect("class S");
    assert_eq!(c.kind, ClassKind::Struct);
    assert_eq!(c.bases.len(), 1, "the embedded type is a base");
    let names: Vec<&str> = c.members.iter().map(|m| m.name.as_str()).collect();
    // Fields as JSON sends them, `json:"-"` left out; an unexported one is
    // kept apart (its type only).
    assert_eq!(names, vec!["name", "id", "Plain", "Name"]);
    assert!(matches!(c.members[0].value, MemberValue::Unsent(_)));
    let MemberValue::Method(id) = c.members[3].value else { panic!() };
    let Stmt::Return { value: Some(Expr::Member { object, .. }), .. } = &m.func(id).body[0] else { panic!() };
    assert!(matches!(**object, Expr::This(_)));
}

#[test]
fn methods_of_a_type_elsewhere_are_an_impl_block() {
    let m = lower_src("package p\nfunc (s S) Name() string { return \"x\" }\n");
    assert!(m.classes.iter().any(|c| c.kind == ClassKind::Impl && c.name.as_deref() == Some("S")));
}

#[test]
fn append_is_a_list_and_variadic_arguments_spread() {
    let m = lower_src("package p\nfunc f() { xs = append(xs, a, b...); g(opts...) }\n");
    let body = &m.funcs[0].body;
    let Stmt::Assign { value: Expr::List { items, .. }, .. } = &body[0] else { panic!("{body:?}") };
    assert!(matches!(items.as_slice(), [Element::Spread(_), Element::Item(_), Element::Spread(_)]));
    let Stmt::Expr(Expr::Call { args, .. }) = &body[1] else { panic!() };
    assert_eq!(args[0].spread, Spread::List);
}

#[test]
fn several_results_are_lists() {
    let m = lower_src("package p\nfunc f() (int, error) { a, err := g(); return a, nil }\n");
    let body = &m.funcs[0].body;
    assert!(matches!(&body[0], Stmt::Let { target: Pattern::List { items, .. }, .. } if items.len() == 2));
    assert!(matches!(&body[1], Stmt::Return { value: Some(Expr::List { items, .. }), .. } if items.len() == 2));
}

#[test]
fn range_binds_the_element_and_control_flow_lowers() {
    let m = lower_src(
        "package p\nfunc f() { for _, t := range ts { s.AddTool(t) }\n if ok { g() } else if x { h() }\n switch k { case 1, 2: g()\n default: h() } }\n",
    );
    let body = &m.funcs[0].body;
    assert!(matches!(&body[0], Stmt::ForEach { pattern: Pattern::Name(n, _), .. } if n == "t"));
    assert!(matches!(&body[1], Stmt::If { otherwise, .. } if matches!(otherwise[0], Stmt::If { .. })));
    assert!(matches!(&body[2], Stmt::Switch { cases, .. } if cases.len() == 3));
}

#[test]
fn closures_are_functions() {
    let m = lower_src("package p\nvar h = func(x int) int { return x }\n");
    assert!(matches!(lets(&m)[0].1, Expr::Func(..)));
}

#[test]
fn type_arguments_are_keywords() {
    let m = lower_src("package p\nvar a = mcp.WithInputSchema[Args]()\nvar b = g.f[int, Args](1, 2)\n");
    let l = lets(&m);
    let keywords = |e: &Expr| match e {
        Expr::Call { args, .. } => args.iter().map(|a| a.keyword.clone().unwrap_or_default()).collect::<Vec<_>>(),
        other => panic!("not a call: {other:?}"),
    };
    assert_eq!(keywords(l[0].1), ["[0]"]);
    assert_eq!(keywords(l[1].1), ["", "", "[0]", "[1]"]);
}

#[test]
fn functions_record_how_many_results_they_declare() {
    let m = lower_src(
        "package p\nfunc one() []T { return nil }\nfunc two() (T, error) { return x, nil }\nfunc named() (a, b int) { return }\nfunc none() {}\n",
    );
    let results = |n: &str| m.funcs.iter().find(|f| f.name.as_deref() == Some(n)).map(|f| f.results);
    assert_eq!(results("one"), Some(1));
    assert_eq!(results("two"), Some(2));
    assert_eq!(results("named"), Some(2));
    assert_eq!(results("none"), Some(0));
}

#[test]
fn struct_fields_keep_their_zero_value_and_go_name() {
    let m = lower_src("package p\ntype H struct {\n\tRO *bool `json:\"readOnly\"`\n\tTitle string\n\tMeta Other\n}\n");
    let c = &m.classes[0];
    let field = |n: &str| c.members.iter().find(|f| f.name == n).expect("field");
    assert!(matches!(field("readOnly").value, MemberValue::Field(Some(Expr::Lit(crate::ir::Lit::Undefined, _)))));
    assert_eq!(field("readOnly").alias.as_deref(), Some("RO"));
    assert!(
        matches!(&field("Title").value, MemberValue::Field(Some(Expr::Lit(crate::ir::Lit::Str(s), _))) if s.is_empty())
    );
    assert!(field("Title").alias.is_none());
    // A named type may be a struct: no zero value is assumed.
    assert!(matches!(field("Meta").value, MemberValue::Field(None)));
}
