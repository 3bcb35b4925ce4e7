//! Java syntax → the language-neutral IR ([`crate::ir`]). Syntax only:
//! nothing here knows which calls register tools.
//!
//! Java semantics the IR leaves to frontends:
//! - `import a.b.C;` binds `C` (module `a.b.C`, member `C`); `import a.b.*;`
//!   is a wildcard of module `a.b`; `import static a.b.C.m;` binds `m`
//!   (module `a.b.C`).
//!   A file's package is its directory ([`crate::resolve::java`]): classes
//!   of one package see each other without an import.
//! - Java has no free functions or variables: an unqualified name that is
//!   no local is a member of an enclosing class. A member of the innermost
//!   class is `this.x` in an instance method and `this.X` in a static one
//!   or a static initialiser (the evaluator binds `this` to the class
//!   there); one of an enclosing class is `Outer.X`. An unqualified call
//!   no class declares is an inherited method: `this.m(...)`.
//! - Overloads: the IR has one member per name. The first method of a
//!   name keeps it; when a class declares several, each is also a member
//!   `name#N` (N parameters), and a call the class itself makes with N
//!   arguments uses that. Constructors likewise (`this(...)` calls
//!   `constructor#N`).
//! - A record's components are fields (`#name`) set by its canonical
//!   constructor, read by generated accessors `name()` unless declared.
//!   An enum's constants are static fields made with `new E(args)`, and
//!   `values()` lists them.
//! - Annotations are decorators: `@A(k = v)` is the call `A(k=v)` applied to
//!   the method or class (a single unnamed element is `value`); an
//!   annotation written as an element value (`annotations =
//!   @McpTool.McpAnnotations(readOnlyHint = true)`) is a typed record
//!   ([`Expr::Struct`]) of the annotation type. A parameter's annotations
//!   are its method's too, with [`crate::ir::PARAMETER`] naming the parameter.
//! - `java.util` collection factories are lists: `List.of`, `Arrays.asList`,
//!   `Set.of`, `Stream.of`, `new ArrayList<>(xs)`; `Optional.of(x)`,
//!   `Objects.requireNonNull(x)` and casts are the value itself;
//!   `Boolean.TRUE` / `Boolean.valueOf(b)` are booleans.
//! - `throw e` ends nothing the evaluator follows (its expression runs);
//!   `switch` expressions and statements are alternatives.
//!
//! Depth-bounded like the other lowerings.

use std::collections::{HashMap, HashSet};

use tree_sitter::Node;

use crate::frontend::fields::Fields;
use crate::ir::{
    Arg, BinaryOp, Block, Case, Class, ClassKind, Element, Entry, Expr, FuncId, FuncKind, Function, Import, Lit,
    Member, MemberValue, Module, Param, ParamKind, Pattern, Place, Spread, Stmt, UnaryOp,
};
use crate::model::Lang;
use crate::source::{FileId, Span};

const MAX_DEPTH: usize = 200;

/// The member name a record component's field is stored under.
pub fn record_field(name: &str) -> String {
    format!("#{name}")
}

/// Lowers one Java file from its parse tree.
pub fn lower(file: FileId, text: &str, root: Node) -> Module {
    let mut cx = Cx {
        fields: Fields::of(root),
        text,
        file,
        module: Module::new(file, Lang::Java),
        depth: 0,
        locals: vec![],
        classes: vec![],
        static_imports: HashSet::new(),
    };
    cx.module.body = cx.program(root);
    cx.module
}

/// What a class body declares, for qualifying the names its code uses.
struct ClassCx {
    /// How code names the class (`Outer.Inner`); `None` for an anonymous
    /// or local class.
    path: Option<Vec<String>>,
    statics: HashSet<String>,
    instance: HashSet<String>,
    /// Method names and the parameter counts of their declarations.
    methods: HashMap<String, Vec<usize>>,
    /// Record components.
    components: HashSet<String>,
    /// Whether code now being lowered runs without an instance.
    in_static: bool,
}

struct Cx<'a> {
    fields: Fields,
    text: &'a str,
    file: FileId,
    module: Module,
    depth: usize,
    /// Local names of the functions being lowered (innermost last).
    locals: Vec<HashSet<String>>,
    classes: Vec<ClassCx>,
    static_imports: HashSet<String>,
}

fn kids(n: Node) -> Vec<Node> {
    let mut cursor = n.walk();
    n.named_children(&mut cursor).filter(|c| !matches!(c.kind(), "line_comment" | "block_comment")).collect()
}

fn is_class_decl(kind: &str) -> bool {
    matches!(
        kind,
        "class_declaration"
            | "interface_declaration"
            | "enum_declaration"
            | "record_declaration"
            | "annotation_type_declaration"
    )
}

