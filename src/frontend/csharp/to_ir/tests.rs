use super::*;
use crate::ir::{Expr, Stmt};

fn lower_src(src: &str) -> Module {
    let (_, m) = super::super::parse_file(FileId(0), src);
    m.expect("lowered")
}

const SERVER: &str = r#"using System.ComponentModel;
using ModelContextProtocol.Server;
using M = ModelContextProtocol;

namespace Demo.Tools;

[McpServerToolType]
public static partial class NoteTools
{
    public const string Prefix = "note";
    private static readonly string Other = $"{Prefix}_x";

    [McpServerTool(Name = "list_notes", ReadOnly = true), Description("List")]
    public static async Task<string[]> ListAsync(string q, int n = 3) { var x = new Foo { A = 1 }; return []; }

    [McpServerToolAttribute(Destructive = true)]
    [Description("Delete")]
    public string DeleteNote(string id) => nameof(DeleteNote);
}
var builder = Host.CreateApplicationBuilder(args);
builder.Services.AddMcpServer().WithStdioServerTransport().WithTools<NoteTools>();
"#;

fn calls(m: &Module) -> Vec<(&Expr, &[Arg])> {
    m.body
        .iter()
        .filter_map(|s| match s {
            Stmt::Expr(Expr::Call { callee, args, .. }) => Some((&**callee, args.as_slice())),
            _ => None,
        })
        .collect()
}

#[test]
fn usings_import_namespaces_whole_or_by_alias() {
    let m = lower_src(SERVER);
    let imports: Vec<(&str, &str)> = m
        .body
        .iter()
        .filter_map(|s| match s {
            Stmt::Import(i) => Some((i.local.as_str(), i.module.as_str())),
            _ => None,
        })
        .collect();
    assert_eq!(
        imports,
        vec![("*", "System.ComponentModel"), ("*", "ModelContextProtocol.Server"), ("M", "ModelContextProtocol")]
    );
}

