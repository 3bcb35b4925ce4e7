//! Building a list from items and spreads: a list literal with spreads
//! (`[a, ...b]`, Go's `append(xs, ys...)`) and Go's `slices.Concat(a, b)`,
//! which is one spread per argument.

use std::cell::RefCell;
use std::rc::Rc;

use crate::source::Span;

use super::interp::Interp;
use super::state::Part;
use super::value::Value;

impl Interp<'_> {
    /// The list the parts make. One list per path: a spread of a list that
    /// differs by path (`[...(c ? a : b), x]`) gives a list for each, as
    /// long as they stay within the budget of alternatives. A spread of
    /// nil adds nothing (Go's nil slice; elsewhere a spread of null throws,
    /// so no path goes on with it); a spread of anything else unknown adds
    /// one unknown element.
    pub(super) fn concat(&mut self, parts: Vec<Part>, span: Span) -> Value {
        let mut outs: Vec<Vec<Value>> = vec![vec![]];
        for part in parts {
            match part {
                Part::Item(v) => outs.iter_mut().for_each(|o| o.push(v.clone())),
                Part::Spread(Value::List(l, _)) => outs.iter_mut().for_each(|o| o.extend(l.borrow().iter().cloned())),
                Part::Spread(Value::Null(_) | Value::Undefined(_)) => {}
                Part::Spread(Value::Object(o)) if o.borrow().keyed => {
                    let entries = self.map_view(&o, "entries", span);
                    outs.iter_mut().for_each(|o| o.extend(entries.iter().cloned()));
                }
                Part::Spread(Value::OneOf(alts))
                    if alts.iter().all(|a| matches!(a, Value::List(..)))
                        && outs.len() * alts.len() <= self.budget.max_alternatives =>
                {
                    let mut next = vec![];
                    for o in &outs {
                        for a in alts.iter() {
                            let Value::List(l, _) = a else { continue };
                            let mut o = o.clone();
                            o.extend(l.borrow().iter().cloned());
                            next.push(o);
                        }
                    }
                    outs = next;
                }
                Part::Spread(other) => {
                    let u = Value::Unknown(other.span().unwrap_or(span));
                    outs.iter_mut().for_each(|o| o.push(u.clone()));
                }
            }
            if outs.iter().map(Vec::len).sum::<usize>() > self.budget.max_size {
                self.exhausted = true;
                return Value::Unknown(span);
            }
        }
        let lists: Vec<Value> = outs.into_iter().map(|o| Value::List(Rc::new(RefCell::new(o)), span)).collect();
        match lists.len() {
            1 => lists.into_iter().next().unwrap_or(Value::Unknown(span)),
            _ => Value::OneOf(lists.into()),
        }
    }
}
