//! JVM reflection over the project's own classes, as far as a literal
//! names them: a registry that loads an optional tool class by name
//! (`Class.forName("a.b.FindTool").getDeclaredConstructor().newInstance()`)
//! makes that tool as `new FindTool()` would.
//!
//! - `Class.forName("a.b.C")` (`java.lang.Class`, implicit in Java and
//!   Kotlin; not shadowed) is class `C` of package `a.b` when the linted
//!   tree declares it, loaded as an import of it would be (through
//!   [`super::interp::Linker::import_by_name`]: the program runs again
//!   with the file); a name nobody knows stays unknown (the JDK's, a
//!   computed one, a nested `Outer$Inner`).
//! - `getDeclaredConstructor(...)` / `getConstructor(...)` of a class is
//!   the class (its constructor), and `newInstance(args)` on it makes an
//!   instance with those arguments. A class that declares a member of that
//!   name (a Kotlin companion's `newInstance()`) keeps its own.

use super::interp::{Activation, Interp};
use super::value::{PendingCall, Value};
use crate::ir::Expr;
use crate::model::Lang;
use crate::source::Span;

impl Interp<'_> {
    pub(super) fn jvm_reflection(
        &mut self,
        act: &Activation,
        object: &Expr,
        recv: &Value,
        name: &str,
        call: &PendingCall,
        span: Span,
    ) -> Option<Value> {
        let module = act.frame.borrow().module;
        if !matches!(self.modules[module].lang, Lang::Java | Lang::Kotlin) {
            return None;
        }
        match (recv, name) {
            (Value::Unknown(_), "forName") if matches!(object, Expr::Name(n, _) if n == "Class") => {
                let qualified = call.arg(0)?.as_str()?.to_string();
                self.class_named(module, &qualified, span)
            }
            (Value::Class(_), "getDeclaredConstructor" | "getConstructor" | "newInstance") => {
                if !matches!(self.get_member(recv, name, span), Value::Unknown(_) | Value::Undefined(_)) {
                    return None;
                }
                Some(match name {
                    "newInstance" => self.call_value(recv, None, call.clone(), span),
                    _ => recv.clone(),
                })
            }
            _ => None,
        }
    }

    /// The project class a qualified name names (`a.b.C`).
    fn class_named(&mut self, module: usize, qualified: &str, span: Span) -> Option<Value> {
        let (_, class) = qualified.rsplit_once('.')?;
        if class.is_empty() || qualified.contains('$') || qualified.split('.').any(str::is_empty) {
            return None;
        }
        let m = self.linker.import_by_name(module, qualified)?;
        let frame = self.eval_module(m)?;
        match self.export_of(&frame, class, span) {
            v @ Value::Class(_) => Some(v),
            _ => None,
        }
    }
}
