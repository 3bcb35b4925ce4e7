//! C# 12 primary constructors (`class Loader(IFactory factory) { ... }`)
//! and positional records (`record Tool(string Name)`): the parameters
//! are in scope in every member and its initialisers. Lowered as the
//! constructor the compiler writes: each parameter kept in a field of its
//! name (a record's property), then the instance initialisers that read a
//! parameter, in order. Initialisers that read none stay where they are.

use tree_sitter::Node;

use super::Cx;
use crate::ir::{Expr, FuncKind, Function, Member, MemberValue, Place, Stmt};

impl Cx<'_> {
    /// Whether syntax `n` names a parameter of the enclosing primary
    /// constructor (an identifier spelled as one: a shadowing local only
    /// makes the initialiser move to the constructor, where it still reads
    /// the same).
    pub(super) fn reads_primary(&self, n: Node) -> bool {
        if self.primary.is_empty() {
            return false;
        }
        let mut cursor = n.walk();
        loop {
            let node = cursor.node();
            if node.kind() == "identifier" && self.primary.iter().any(|p| p == self.text(node)) {
                return true;
            }
            if cursor.goto_first_child() {
                continue;
            }
            loop {
                if cursor.node() == n {
                    return false;
                }
                if cursor.goto_next_sibling() {
                    break;
                }
                if !cursor.goto_parent() {
                    return false;
                }
            }
        }
    }

    /// An instance initialiser that reads a primary-constructor parameter:
    /// written by the constructor instead.
    pub(super) fn init_in_constructor(&mut self, name: &str, value: Expr) {
        let span = value.span();
        let target = Place::Member { object: Expr::This(span), name: name.to_string(), span };
        self.primary_body.push(Stmt::Assign { target, value, span });
    }

    /// `: base(args)` of a constructor, or the arguments a primary
    /// constructor passes its base (`class A(int n) : B(n)`): the base
    /// constructor called on `this`. `: this(args)` is not followed.
    pub(super) fn base_call(&mut self, n: Node) -> Option<Stmt> {
        let mut cursor = n.walk();
        let keyword_this = n.children(&mut cursor).any(|c| c.kind() == "this");
        let list = super::kids(n).into_iter().find(|c| c.kind() == "argument_list")?;
        if keyword_this {
            return None;
        }
        let span = self.span(n);
        let args = self.args(Some(list));
        Some(Stmt::Expr(Expr::Call { callee: Box::new(Expr::Super(span)), args, span }))
    }

    /// The constructor of a class or record with a primary parameter list.
    pub(super) fn primary_constructor(&mut self, class: Node, list: Node, body: Vec<Stmt>, members: &mut Vec<Member>) {
        let params = self.params(list);
        let span = self.span(list);
        // The grammar gives `: B(args)` as the base's name and an argument
        // list beside it (newer ones wrap both in a node).
        let base = super::kids(class)
            .into_iter()
            .filter(|c| c.kind() == "base_list")
            .find_map(|l| {
                if super::kids(l).iter().any(|c| c.kind() == "argument_list") {
                    return Some(l);
                }
                super::kids(l).into_iter().find(|b| b.kind() == "primary_constructor_base_type")
            })
            .and_then(|b| self.base_call(b));
        let mut stmts: Vec<Stmt> = params
            .iter()
            .map(|p| Stmt::Assign {
                target: Place::Member { object: Expr::This(p.span), name: p.name.clone(), span: p.span },
                value: Expr::Name(p.name.clone(), p.span),
                span: p.span,
            })
            .collect();
        stmts.extend(base);
        stmts.extend(body);
        let id = self.module.add_func(Function {
            kind: FuncKind::Constructor,
            name: Some("constructor".into()),
            lexical_this: false,
            ..Function::closure(span, params, stmts, span)
        });
        members.push(Member {
            alias: None,
            name: "constructor".into(),
            name_span: span,
            is_static: false,
            value: MemberValue::Method(id),
            annotation: None,
        });
    }
}
