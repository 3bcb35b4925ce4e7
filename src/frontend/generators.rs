//! Generator functions (Python `def` with `yield`, JavaScript `function*`),
//! lowered as functions that return everything they yield, in order: a
//! list the interpreter already walks, spreads and filters. How lazily the
//! values come does not matter to which tools they are, and a value
//! yielded on one path of a branch is among them as an element pushed on
//! that path is. What a `yield` expression evaluates to (what `send` passes
//! in) is not followed.

use crate::ir::{Arg, Block, Expr, Lit, Pattern, Spread, Stmt};
use crate::source::Span;

/// The list a generator's yields go to: not a name any source can bind.
const YIELDED: &str = "@yielded";

fn yielded(span: Span) -> Expr {
    Expr::Name(YIELDED.into(), span)
}

/// `yield value` (`yield from value`, `yield* value` when `delegate`): the
/// value, or each element of it, added to the list.
pub fn yield_expr(value: Option<Expr>, delegate: bool, span: Span) -> Expr {
    let value = value.unwrap_or(Expr::Lit(Lit::Null, span));
    let method = if delegate { "extend" } else { "push" };
    Expr::Call {
        callee: Box::new(Expr::Member { object: Box::new(yielded(span)), name: method.into(), span }),
        args: vec![Arg { keyword: None, value, spread: Spread::No, span }],
        span,
    }
}

/// A `return` inside a generator: what it yielded so far.
pub fn return_stmt(span: Span) -> Stmt {
    Stmt::Return { value: Some(yielded(span)), span }
}

/// A generator's body: the list made first, given back at the end.
pub fn body(mut body: Block, span: Span) -> Block {
    let start = Span { end: span.start, ..span };
    body.insert(
        0,
        Stmt::Let {
            target: Pattern::Name(YIELDED.into(), start),
            value: Expr::List { items: vec![], span: start },
            span: start,
        },
    );
    body.push(return_stmt(Span { start: span.end, ..span }));
    body
}