#[test]
fn attributes_are_calls_with_their_target_and_return_type() {
    let m = lower_src(SERVER);
    let attrs = calls(&m);
    let names: Vec<String> = attrs
        .iter()
        .filter_map(|(c, _)| match c {
            Expr::Name(n, _) => Some(n.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(names, vec!["McpServerToolType", "McpServerTool", "Description", "McpServerTool", "Description"]);
    let (_, args) = attrs[1];
    let kw: Vec<&str> = args.iter().filter_map(|a| a.keyword.as_deref()).collect();
    assert_eq!(kw, vec!["Name", "ReadOnly", TARGET, RETURNS]);
    assert!(matches!(&args[3].value, Expr::Lit(Lit::Str(s), _) if s == "Task"));
    assert!(matches!(&args[2].value, Expr::Member { name, .. } if name == "ListAsync"));
    // The class is one, its constants static members.
    assert_eq!(m.classes.len(), 1);
    let c = &m.classes[0];
    assert!(c.members.iter().any(|mm| mm.name == "Prefix" && mm.is_static));
    // `[Description]` is the docstring; `nameof(DeleteNote)` is the string.
    let del = c.members.iter().find(|mm| mm.name == "DeleteNote").unwrap();
    let MemberValue::Method(id) = del.value else { panic!() };
    let body = &m.func(id).body;
    assert!(matches!(&body[0], Stmt::Expr(Expr::Lit(Lit::Str(s), _)) if s == "Delete"));
    assert!(matches!(&body[1], Stmt::Return { value: Some(Expr::Lit(Lit::Str(s), _)), .. } if s == "DeleteNote"));
}

#[test]
fn generic_type_arguments_are_keywords_and_top_level_statements_run() {
    let m = lower_src(SERVER);
    let Some(Stmt::Expr(Expr::Call { args, .. })) = m.body.last() else { panic!("{:?}", m.body.last()) };
    assert!(
        matches!(&args[0], Arg { keyword: Some(k), value: Expr::Name(n, _), .. } if k == "[0]" && n == "NoteTools")
    );
}

#[test]
fn partial_parts_in_one_file_are_one_class() {
    let m = lower_src("partial class A { int X = 1; }\npartial class A { void F() {} }\n");
    assert_eq!(m.classes.len(), 1);
    assert_eq!(m.classes[0].members.len(), 2);
}

#[test]
fn object_initialisers_are_records_and_collections_lists() {
    let m = lower_src(
        "class P { void F() { var o = new Opts { Name = \"t\", ReadOnly = true }; var l = new[] { 1, 2 }; var d = new Dictionary<string, int> { [\"a\"] = 1 }; } }",
    );
    let MemberValue::Method(id) = m.classes[0].members[0].value else { panic!() };
    let body = &m.func(id).body;
    assert!(matches!(&body[0], Stmt::Let { value: Expr::Struct { entries, .. }, .. } if entries.len() == 2));
    assert!(matches!(&body[1], Stmt::Let { value: Expr::List { items, .. }, .. } if items.len() == 2));
    assert!(matches!(&body[2], Stmt::Let { value: Expr::Struct { entries, .. }, .. } if entries.len() == 1));
}

#[test]
fn strings() {
    assert_eq!(string_value(r#""a\"b""#).as_deref(), Some("a\"b"));
    assert_eq!(string_value(r#"@"a""b""#).as_deref(), Some("a\"b"));
    assert_eq!(string_value("\"\"\"\n  raw\n  \"\"\"").as_deref(), Some("raw"));
    assert_eq!(type_base_name("System.Threading.Tasks.Task<string>"), "Task");
    assert_eq!(strip_attribute("McpServerToolAttribute"), "McpServerTool");
    assert_eq!(strip_attribute("Attribute"), "Attribute");
}

#[test]
fn every_prefix_lowers_without_panic() {
    for end in 0..SERVER.len() {
        if SERVER.is_char_boundary(end) {
            let _ = super::super::parse_file(FileId(0), &SERVER[..end]);
        }
    }
}

#[test]
fn bad_input_never_panics() {
    for src in [
        "[",
        "class { [McpServerTool(",
        "namespace ;;; class A : { }",
        "using ;",
        "$\"{",
        "@\"",
        "class A { int X => ; }",
    ] {
        let _ = super::super::parse_file(FileId(0), src);
    }
}

#[test]
fn deep_nesting_is_bounded() {
    for depth in [300, 3000] {
        let src = format!("class A {{ object F() => {}1{}; }}", "(".repeat(depth), ")".repeat(depth));
        let _ = super::super::parse_file(FileId(0), &src);
        let src = format!("class A {{ void F() {{ {} }} }}", "{".repeat(depth) + &"}".repeat(depth));
        let _ = super::super::parse_file(FileId(0), &src);
    }
}

/// A field without a value holds its type's default where that is a plain
/// value; any other type (a server, a client) stays unknown, and an
/// attribute leaves the field to whatever sets it.
#[test]
fn fields_without_values_hold_their_defaults() {
    let m = lower_src(
        "class B { private bool ro; private int n; private string t; private bool? d; private Server s; [Inject] private bool i; }",
    );
    let got: Vec<(String, Option<String>)> = m.classes[0]
        .members
        .iter()
        .map(|f| {
            let v = match &f.value {
                MemberValue::Field(Some(Expr::Lit(lit, _))) => Some(format!("{lit:?}")),
                _ => None,
            };
            (f.name.clone(), v)
        })
        .collect();
    let want = [
        ("ro", Some("Bool(false)")),
        ("n", Some("Num(\"0\")")),
        ("t", Some("Null")),
        ("d", Some("Null")),
        ("s", None),
        ("i", None),
    ];
    let want: Vec<(String, Option<String>)> =
        want.iter().map(|(n, v)| (n.to_string(), v.map(str::to_string))).collect();
    assert_eq!(got, want);
}

/// The statements of class `class`'s member `member` (a method).
fn method_body<'m>(m: &'m Module, class: &str, member: &str) -> &'m [Stmt] {
    let c = m.classes.iter().find(|c| c.name.as_deref() == Some(class)).expect("class");
    let id = c
        .members
        .iter()
        .find_map(|mem| match mem.value {
            MemberValue::Method(id) if mem.name == member => Some(id),
            _ => None,
        })
        .expect("member");
    &m.func(id).body
}

#[test]
fn primary_constructors_keep_their_parameters_and_call_the_base() {
    let m = lower_src(
        "public sealed class A() : Cmd(new Flags(true)) { }\n\
         public abstract class Cmd(Flags flags) { public Flags Flags { get; } = flags; public int N { get; } = 3; public bool R => flags.ReadOnly; }\n",
    );
    // `A`'s constructor runs the base's with the arguments; the argument
    // list is no base class.
    let a = m.classes.iter().find(|c| c.name.as_deref() == Some("A")).unwrap();
    assert_eq!(a.bases.len(), 1);
    assert!(matches!(method_body(&m, "A", "constructor"), [Stmt::Expr(Expr::Call { callee, args, .. })]
        if matches!(**callee, Expr::Super(_)) && args.len() == 1));
    // `Cmd`'s keeps `flags`, then writes the initialiser that reads it;
    // the one that reads none stays a field initialiser.
    let body = method_body(&m, "Cmd", "constructor");
    let writes: Vec<&str> = body
        .iter()
        .filter_map(|s| match s {
            Stmt::Assign { target: Place::Member { name, .. }, .. } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(writes, ["flags", "Flags"]);
    let cmd = m.classes.iter().find(|c| c.name.as_deref() == Some("Cmd")).unwrap();
    let field = |n: &str| cmd.members.iter().find(|mem| mem.name == n).map(|mem| &mem.value);
    assert!(matches!(field("Flags"), Some(MemberValue::Field(None))));
    assert!(matches!(field("N"), Some(MemberValue::Field(Some(_)))));
    // A method reads the parameter as the field it is kept in.
    assert!(matches!(method_body(&m, "Cmd", "R"), [Stmt::Return { value: Some(Expr::Member { object, .. }), .. }]
        if matches!(&**object, Expr::Member { object: o, name, .. } if matches!(**o, Expr::This(_)) && name == "flags")));
}

#[test]
fn this_is_an_expression_and_assignment_bodies_are_writes() {
    let m = lower_src(
        "public class G { public G Me() { return this; } public G Me2() => this; public void Set(Opts o) => o.X = 1; \
         public G(int n) : base(n) { } public G() : this(1) { } public static void Ext(this G g) { } }\n",
    );
    assert!(matches!(method_body(&m, "G", "Me"), [Stmt::Return { value: Some(Expr::This(_)), .. }]));
    assert!(matches!(method_body(&m, "G", "Me2"), [Stmt::Return { value: Some(Expr::This(_)), .. }]));
    assert!(matches!(method_body(&m, "G", "Set"), [Stmt::Assign { .. }]));
    // An extension method's `this` is no parameter default.
    let ext = m.classes[0].members.iter().find(|mem| mem.name == "Ext").unwrap();
    let MemberValue::Method(id) = ext.value else { panic!() };
    assert!(m.func(id).params[0].default.is_none());
    // `: base(n)` is the base constructor's call; `: this(1)` is not followed.
    let ctors: Vec<&Function> = m.classes[0]
        .members
        .iter()
        .filter_map(|mem| match mem.value {
            MemberValue::Method(id) if mem.name == "constructor" => Some(m.func(id)),
            _ => None,
        })
        .collect();
    assert!(
        matches!(ctors[0].body.as_slice(), [Stmt::Expr(Expr::Call { callee, .. })] if matches!(**callee, Expr::Super(_)))
    );
    assert!(ctors[1].body.is_empty());
}