impl Cx<'_> {
    fn field<'t>(&self, n: Node<'t>, name: &'static str) -> Option<Node<'t>> {
        self.fields.get(n, name)
    }
    fn span(&self, n: Node) -> Span {
        Span::new(self.file, n.start_byte(), n.end_byte())
    }
    fn text(&self, n: Node) -> String {
        self.text.get(n.byte_range()).unwrap_or("").to_string()
    }

    fn is_local(&self, name: &str) -> bool {
        self.locals.iter().rev().any(|s| s.contains(name))
    }
    fn declare(&mut self, name: &str) {
        if let Some(s) = self.locals.last_mut() {
            s.insert(name.to_string());
        }
    }

    // -- top level --------------------------------------------------------

    fn program(&mut self, root: Node) -> Block {
        let mut out = vec![];
        for n in kids(root) {
            match n.kind() {
                "import_declaration" => out.extend(self.import(n)),
                k if is_class_decl(k) => {
                    if let Some(id) = self.class_decl(n, Some(vec![])) {
                        out.push(Stmt::Class(id));
                    }
                }
                _ => {}
            }
        }
        out
    }

    fn import(&mut self, n: Node) -> Option<Stmt> {
        let span = self.span(n);
        let is_static = {
            let mut c = n.walk();
            let found = n.children(&mut c).any(|k| k.kind() == "static");
            found
        };
        let wildcard = kids(n).iter().any(|k| k.kind() == "asterisk");
        let path = kids(n).into_iter().find(|k| matches!(k.kind(), "scoped_identifier" | "identifier"))?;
        let full = self.text(path).split_whitespace().collect::<String>();
        if wildcard {
            return Some(Stmt::Import(Import { local: "*".into(), module: full, member: Some("*".into()), span }));
        }
        let (class, member) = full.rsplit_once('.')?;
        // A class is imported by its full name (the module), so an SDK table
        // may own one class of a package (`org.springframework.ai.mcp.McpToolUtils`)
        // and not the rest; a static import's module is its class.
        let module = if is_static {
            self.static_imports.insert(member.to_string());
            class.to_string()
        } else {
            full.clone()
        };
        Some(Stmt::Import(Import { local: member.to_string(), module, member: Some(member.to_string()), span }))
    }

    // -- classes ----------------------------------------------------------

    /// A class, interface, enum, record or annotation type. `path` is how
    /// code names it (`Some(outer path)` for a member class, `None` for a
    /// local one).
    fn class_decl(&mut self, n: Node, outer: Option<Vec<String>>) -> Option<crate::ir::ClassId> {
        if self.depth > MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let id = self.class_decl_inner(n, outer);
        self.depth -= 1;
        Some(id)
    }

    fn class_decl_inner(&mut self, n: Node, outer: Option<Vec<String>>) -> crate::ir::ClassId {
        let span = self.span(n);
        let name_node = self.field(n, "name");
        let name = name_node.map(|x| self.text(x));
        let kind = match n.kind() {
            "interface_declaration" | "annotation_type_declaration" => ClassKind::Interface,
            "enum_declaration" => ClassKind::Enum,
            "record_declaration" => ClassKind::Struct,
            _ => ClassKind::Class,
        };
        let path = match (outer, &name) {
            (Some(mut p), Some(name)) => {
                p.push(name.clone());
                Some(p)
            }
            _ => None,
        };
        let mut bases = vec![];
        if let Some(sup) = self.field(n, "superclass") {
            bases.extend(kids(sup).into_iter().map(|t| self.type_expr(t)));
        }
        for field in ["interfaces"] {
            if let Some(list) = self.field(n, field) {
                for t in kids(list) {
                    if t.kind() == "type_list" {
                        bases.extend(kids(t).into_iter().map(|t| self.type_expr(t)));
                    } else {
                        bases.push(self.type_expr(t));
                    }
                }
            }
        }
        // `interface A extends B, C`.
        for k in kids(n).into_iter().filter(|k| k.kind() == "extends_interfaces") {
            for t in kids(k) {
                bases.extend(kids(t).into_iter().map(|t| self.type_expr(t)));
            }
        }
        let decorators = self.modifiers_annotations(n);
        let body = self.field(n, "body");
        let components = self.field(n, "parameters").filter(|_| kind == ClassKind::Struct);
        let members = self.class_body(body, components, &name, path, kind, span, n);
        let name_span = name_node.map_or(span, |x| self.span(x));
        self.module.add_class(Class {
            name,
            name_span,
            kind,
            bases,
            members,
            decorators,
            instances_see_statics: false,
            span,
        })
    }

    /// What a class body declares, before lowering it.
    fn scan_body(&self, body: Option<Node>, components: &[(String, Node)], kind: ClassKind) -> ClassCx {
        let mut cx = ClassCx {
            path: None,
            statics: HashSet::new(),
            instance: HashSet::new(),
            methods: HashMap::new(),
            components: components.iter().map(|(n, _)| n.clone()).collect(),
            in_static: false,
        };
        let Some(body) = body else { return cx };
        for m in kids(body) {
            match m.kind() {
                "field_declaration" | "constant_declaration" => {
                    let is_static = kind == ClassKind::Interface || self.has_modifier(m, "static");
                    for d in kids(m).into_iter().filter(|d| d.kind() == "variable_declarator") {
                        if let Some(name) = self.field(d, "name") {
                            let name = self.text(name);
                            if is_static {
                                cx.statics.insert(name);
                            } else {
                                cx.instance.insert(name);
                            }
                        }
                    }
                }
                "method_declaration" => {
                    if let Some(name) = self.field(m, "name") {
                        let arity = self.field(m, "parameters").map_or(0, |p| self.param_count(p));
                        cx.methods.entry(self.text(name)).or_default().push(arity);
                        if self.has_modifier(m, "static") {
                            cx.statics.insert(self.text(name));
                        }
                    }
                }
                "constructor_declaration" | "compact_constructor_declaration" => {
                    let arity = self.field(m, "parameters").map_or(components.len(), |p| self.param_count(p));
                    cx.methods.entry("constructor".into()).or_default().push(arity);
                }
                k if is_class_decl(k) => {
                    if let Some(name) = self.field(m, "name") {
                        cx.statics.insert(self.text(name));
                    }
                }
                "enum_constant" => {
                    if let Some(name) = self.field(m, "name") {
                        cx.statics.insert(self.text(name));
                    }
                }
                "enum_body_declarations" => {
                    let inner = self.scan_body(Some(m), &[], kind);
                    cx.statics.extend(inner.statics);
                    cx.instance.extend(inner.instance);
                    for (k, v) in inner.methods {
                        cx.methods.entry(k).or_default().extend(v);
                    }
                }
                _ => {}
            }
        }
        if kind == ClassKind::Enum {
            cx.statics.insert("values".into());
        }
        // A record's canonical constructor, declared or not.
        if kind == ClassKind::Struct && !components.is_empty() {
            let arities = cx.methods.entry("constructor".into()).or_default();
            if !arities.contains(&components.len()) {
                arities.push(components.len());
            }
        }
        cx
    }

    fn param_count(&self, params: Node) -> usize {
        kids(params).iter().filter(|p| matches!(p.kind(), "formal_parameter" | "spread_parameter")).count()
    }

    /// The value Java gives a field declared without one (`private boolean
    /// readOnly;` is `false`, `private String title;` is `null` until
    /// something sets it), for primitives, strings and boxed primitives:
    /// plain values, never a server a method nobody ran would have set.
    /// Not for a field an annotation marks: a framework may inject it.
    fn primitive_zero(&self, field: Node) -> Option<Expr> {
        let annotated = kids(field)
            .into_iter()
            .filter(|k| k.kind() == "modifiers")
            .flat_map(kids)
            .any(|k| matches!(k.kind(), "annotation" | "marker_annotation"));
        let ty = self.field(field, "type")?;
        let at = self.span(ty);
        match ty.kind() {
            _ if annotated => None,
            "boolean_type" => Some(Expr::Lit(Lit::Bool(false), at)),
            "integral_type" | "floating_point_type" => Some(Expr::Lit(Lit::Num("0".into()), at)),
            "type_identifier"
                if matches!(
                    self.text(ty).as_str(),
                    "String" | "Boolean" | "Integer" | "Long" | "Short" | "Byte" | "Double" | "Float" | "Character"
                ) =>
            {
                Some(Expr::Lit(Lit::Null, at))
            }
            _ => None,
        }
    }

    fn has_modifier(&self, n: Node, word: &str) -> bool {
        kids(n).into_iter().filter(|k| k.kind() == "modifiers").any(|m| {
            let mut c = m.walk();
            let found = m.children(&mut c).any(|k| k.kind() == word);
            found
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn class_body(
        &mut self,
        body: Option<Node>,
        components: Option<Node>,
        name: &Option<String>,
        path: Option<Vec<String>>,
        kind: ClassKind,
        span: Span,
        decl: Node,
    ) -> Vec<Member> {
        let comps: Vec<(String, Node)> = components
            .map(|p| {
                kids(p)
                    .into_iter()
                    .filter(|c| c.kind() == "formal_parameter")
                    .filter_map(|c| self.field(c, "name").map(|n| (self.text(n), c)))
                    .collect()
            })
            .unwrap_or_default();
        let mut ccx = self.scan_body(body, &comps, kind);
        ccx.path = path.clone();
        self.classes.push(ccx);
        // Methods and constructors of a class body run with their own locals.
        let saved_locals = std::mem::take(&mut self.locals);
        let mut members = vec![];
        let mut items: Vec<Node> = body.map(kids).unwrap_or_default();
        // An enum's declarations after its constants.
        if let Some(i) = items.iter().position(|k| k.kind() == "enum_body_declarations") {
            let decls = kids(items[i]);
            items.remove(i);
            items.extend(decls);
        }
        let mut constants = vec![];
        let mut has_ctor = false;
        for m in items {
            match m.kind() {
                "field_declaration" | "constant_declaration" => {
                    let is_static = kind == ClassKind::Interface || self.has_modifier(m, "static");
                    self.set_static(is_static);
                    let ty = self.field(m, "type").map(|t| self.type_expr(t));
                    let zero = self.primitive_zero(m);
                    for d in kids(m).into_iter().filter(|d| d.kind() == "variable_declarator") {
                        let Some(nm) = self.field(d, "name") else { continue };
                        let value = self.field(d, "value").map(|v| self.expr(v)).or_else(|| zero.clone());
                        members.push(Member {
                            alias: None,
                            name: self.text(nm),
                            name_span: self.span(nm),
                            is_static,
                            value: MemberValue::Field(value),
                            annotation: ty.clone(),
                        });
                    }
                }
                "method_declaration" => {
                    let Some(nm) = self.field(m, "name") else { continue };
                    // An abstract or interface method without a body: the
                    // implementations are what runs.
                    if self.field(m, "body").is_none() {
                        continue;
                    }
                    let is_static = self.has_modifier(m, "static");
                    self.set_static(is_static);
                    let id = self.method(m, FuncKind::Method, is_static, &[]);
                    let mname = self.text(nm);
                    self.push_method(&mut members, &mname, id, self.span(nm), is_static);
                }
                "constructor_declaration" | "compact_constructor_declaration" => {
                    self.set_static(false);
                    // A record keeps its canonical constructor beside others.
                    let arity = self.field(m, "parameters").map_or(comps.len(), |p| self.param_count(p));
                    has_ctor |= arity == comps.len();
                    let id = self.method(m, FuncKind::Constructor, false, &comps);
                    let at = self.field(m, "name").map_or(self.span(m), |x| self.span(x));
                    self.push_method(&mut members, "constructor", id, at, false);
                }
                "static_initializer" => {
                    self.set_static(true);
                    let b = kids(m).into_iter().find(|k| k.kind() == "block");
                    let s = self.span(m);
                    let id = self.func_from_block(b, s, true);
                    members.push(Member {
                        alias: None,
                        name: "<clinit>".into(),
                        name_span: s,
                        is_static: true,
                        value: MemberValue::Method(id),
                        annotation: None,
                    });
                }
                "enum_constant" => {
                    self.set_static(true);
                    let Some(nm) = self.field(m, "name") else { continue };
                    let s = self.span(m);
                    let args = self.field(m, "arguments").map(|a| self.args(a)).unwrap_or_default();
                    // Static initialisers see the class as `this`.
                    let class = Expr::This(s);
                    let class = match self.field(m, "body") {
                        Some(b) => {
                            let id = self.anonymous_class(b, class, s);
                            Expr::Class(id, s)
                        }
                        None => class,
                    };
                    let cname = self.text(nm);
                    constants.push((cname.clone(), self.span(nm)));
                    members.push(Member {
                        alias: None,
                        name: cname,
                        name_span: self.span(nm),
                        is_static: true,
                        value: MemberValue::Field(Some(Expr::New { class: Box::new(class), args, span: s })),
                        annotation: None,
                    });
                }
                k if is_class_decl(k) => {
                    let Some(id) = self.class_decl(m, path.clone()) else { continue };
                    let Some(nm) = self.field(m, "name") else { continue };
                    members.push(Member {
                        alias: None,
                        name: self.text(nm),
                        name_span: self.span(nm),
                        is_static: true,
                        value: MemberValue::Field(Some(Expr::Class(id, self.span(m)))),
                        annotation: None,
                    });
                }
                _ => {}
            }
        }
        // A record: its components' fields, canonical constructor and accessors.
        if kind == ClassKind::Struct && !comps.is_empty() {
            for (cname, c) in &comps {
                let at = self.field(*c, "name").map_or(span, |x| self.span(x));
                let ty = self.field(*c, "type").map(|t| self.type_expr(t));
                members.push(Member {
                    alias: None,
                    name: record_field(cname),
                    name_span: at,
                    is_static: false,
                    value: MemberValue::Field(None),
                    annotation: ty,
                });
                if !members.iter().any(|m| &m.name == cname) {
                    let read = Expr::Member { object: Box::new(Expr::This(at)), name: record_field(cname), span: at };
                    let f = Function {
                        name: Some(cname.clone()),
                        kind: FuncKind::Method,
                        lexical_this: false,
                        ..Function::closure(at, vec![], vec![Stmt::Return { value: Some(read), span: at }], at)
                    };
                    let id = self.module.add_func(f);
                    members.push(Member {
                        alias: None,
                        name: cname.clone(),
                        name_span: at,
                        is_static: false,
                        value: MemberValue::Method(id),
                        annotation: None,
                    });
                }
            }
            if !has_ctor {
                let params: Vec<Param> = comps.iter().map(|(n, c)| self.param_of(n, *c)).collect();
                let body = comps.iter().map(|(n, c)| self.assign_component(n, self.span(*c))).collect();
                let at = self.span(decl);
                let f = Function {
                    name: Some("constructor".into()),
                    kind: FuncKind::Constructor,
                    lexical_this: false,
                    ..Function::closure(at, params, body, at)
                };
                let id = self.module.add_func(f);
                let name = if members.iter().any(|m| m.name == "constructor") {
                    format!("constructor#{}", comps.len())
                } else {
                    "constructor".into()
                };
                members.push(Member {
                    alias: None,
                    name,
                    name_span: at,
                    is_static: false,
                    value: MemberValue::Method(id),
                    annotation: None,
                });
            }
        }
        if kind == ClassKind::Enum {
            let at = self.field(decl, "name").map_or(span, |x| self.span(x));
            let items = constants
                .iter()
                .map(|(c, s)| {
                    Element::Item(Expr::Member { object: Box::new(Expr::This(*s)), name: c.clone(), span: *s })
                })
                .collect();
            let list = Expr::List { items, span: at };
            let f = Function {
                name: Some("values".into()),
                kind: FuncKind::Method,
                is_static: true,
                lexical_this: false,
                ..Function::closure(at, vec![], vec![Stmt::Return { value: Some(list), span: at }], at)
            };
            let id = self.module.add_func(f);
            members.push(Member {
                alias: None,
                name: "values".into(),
                name_span: at,
                is_static: true,
                value: MemberValue::Method(id),
                annotation: None,
            });
        }
        let _ = name;
        self.locals = saved_locals;
        self.classes.pop();
        members
    }

    fn set_static(&mut self, s: bool) {
        if let Some(c) = self.classes.last_mut() {
            c.in_static = s;
        }
    }

    /// `this.#name = name` in a record's canonical constructor.
    fn assign_component(&self, name: &str, at: Span) -> Stmt {
        Stmt::Assign {
            target: Place::Member { object: Expr::This(at), name: record_field(name), span: at },
            value: Expr::Name(name.to_string(), at),
            span: at,
        }
    }

    fn push_method(&mut self, members: &mut Vec<Member>, name: &str, id: FuncId, at: Span, is_static: bool) {
        let overloaded = self.classes.last().and_then(|c| c.methods.get(name)).is_some_and(|a| a.len() > 1);
        let arity = self.module.func(id).params.len();
        // A field may share the name: Java keeps the two apart.
        if !members.iter().any(|m| m.name == name && matches!(m.value, MemberValue::Method(_))) {
            members.push(Member {
                alias: None,
                name: name.to_string(),
                name_span: at,
                is_static,
                value: MemberValue::Method(id),
                annotation: None,
            });
        }
        if overloaded {
            members.push(Member {
                alias: None,
                name: format!("{name}#{arity}"),
                name_span: at,
                is_static,
                value: MemberValue::Method(id),
                annotation: None,
            });
        }
    }

    /// An anonymous class body (`new T() { ... }`, an enum constant's body).
    fn anonymous_class(&mut self, body: Node, base: Expr, span: Span) -> crate::ir::ClassId {
        if self.depth > MAX_DEPTH {
            return self.module.add_class(Class {
                name: None,
                name_span: span,
                kind: ClassKind::Class,
                bases: vec![base],
                members: vec![],
                decorators: vec![],
                instances_see_statics: false,
                span,
            });
        }
        self.depth += 1;
        // Locals of the enclosing method stay visible (captured).
        let outer_locals = self.locals.clone();
        let members = self.class_body(Some(body), None, &None, None, ClassKind::Class, span, body);
        self.locals = outer_locals;
        self.depth -= 1;
        self.module.add_class(Class {
            name: None,
            name_span: span,
            kind: ClassKind::Class,
            bases: vec![base],
            members,
            decorators: vec![],
            instances_see_statics: false,
            span,
        })
    }

    fn modifiers_annotations(&mut self, n: Node) -> Vec<Expr> {
        let mut out = vec![];
        for m in kids(n).into_iter().filter(|k| k.kind() == "modifiers") {
            for a in kids(m) {
                if matches!(a.kind(), "annotation" | "marker_annotation") {
                    out.push(self.annotation(a, false));
                }
            }
        }
        out
    }

    /// `@A(k = v)`: the call `A(k=v)` (a decorator), or as an element value
    /// the record `A { k: v }`.
    fn annotation(&mut self, a: Node, as_record: bool) -> Expr {
        let span = self.span(a);
        let callee = self.field(a, "name").map_or(Expr::Unknown(span), |n| self.qualified_name(n));
        let mut pairs: Vec<(String, Span, Expr)> = vec![];
        if let Some(list) = self.field(a, "arguments") {
            for e in kids(list) {
                if e.kind() == "element_value_pair" {
                    let (Some(k), Some(v)) = (self.field(e, "key"), self.field(e, "value")) else { continue };
                    let value = self.element_value(v);
                    pairs.push((self.text(k), self.span(k), value));
                } else {
                    let value = self.element_value(e);
                    pairs.push(("value".into(), self.span(e), value));
                }
            }
        }
        if as_record {
            let entries =
                pairs.into_iter().map(|(key, key_span, value)| Entry::Pair { key, key_span, value }).collect();
            return Expr::Struct { ty: Box::new(callee), entries, span };
        }
        let args = pairs
            .into_iter()
            .map(|(k, at, value)| Arg {
                keyword: Some(k),
                span: Span { end: value.span().end.max(at.end), ..at },
                value,
                spread: Spread::No,
            })
            .collect();
        Expr::Call { callee: Box::new(callee), args, span }
    }

    fn element_value(&mut self, v: Node) -> Expr {
        match v.kind() {
            "annotation" | "marker_annotation" => {
                if self.depth > MAX_DEPTH {
                    return Expr::Unknown(self.span(v));
                }
                self.depth += 1;
                let e = self.annotation(v, true);
                self.depth -= 1;
                e
            }
            "element_value_array_initializer" => {
                let items = kids(v).into_iter().map(|x| Element::Item(self.element_value(x))).collect();
                Expr::List { items, span: self.span(v) }
            }
            _ => self.expr(v),
        }
    }

    /// A dotted name as written (`McpTool.McpAnnotations`), as member reads.
    fn qualified_name(&mut self, n: Node) -> Expr {
        match n.kind() {
            "scoped_identifier" => {
                let span = self.span(n);
                let scope = self.field(n, "scope").map_or(Expr::Unknown(span), |s| self.qualified_name(s));
                let name = self.field(n, "name").map(|x| self.text(x)).unwrap_or_default();
                Expr::Member { object: Box::new(scope), name, span }
            }
            _ => self.name_expr(&self.text(n), self.span(n)),
        }
    }

    /// A type as a value (`McpSyncServer`, `McpSchema.Tool`, `List<Tool>` is `List`).
    /// A parameter's type. A collection keeps its element type as an
    /// index (`List<McpTools>` is `List[McpTools]`, a `Map`'s the value
    /// type, an array its element's): what a container injects there is
    /// every bean of that type.
    fn param_type(&mut self, t: Node) -> Expr {
        let span = self.span(t);
        let element = match t.kind() {
            "generic_type" => {
                let parts = kids(t);
                let base = parts.first().filter(|b| b.kind() != "type_arguments").map(|b| self.text(*b));
                let args = parts.iter().find(|k| k.kind() == "type_arguments").map(|a| kids(*a)).unwrap_or_default();
                match (base.as_deref(), args.last()) {
                    (Some("List" | "Set" | "Collection" | "Iterable" | "Map"), Some(last)) => Some(*last),
                    _ => None,
                }
            }
            "array_type" => self.field(t, "element"),
            _ => None,
        };
        match element {
            Some(e) => {
                let object = match t.kind() {
                    "array_type" => Expr::Name("List".into(), span),
                    _ => self.type_expr(t),
                };
                let index = self.type_expr(e);
                Expr::Index { object: Box::new(object), index: Box::new(index), span }
            }
            None => self.type_expr(t),
        }
    }

    fn type_expr(&mut self, t: Node) -> Expr {
        let span = self.span(t);
        match t.kind() {
            "type_identifier" | "identifier" => self.name_expr(&self.text(t), span),
            "scoped_type_identifier" => {
                let parts = kids(t);
                let Some((last, rest)) = parts.split_last() else { return Expr::Unknown(span) };
                let object = match rest {
                    [one] => self.type_expr(*one),
                    _ => Expr::Unknown(span),
                };
                Expr::Member { object: Box::new(object), name: self.text(*last), span }
            }
            "generic_type" => match kids(t).first() {
                Some(base) if base.kind() != "type_arguments" => self.type_expr(*base),
                _ => Expr::Unknown(span),
            },
            "annotated_type" => {
                match kids(t).into_iter().rfind(|k| !matches!(k.kind(), "annotation" | "marker_annotation")) {
                    Some(x) => self.type_expr(x),
                    None => Expr::Unknown(span),
                }
            }
            _ => Expr::Unknown(span),
        }
    }

    // -- functions --------------------------------------------------------

    fn method(&mut self, m: Node, kind: FuncKind, is_static: bool, components: &[(String, Node)]) -> FuncId {
        let span = self.span(m);
        let name = self.field(m, "name");
        // A method's annotation arguments are constants read in a static
        // context (`@Tool(name = NAME)` on an instance method): the
        // evaluator runs them with the class as `this`.
        let was_static = self.classes.last().map(|c| c.in_static);
        self.set_static(true);
        let mut decorators = self.modifiers_annotations(m);
        // `m(@McpToolTrigger(...) String context)`: a parameter's annotations
        // are the method's too, given the parameter's name.
        if let Some(list) = self.field(m, "parameters") {
            for p in kids(list).into_iter().filter(|p| matches!(p.kind(), "formal_parameter" | "spread_parameter")) {
                let declarator = kids(p).into_iter().find(|k| k.kind() == "variable_declarator");
                let Some(name) = self.field(p, "name").or_else(|| declarator.and_then(|d| self.field(d, "name")))
                else {
                    continue;
                };
                let name = Expr::Lit(Lit::Str(self.text(name)), self.span(name));
                for mut a in self.modifiers_annotations(p) {
                    if let Expr::Call { args, span, .. } = &mut a {
                        let value = name.clone();
                        args.push(Arg {
                            keyword: Some(crate::ir::PARAMETER.into()),
                            value,
                            spread: Spread::No,
                            span: *span,
                        });
                    }
                    decorators.push(a);
                }
            }
        }
        if let Some(s) = was_static {
            self.set_static(s);
        }
        self.locals.push(HashSet::new());
        let params = match self.field(m, "parameters") {
            Some(p) => self.params(p),
            // A compact canonical constructor takes the components.
            None => components.iter().map(|(n, c)| self.param_of(n, *c)).collect(),
        };
        for p in &params {
            let n = p.name.clone();
            self.declare(&n);
        }
        let mut body = self.field(m, "body").map(|b| self.block(b)).unwrap_or_default();
        if m.kind() == "compact_constructor_declaration" {
            body.extend(components.iter().map(|(n, c)| self.assign_component(n, self.span(*c))));
        }
        self.locals.pop();
        self.module.add_func(Function {
            name: Some(match kind {
                FuncKind::Constructor => "constructor".into(),
                _ => name.map(|n| self.text(n)).unwrap_or_default(),
            }),
            name_span: name.map_or(span, |n| self.span(n)),
            params,
            body,
            decorators,
            kind,
            is_static,
            lexical_this: false,
            // `Type::method` applied to `x` is `x.method()`.
            receiver_first: kind == FuncKind::Method && !is_static,
            results: 1,
            is_async: false,
            type_params: vec![],
            span,
        })
    }

    fn func_from_block(&mut self, b: Option<Node>, span: Span, is_static: bool) -> FuncId {
        self.locals.push(HashSet::new());
        let body = b.map(|b| self.block(b)).unwrap_or_default();
        self.locals.pop();
        self.module.add_func(Function {
            kind: FuncKind::Method,
            is_static,
            lexical_this: false,
            ..Function::closure(span, vec![], body, span)
        })
    }

    fn param_of(&mut self, name: &str, p: Node) -> Param {
        let annotation = self.field(p, "type").map(|t| self.param_type(t));
        Param {
            name: name.to_string(),
            pattern: None,
            default: None,
            kind: ParamKind::Positional,
            annotation,
            span: self.span(p),
        }
    }

    fn params(&mut self, list: Node) -> Vec<Param> {
        let mut out = vec![];
        for p in kids(list) {
            match p.kind() {
                "formal_parameter" => {
                    let Some(n) = self.field(p, "name") else { continue };
                    let name = self.text(n);
                    out.push(self.param_of(&name, p));
                }
                "spread_parameter" => {
                    let Some(d) = kids(p).into_iter().find(|k| k.kind() == "variable_declarator") else { continue };
                    let Some(n) = self.field(d, "name") else { continue };
                    let ty = kids(p).into_iter().find(|k| k.kind() != "modifiers" && k.kind() != "variable_declarator");
                    let annotation = ty.map(|t| self.type_expr(t));
                    out.push(Param {
                        name: self.text(n),
                        pattern: None,
                        default: None,
                        kind: ParamKind::Rest,
                        annotation,
                        span: self.span(p),
                    });
                }
                // `(a, b) -> ...`
                "identifier" => out.push(Param {
                    name: self.text(p),
                    pattern: None,
                    default: None,
                    kind: ParamKind::Positional,
                    annotation: None,
                    span: self.span(p),
                }),
                _ => {}
            }
        }
        out
    }

    fn lambda(&mut self, n: Node) -> Expr {
        let span = self.span(n);
        self.locals.push(HashSet::new());
        let params = match self.field(n, "parameters") {
            Some(p) if p.kind() == "identifier" => vec![Param {
                name: self.text(p),
                pattern: None,
                default: None,
                kind: ParamKind::Positional,
                annotation: None,
                span: self.span(p),
            }],
            Some(p) => self.params(p),
            None => vec![],
        };
        for p in &params {
            let n = p.name.clone();
            self.declare(&n);
        }
        let body = match self.field(n, "body") {
            Some(b) if b.kind() == "block" => self.block(b),
            Some(e) => {
                let value = self.expr(e);
                vec![Stmt::Return { value: Some(value), span: self.span(e) }]
            }
            None => vec![],
        };
        self.locals.pop();
        let id = self.module.add_func(Function::closure(span, params, body, span));
        Expr::Func(id, span)
    }

    // -- statements -------------------------------------------------------

    fn block(&mut self, b: Node) -> Block {
        if self.depth > MAX_DEPTH {
            return vec![Stmt::Unsupported(self.span(b))];
        }
        self.depth += 1;
        let mut out = vec![];
        for s in kids(b) {
            out.extend(self.stmt(s));
        }
        self.depth -= 1;
        out
    }

    /// A statement as a block of its own.
    fn body(&mut self, n: Option<Node>) -> Block {
        match n {
            Some(n) if n.kind() == "block" => self.block(n),
            Some(n) => self.stmt(n),
            None => vec![],
        }
    }

    fn stmt(&mut self, n: Node) -> Block {
        if self.depth > MAX_DEPTH {
            return vec![Stmt::Unsupported(self.span(n))];
        }
        self.depth += 1;
        let out = self.stmt_inner(n);
        self.depth -= 1;
        out
    }

    fn stmt_inner(&mut self, n: Node) -> Block {
        let span = self.span(n);
        match n.kind() {
            "block" => self.block(n),
            "local_variable_declaration" => {
                let mut out = vec![];
                for d in kids(n).into_iter().filter(|d| d.kind() == "variable_declarator") {
                    let Some(nm) = self.field(d, "name") else { continue };
                    let name = self.text(nm);
                    let value = match self.field(d, "value") {
                        Some(v) => self.expr(v),
                        None => Expr::Lit(Lit::Null, self.span(d)),
                    };
                    self.declare(&name);
                    out.push(Stmt::Let { target: Pattern::Name(name, self.span(nm)), value, span: self.span(d) });
                }
                out
            }
            "expression_statement" => match kids(n).first() {
                Some(e) => self.expr_stmt(*e),
                None => vec![],
            },
            "return_statement" => {
                let value = kids(n).first().map(|e| self.expr(*e));
                vec![Stmt::Return { value, span }]
            }
            "yield_statement" => {
                let value = kids(n).first().map(|e| self.expr(*e));
                vec![Stmt::Return { value, span }]
            }
            "if_statement" => {
                let cond = self.field(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
                let then = self.scoped(|cx| cx.body(cx.field(n, "consequence")));
                let otherwise = self.scoped(|cx| cx.body(cx.field(n, "alternative")));
                vec![Stmt::If { cond, then, otherwise, span }]
            }
            "while_statement" | "do_statement" => {
                let cond = self.field(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
                let body = self.scoped(|cx| cx.body(cx.field(n, "body")));
                vec![Stmt::While { cond, body, span }]
            }
            "for_statement" => self.scoped(|cx| {
                let mut out = vec![];
                let mut c = n.walk();
                let inits: Vec<Node> = n.children_by_field_name("init", &mut c).collect();
                for i in inits {
                    if i.kind() == "local_variable_declaration" {
                        out.extend(cx.stmt(i));
                    } else {
                        out.extend(cx.expr_stmt(i));
                    }
                }
                let cond = cx.field(n, "condition").map_or(Expr::Unknown(span), |c| cx.expr(c));
                let body = cx.body(cx.field(n, "body"));
                out.push(Stmt::While { cond, body, span });
                out
            }),
            "enhanced_for_statement" => self.scoped(|cx| {
                let iter = cx.field(n, "value").map_or(Expr::Unknown(span), |v| cx.expr(v));
                let pattern = match cx.field(n, "name") {
                    Some(nm) => {
                        let name = cx.text(nm);
                        cx.declare(&name);
                        Pattern::Name(name, cx.span(nm))
                    }
                    None => Pattern::Ignore,
                };
                let body = cx.body(cx.field(n, "body"));
                vec![Stmt::ForEach { pattern, iter, body, span }]
            }),
            "try_statement" | "try_with_resources_statement" => self.try_stmt(n, span),
            "switch_expression" => {
                let (pre, cases, scrutinee) = self.switch(n, span, false);
                let mut out = pre;
                out.push(Stmt::Switch { scrutinee, cases, span });
                out
            }
            "break_statement" => vec![Stmt::Break(span)],
            "continue_statement" => vec![Stmt::Continue(span)],
            "throw_statement" => kids(n).first().map(|e| self.expr_stmt(*e)).unwrap_or_default(),
            "labeled_statement" => {
                let inner = kids(n).into_iter().rfind(|k| k.kind() != "identifier");
                inner.map(|s| self.stmt(s)).unwrap_or_default()
            }
            "synchronized_statement" => self.body(self.field(n, "body")),
            "explicit_constructor_invocation" => {
                let args = self.field(n, "arguments").map(|a| self.args(a)).unwrap_or_default();
                let callee = match self.field(n, "constructor").map(|c| c.kind()) {
                    Some("super") => Expr::Super(span),
                    _ => {
                        let name = self.overload("constructor", args.len());
                        Expr::Member { object: Box::new(Expr::This(span)), name, span }
                    }
                };
                vec![Stmt::Expr(Expr::Call { callee: Box::new(callee), args, span })]
            }
            k if is_class_decl(k) => {
                let Some(id) = self.class_decl(n, None) else { return vec![] };
                if let Some(nm) = self.field(n, "name") {
                    let name = self.text(nm);
                    self.declare(&name);
                }
                vec![Stmt::Class(id)]
            }
            "local_class_declaration" => kids(n).into_iter().flat_map(|k| self.stmt(k)).collect(),
            ";" | "empty_statement" | "assert_statement" => vec![],
            _ => vec![Stmt::Unsupported(span)],
        }
    }

    fn scoped(&mut self, f: impl FnOnce(&mut Self) -> Block) -> Block {
        // Java forbids shadowing a local: names declared inside stay locals
        // of the method (conservatively visible after the block).
        f(self)
    }

    fn try_stmt(&mut self, n: Node, span: Span) -> Block {
        let mut body = vec![];
        if let Some(res) = self.field(n, "resources") {
            for r in kids(res) {
                if r.kind() == "resource" {
                    if let (Some(nm), Some(v)) = (self.field(r, "name"), self.field(r, "value")) {
                        let name = self.text(nm);
                        let value = self.expr(v);
                        self.declare(&name);
                        body.push(Stmt::Let { target: Pattern::Name(name, self.span(nm)), value, span: self.span(r) });
                    }
                }
            }
        }
        body.extend(self.body(self.field(n, "body")));
        let mut handlers = vec![];
        let mut finally = vec![];
        for k in kids(n) {
            match k.kind() {
                "catch_clause" => {
                    if let Some(p) = kids(k).into_iter().find(|c| c.kind() == "catch_formal_parameter") {
                        if let Some(nm) = self.field(p, "name") {
                            let name = self.text(nm);
                            self.declare(&name);
                        }
                    }
                    let b = self.body(self.field(k, "body"));
                    handlers.push(b);
                }
                "finally_clause" => {
                    if let Some(b) = kids(k).into_iter().find(|c| c.kind() == "block") {
                        finally = self.block(b);
                    }
                }
                _ => {}
            }
        }
        vec![Stmt::Try { body, handlers, finally, span }]
    }

    /// A switch's cases. As a value (`value`), an arrow case's expression
    /// is what it returns (`yield` returns too); as a statement, a statement.
    fn switch(&mut self, n: Node, span: Span, value: bool) -> (Block, Vec<Case>, Expr) {
        let scrutinee = self.field(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
        let mut cases = vec![];
        let Some(body) = self.field(n, "body") else { return (vec![], cases, scrutinee) };
        for group in kids(body) {
            let labels: Vec<Node> = kids(group).into_iter().filter(|k| k.kind() == "switch_label").collect();
            let test = labels.first().and_then(|l| kids(*l).first().copied()).map(|e| self.expr(e));
            let mut block = vec![];
            for k in kids(group).into_iter().filter(|k| k.kind() != "switch_label") {
                match (value, group.kind(), k.kind()) {
                    (true, "switch_rule", "expression_statement") => {
                        let e = kids(k).first().map(|e| self.expr(*e));
                        block.push(Stmt::Return { value: e, span: self.span(k) });
                    }
                    _ => block.extend(self.stmt(k)),
                }
            }
            cases.push(Case { test, body: block });
        }
        (vec![], cases, scrutinee)
    }

    fn expr_stmt(&mut self, e: Node) -> Block {
        let span = self.span(e);
        match e.kind() {
            "assignment_expression" => {
                let (Some(l), Some(r)) = (self.field(e, "left"), self.field(e, "right")) else { return vec![] };
                let op = self.field(e, "operator").map(|o| self.text(o)).unwrap_or_default();
                let value = if op == "=" { self.expr(r) } else { Expr::Unknown(span) };
                match self.place(l) {
                    Some(target) => vec![Stmt::Assign { target, value, span }],
                    None => vec![Stmt::Expr(value)],
                }
            }
            "update_expression" => match kids(e).first().and_then(|x| self.place(*x)) {
                Some(target) => vec![Stmt::Assign { target, value: Expr::Unknown(span), span }],
                None => vec![],
            },
            _ => vec![Stmt::Expr(self.expr(e))],
        }
    }

    fn place(&mut self, l: Node) -> Option<Place> {
        let span = self.span(l);
        match l.kind() {
            "identifier" => {
                let name = self.text(l);
                match self.name_expr(&name, span) {
                    Expr::Member { object, name, span } => Some(Place::Member { object: *object, name, span }),
                    _ => Some(Place::Name(name, span)),
                }
            }
            "field_access" => {
                let object = self.field(l, "object").map_or(Expr::Unknown(span), |o| self.expr(o));
                let name = self.field(l, "field").map(|f| self.text(f)).unwrap_or_default();
                Some(Place::Member { object, name, span })
            }
            "array_access" => {
                let object = self.field(l, "array").map_or(Expr::Unknown(span), |o| self.expr(o));
                let index = self.field(l, "index").map_or(Expr::Unknown(span), |i| self.expr(i));
                Some(Place::Index { object, index, span })
            }
            "parenthesized_expression" => kids(l).first().and_then(|x| self.place(*x)),
            _ => None,
        }
    }

    // -- expressions ------------------------------------------------------

    /// A simple name as code means it (see the module doc).
    fn name_expr(&self, name: &str, span: Span) -> Expr {
        if self.is_local(name) {
            return Expr::Name(name.to_string(), span);
        }
        for (i, c) in self.classes.iter().enumerate().rev() {
            let innermost = i + 1 == self.classes.len();
            if c.components.contains(name) && innermost && !c.in_static {
                return member(Expr::This(span), &record_field(name), span);
            }
            if c.instance.contains(name) {
                if innermost && !c.in_static {
                    return member(Expr::This(span), name, span);
                }
                continue;
            }
            if c.statics.contains(name) {
                if innermost && c.in_static {
                    return member(Expr::This(span), name, span);
                }
                if let Some(p) = c.path.as_ref().and_then(|p| path_expr(p, span)) {
                    return member(p, name, span);
                }
            }
        }
        Expr::Name(name.to_string(), span)
    }

    /// The member an unqualified call `name(args)` reads.
    fn call_target(&self, name: &str, argc: usize, span: Span) -> Expr {
        if self.is_local(name) || self.static_imports.contains(name) {
            return Expr::Name(name.to_string(), span);
        }
        for (i, c) in self.classes.iter().enumerate().rev() {
            let Some(arities) = c.methods.get(name) else { continue };
            let member_name =
                if arities.len() > 1 && arities.contains(&argc) { format!("{name}#{argc}") } else { name.to_string() };
            let innermost = i + 1 == self.classes.len();
            let is_static = c.statics.contains(name);
            if innermost && (!c.in_static || is_static) {
                return member(Expr::This(span), &member_name, span);
            }
            if let Some(p) = c.path.as_ref().and_then(|p| path_expr(p, span)) {
                return member(p, &member_name, span);
            }
            return member(Expr::This(span), &member_name, span);
        }
        if !self.classes.is_empty() {
            return member(Expr::This(span), name, span);
        }
        Expr::Name(name.to_string(), span)
    }

    /// The member name of an overloaded method of the innermost class.
    fn overload(&self, name: &str, argc: usize) -> String {
        match self.classes.last().and_then(|c| c.methods.get(name)) {
            Some(a) if a.len() > 1 && a.contains(&argc) => format!("{name}#{argc}"),
            _ => name.to_string(),
        }
    }

    fn args(&mut self, list: Node) -> Vec<Arg> {
        kids(list)
            .into_iter()
            .map(|a| Arg { keyword: None, value: self.expr(a), spread: Spread::No, span: self.span(a) })
            .collect()
    }

    fn expr(&mut self, n: Node) -> Expr {
        if self.depth > MAX_DEPTH {
            return Expr::Unknown(self.span(n));
        }
        self.depth += 1;
        let e = self.expr_inner(n);
        self.depth -= 1;
        e
    }

    fn expr_inner(&mut self, n: Node) -> Expr {
        let span = self.span(n);
        match n.kind() {
            "identifier" => self.name_expr(&self.text(n), span),
            "this" => Expr::This(span),
            "super" => Expr::Super(span),
            "true" => Expr::Lit(Lit::Bool(true), span),
            "false" => Expr::Lit(Lit::Bool(false), span),
            "null_literal" => Expr::Lit(Lit::Null, span),
            "string_literal" => match string(self.text, n) {
                Some(s) => Expr::Lit(Lit::Str(s), span),
                None => Expr::Unknown(span),
            },
            "character_literal" => Expr::Lit(Lit::Str(self.text(n).trim_matches('\'').to_string()), span),
            "decimal_integer_literal"
            | "hex_integer_literal"
            | "octal_integer_literal"
            | "binary_integer_literal"
            | "decimal_floating_point_literal"
            | "hex_floating_point_literal" => Expr::Lit(Lit::Num(self.text(n)), span),
            "parenthesized_expression" => match kids(n).first() {
                Some(e) => self.expr(*e),
                None => Expr::Unknown(span),
            },
            "cast_expression" => match self.field(n, "value") {
                Some(v) => {
                    let value = self.expr(v);
                    Expr::Unary { op: UnaryOp::Transparent, operand: Box::new(value), span }
                }
                None => Expr::Unknown(span),
            },
            "field_access" => {
                let Some(f) = self.field(n, "field") else { return Expr::Unknown(span) };
                let name = self.text(f);
                let Some(o) = self.field(n, "object") else { return Expr::Unknown(span) };
                // `Outer.this`
                if name == "this" {
                    return Expr::This(span);
                }
                if o.kind() == "identifier" && self.text(o) == "Boolean" && !self.is_local("Boolean") {
                    match name.as_str() {
                        "TRUE" => return Expr::Lit(Lit::Bool(true), span),
                        "FALSE" => return Expr::Lit(Lit::Bool(false), span),
                        _ => {}
                    }
                }
                let object = self.expr(o);
                member(object, &name, span)
            }
            "array_access" => {
                let object = self.field(n, "array").map_or(Expr::Unknown(span), |o| self.expr(o));
                let index = self.field(n, "index").map_or(Expr::Unknown(span), |i| self.expr(i));
                Expr::Index { object: Box::new(object), index: Box::new(index), span }
            }
            "method_invocation" => self.call(n, span),
            "object_creation_expression" => self.new_expr(n, span),
            "array_creation_expression" => match self.field(n, "value") {
                Some(v) => self.expr(v),
                None => Expr::List { items: vec![], span },
            },
            "array_initializer" => {
                let items = kids(n).into_iter().map(|x| Element::Item(self.expr(x))).collect();
                Expr::List { items, span }
            }
            "lambda_expression" => self.lambda(n),
            "method_reference" => {
                let parts = kids(n);
                let Some(first) = parts.first() else { return Expr::Unknown(span) };
                let object = match first.kind() {
                    "this" => Expr::This(span),
                    "super" => Expr::Super(span),
                    "identifier" | "field_access" | "method_invocation" => self.expr(*first),
                    _ => self.type_expr(*first),
                };
                match parts.get(1).filter(|p| p.kind() == "identifier") {
                    Some(m) => member(object, &self.text(*m), span),
                    // `Foo::new`: constructing is calling the class.
                    None => object,
                }
            }
            "ternary_expression" => {
                let test = self.field(n, "condition").map_or(Expr::Unknown(span), |c| self.expr(c));
                let then = self.field(n, "consequence").map_or(Expr::Unknown(span), |c| self.expr(c));
                let otherwise = self.field(n, "alternative").map_or(Expr::Unknown(span), |c| self.expr(c));
                Expr::Cond { test: Box::new(test), then: Box::new(then), otherwise: Box::new(otherwise), span }
            }
            "binary_expression" => {
                let left = self.field(n, "left").map_or(Expr::Unknown(span), |c| self.expr(c));
                let right = self.field(n, "right").map_or(Expr::Unknown(span), |c| self.expr(c));
                let op = match self.field(n, "operator").map(|o| self.text(o)).as_deref() {
                    Some("==") => BinaryOp::Eq,
                    Some("!=") => BinaryOp::NotEq,
                    Some("&&") => BinaryOp::And,
                    Some("||") => BinaryOp::Or,
                    Some("+") => BinaryOp::Add,
                    Some(op) => BinaryOp::arithmetic_or_ordering(op),
                    None => BinaryOp::Other,
                };
                Expr::Binary { op, left: Box::new(left), right: Box::new(right), span }
            }
            "unary_expression" => {
                let operand = self.field(n, "operand").map_or(Expr::Unknown(span), |c| self.expr(c));
                let op = match self.field(n, "operator").map(|o| self.text(o)).as_deref() {
                    Some("!") => UnaryOp::Not,
                    Some("-") => UnaryOp::Neg,
                    Some("+") => UnaryOp::Transparent,
                    _ => UnaryOp::Opaque,
                };
                Expr::Unary { op, operand: Box::new(operand), span }
            }
            "instanceof_expression" => Expr::Unknown(span),
            // A switch expression: a closure run in place whose cases return.
            "switch_expression" => {
                let (_, cases, scrutinee) = self.switch(n, span, true);
                let body = vec![Stmt::Switch { scrutinee, cases, span }];
                let id = self.module.add_func(Function::closure(span, vec![], body, span));
                Expr::Call { callee: Box::new(Expr::Func(id, span)), args: vec![], span }
            }
            "assignment_expression" => {
                // As a value: the right-hand side (the write is lost).
                self.field(n, "right").map_or(Expr::Unknown(span), |r| self.expr(r))
            }
            // `Tools.class`: the class itself (what `getBeansOfType(T.class)` asks for).
            "class_literal" => match kids(n).into_iter().next() {
                Some(t) => self.type_expr(t),
                None => Expr::Unknown(span),
            },
            _ => Expr::Unknown(span),
        }
    }

    fn call(&mut self, n: Node, span: Span) -> Expr {
        let name = self.field(n, "name").map(|x| self.text(x)).unwrap_or_default();
        let name_span = self.field(n, "name").map_or(span, |x| self.span(x));
        let mut args = self.field(n, "arguments").map(|a| self.args(a)).unwrap_or_default();
        let object = self.field(n, "object");
        // `java.util` factories and identities, when the class is not shadowed.
        if let Some(o) = object.filter(|o| o.kind() == "identifier") {
            let class = self.text(o);
            if !self.is_local(&class) && !self.declares(&class) {
                match (class.as_str(), name.as_str()) {
                    ("List" | "Set" | "Stream" | "Arrays" | "Collections", "of" | "asList" | "singletonList") => {
                        return list_of(args, span);
                    }
                    // A copy of a collection holds its elements (not the collection).
                    ("List" | "Set" | "Map", "copyOf")
                    | ("Collections", "unmodifiableList" | "unmodifiableSet" | "unmodifiableCollection")
                    | ("Optional", "of" | "ofNullable")
                    | ("Objects", "requireNonNull" | "requireNonNullElse")
                    | ("Boolean", "valueOf")
                        if !args.is_empty() =>
                    {
                        return args.swap_remove(0).value;
                    }
                    ("Collections", "emptyList" | "emptySet") => {
                        return Expr::List { items: vec![], span };
                    }
                    _ => {}
                }
            }
        }
        let callee = match object {
            None => self.call_target(&name, args.len(), name_span),
            Some(o) => {
                let obj = match o.kind() {
                    "super" => Expr::Super(self.span(o)),
                    _ => self.expr(o),
                };
                let name = if matches!(obj, Expr::This(_)) { self.overload(&name, args.len()) } else { name };
                Expr::Member { object: Box::new(obj), name, span: Span { start: span.start, ..name_span } }
            }
        };
        Expr::Call { callee: Box::new(callee), args, span }
    }

    /// Whether a class being lowered declares this member (it shadows a
    /// `java.util` class name).
    fn declares(&self, name: &str) -> bool {
        self.classes.iter().any(|c| c.statics.contains(name) || c.instance.contains(name))
    }

    fn new_expr(&mut self, n: Node, span: Span) -> Expr {
        let ty = self.field(n, "type");
        let args = self.field(n, "arguments").map(|a| self.args(a)).unwrap_or_default();
        let base = ty.map_or(Expr::Unknown(span), |t| self.type_expr(t));
        let body = kids(n).into_iter().find(|k| k.kind() == "class_body");
        if let Some(body) = body {
            let id = self.anonymous_class(body, base, span);
            return Expr::New { class: Box::new(Expr::Class(id, span)), args, span };
        }
        // `new ArrayList<>()`, `new ArrayList<>(xs)`.
        let simple = ty.map(|t| {
            let t = if t.kind() == "generic_type" { kids(t).first().copied().unwrap_or(t) } else { t };
            self.text(t)
        });
        if let Some(simple) = simple {
            let simple = simple.rsplit('.').next().unwrap_or("").to_string();
            if matches!(
                simple.as_str(),
                "ArrayList"
                    | "LinkedList"
                    | "HashSet"
                    | "LinkedHashSet"
                    | "TreeSet"
                    | "Vector"
                    | "CopyOnWriteArrayList"
            ) && !self.declares(&simple)
            {
                return match args.into_iter().next() {
                    Some(a) if !matches!(a.value, Expr::Lit(Lit::Num(_), _)) => {
                        Expr::List { items: vec![Element::Spread(a.value)], span }
                    }
                    _ => Expr::List { items: vec![], span },
                };
            }
        }
        Expr::New { class: Box::new(base), args, span }
    }
}

fn member(object: Expr, name: &str, span: Span) -> Expr {
    Expr::Member { object: Box::new(object), name: name.to_string(), span }
}

fn path_expr(path: &[String], span: Span) -> Option<Expr> {
    let (first, rest) = path.split_first()?;
    let mut e = Expr::Name(first.clone(), span);
    for p in rest {
        e = member(e, p, span);
    }
    Some(e)
}

fn list_of(args: Vec<Arg>, span: Span) -> Expr {
    Expr::List { items: args.into_iter().map(|a| Element::Item(a.value)).collect(), span }
}

/// A string literal's value (text blocks included); `None` with a
/// template or an escape it cannot read.
fn string(text: &str, n: Node) -> Option<String> {
    let raw = text.get(n.byte_range())?;
    if let Some(inner) = raw.strip_prefix("\"\"\"").and_then(|r| r.strip_suffix("\"\"\"")) {
        // A text block: its lines without their common indentation.
        let lines: Vec<&str> = inner.lines().skip(1).collect();
        let indent =
            lines.iter().filter(|l| !l.trim().is_empty()).map(|l| l.len() - l.trim_start().len()).min().unwrap_or(0);
        let body: Vec<String> = lines.iter().map(|l| l.get(indent..).unwrap_or("").trim_end().to_string()).collect();
        return unescape(&body.join("\n"));
    }
    let inner = raw.strip_prefix('"')?.strip_suffix('"')?;
    unescape(inner)
}

fn unescape(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            's' => out.push(' '),
            '0' => out.push('\0'),
            '\\' => out.push('\\'),
            '"' => out.push('"'),
            '\'' => out.push('\''),
            '\n' => {}
            'u' => {
                let hex: String = chars.by_ref().skip_while(|c| *c == 'u').take(4).collect();
                out.push(char::from_u32(u32::from_str_radix(hex.get(..4)?, 16).ok()?)?);
            }
            _ => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::java::GRAMMAR;

    fn lower_text(text: &str) -> Module {
        let tree = GRAMMAR.parse(text).expect("parses");
        lower(FileId(0), text, tree.root_node())
    }

    #[test]
    fn strings_and_text_blocks() {
        let m = lower_text("class A { static final String X = \"a\\\"b\"; static final String Y = \"\"\"\n    hi\n      there\n    \"\"\"; }");
        let c = &m.classes[0];
        let vals: Vec<_> = c
            .members
            .iter()
            .filter_map(|m| match &m.value {
                MemberValue::Field(Some(Expr::Lit(Lit::Str(s), _))) => Some(s.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(vals, vec!["a\"b".to_string(), "hi\n  there\n".to_string()]);
    }

    #[test]
    fn unqualified_names_are_members() {
        let m = lower_text(
            "class A { static final String N = \"x\"; String f; String g() { return f + N; } static String h() { return N; } }",
        );
        let g = m.funcs.iter().find(|f| f.name.as_deref() == Some("g")).expect("g");
        let Stmt::Return { value: Some(Expr::Binary { left, right, .. }), .. } = &g.body[0] else { panic!() };
        assert!(matches!(&**left, Expr::Member { object, .. } if matches!(**object, Expr::This(_))));
        assert!(matches!(&**right, Expr::Member { object, .. } if matches!(&**object, Expr::Name(n, _) if n == "A")));
        let h = m.funcs.iter().find(|f| f.name.as_deref() == Some("h")).expect("h");
        let Stmt::Return { value: Some(Expr::Member { object, .. }), .. } = &h.body[0] else { panic!() };
        assert!(matches!(**object, Expr::This(_)));
    }

    /// A field without a value holds Java's default for plain values; any
    /// other type stays unknown, and so does a field an annotation marks.
    #[test]
    fn fields_without_values_hold_their_defaults() {
        let m = lower_text(
            "class B { private boolean ro; long n; String t; Boolean d; McpSyncServer s; @Value(\"x\") boolean i; }",
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

    /// A method keeps its place beside a field of the same name (Java's
    /// accessor idiom: `definition` and `definition()`).
    #[test]
    fn a_method_sharing_a_fields_name_is_kept() {
        let m = lower_text("class A { private final Object definition; Object definition() { return definition; } }");
        let kinds: Vec<bool> = m.classes[0]
            .members
            .iter()
            .filter(|f| f.name == "definition")
            .map(|f| matches!(f.value, MemberValue::Method(_)))
            .collect();
        assert_eq!(kinds, vec![false, true]);
    }

    #[test]
    fn every_prefix_lowers_without_panicking() {
        let text = include_str!("../../../tests/fixtures/java/sdk-builder/src/main/java/demo/Server.java");
        for end in (0..text.len()).filter(|i| text.is_char_boundary(*i)) {
            let _ = lower_text(&text[..end]);
        }
    }

    #[test]
    fn deep_nesting_is_bounded() {
        let deep = format!("class A {{ Object x = {}1{}; }}", "(".repeat(5000), ")".repeat(5000));
        let _ = lower_text(&deep);
        let deep = format!("class A {{ void f() {{ {} }} }}", "if (a) {".repeat(3000));
        let _ = lower_text(&deep);
        let _ = lower_text("class { @ ( = } } ) record enum interface ->");
    }
}
