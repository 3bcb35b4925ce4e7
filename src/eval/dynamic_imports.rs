//! Python modules imported by a name computed at run time
//! (`importlib.import_module`), the packages `pkgutil` lists, and the
//! module attributes they are computed from (`pkg.__path__`,
//! `pkg.__name__`). See `sdk/python_importlib.rs` for what each call does
//! in CPython.

use std::cell::RefCell;
use std::rc::Rc;

use crate::source::Span;

use super::interp::Interp;
use super::value::{Obj, PendingCall, Value};

impl Interp<'_> {
    /// `importlib.import_module(name, package=None)`: the module, run as an
    /// import runs it; unknown when the name is, or the program lacks it
    /// (the linker then loads it for the next run).
    pub(super) fn import_module(&mut self, call: &PendingCall, span: Span) -> Value {
        let Some(from) = self.modules.iter().position(|m| m.file == span.file) else {
            return Value::Unknown(span);
        };
        // Each name on each package it may be relative to (`__name__` is
        // a module's dotted name or `"__main__"`).
        let packages: Vec<Option<Option<Rc<str>>>> = match call.kw("package").or(call.arg(1)) {
            None => vec![Some(None)],
            Some(p) => p
                .alternatives()
                .into_iter()
                .map(|p| match p {
                    Value::Str(p, _) => Some(Some(p)),
                    Value::Null(_) => Some(None),
                    _ => None,
                })
                .collect(),
        };
        let names = call.arg(0).or(call.kw("name")).cloned().unwrap_or(Value::Unknown(span)).alternatives();
        let mut out = vec![];
        for package in &packages {
            for name in &names {
                let absolute = match (name, package) {
                    (Value::Str(n, _), Some(package)) => absolute_name(n, package.as_deref()),
                    _ => None,
                };
                let module = absolute.and_then(|n| self.linker.import_by_name(from, &n));
                out.push(match module {
                    Some(m) => {
                        self.eval_module(m);
                        Value::Module(m, span)
                    }
                    None => Value::Unknown(span),
                });
            }
        }
        self.join(out, span)
    }

    /// `sys.modules[name]`: the module running the lookup under its own
    /// dotted name or as `"__main__"` (what `__name__` holds), any other as
    /// `import_module` finds it.
    pub(super) fn loaded_module(&mut self, call: &PendingCall, span: Span) -> Value {
        let Some(from) = self.modules.iter().position(|m| m.file == span.file) else {
            return Value::Unknown(span);
        };
        let own = self.linker.dotted_name(from);
        let names = call.arg(0).cloned().unwrap_or(Value::Unknown(span)).alternatives();
        let mut out = vec![];
        for name in names {
            out.push(match &name {
                Value::Str(n, _) if &**n == "__main__" || own.as_deref() == Some(&**n) => Value::Module(from, span),
                Value::Str(..) => {
                    let one = PendingCall { positional: vec![name.clone()], ..PendingCall::new(span) };
                    self.import_module(&one, span)
                }
                _ => Value::Unknown(span),
            });
        }
        self.join(out, span)
    }

    /// `getattr(obj, name[, default])`: `obj.name` for a known name; the
    /// default where a module or a complete record lacks it.
    pub(super) fn getattr(&mut self, call: &PendingCall, span: Span) -> Value {
        let (Some(obj), Some(names)) = (call.arg(0).cloned(), call.arg(1).cloned()) else {
            return Value::Unknown(span);
        };
        let mut out = vec![];
        for name in names.alternatives() {
            let Value::Str(name, _) = name else { return self.unknown_from(&[&names], span) };
            // A module that ran binds what it has (its star imports too).
            if let (Value::Module(m, _), Some(default)) = (&obj, call.arg(2)) {
                let bound = self.eval_module(*m).map(|f| f.borrow().vars.contains_key(&*name));
                if bound == Some(false) {
                    out.push(default.clone());
                    continue;
                }
            }
            let read = self.member_of(crate::model::Lang::Python, &obj, &name, span);
            out.push(match (read, call.arg(2)) {
                (Value::Undefined(_), Some(default)) => default.clone(),
                (read, _) => read,
            });
        }
        self.join(out, span)
    }

    /// `inspect.iscoroutinefunction(f)`: known for a project function or a
    /// method bound from one, and for a class; unknown otherwise.
    pub(super) fn is_coroutine_function(&mut self, call: &PendingCall, span: Span) -> Value {
        let Some(f) = call.arg(0).cloned() else { return Value::Unknown(span) };
        let mut out = vec![];
        for alt in f.alternatives() {
            out.push(match alt {
                Value::Func(c) | Value::Bound(c, _) => Value::Bool(self.modules[c.module].func(c.func).is_async, span),
                Value::Class(_) => Value::Bool(false, span),
                _ => return self.unknown_from(&[&f], span),
            });
        }
        self.join(out, span)
    }

    /// `pkgutil.iter_modules(path, prefix)` / `walk_packages(...)`: one
    /// `ModuleInfo` per module of the package whose `__path__` is `path`.
    /// A walk imports each package it descends into, as CPython's does.
    pub(super) fn list_modules(&mut self, call: &PendingCall, recursive: bool, span: Span) -> Value {
        // A package's `__path__`, or the text of one directory of the program.
        enum Listed {
            Package(usize),
            Directory(String),
        }
        let listed = match call.arg(0).or(call.kw("path")) {
            Some(Value::List(items, _)) => match &items.borrow()[..] {
                [Value::Module(m, _)] => Some(Listed::Package(*m)),
                [dir] => super::paths::text_of(dir).map(Listed::Directory),
                _ => None,
            },
            _ => None,
        };
        let prefix = match call.arg(1).or(call.kw("prefix")) {
            None => Some(Rc::from("")),
            Some(Value::Str(p, _)) => Some(p.clone()),
            Some(_) => None,
        };
        let (Some(listed), Some(prefix)) = (listed, prefix) else {
            return Value::Unknown(span);
        };
        let listed = match listed {
            Listed::Package(m) => self.linker.package_modules(m, recursive),
            Listed::Directory(dir) => self.linker.directory_modules(&dir, recursive),
        };
        let Some(listed) = listed else {
            return Value::Unknown(span);
        };
        let mut items = vec![];
        for (name, is_pkg) in listed.into_iter().take(self.budget.max_size) {
            let full = format!("{prefix}{name}");
            if recursive && is_pkg {
                let import = PendingCall { positional: vec![Value::str(&full, span)], ..PendingCall::new(span) };
                self.import_module(&import, span);
            }
            let mut info = Obj::new(span);
            info.named_tuple = true;
            info.set("module_finder", Value::Unknown(span), None);
            info.set("name", Value::str(&full, span), None);
            info.set("ispkg", Value::Bool(is_pkg, span), None);
            items.push(Value::Object(Rc::new(RefCell::new(info))));
        }
        Value::List(Rc::new(RefCell::new(items)), span)
    }

    /// A Python module's `__path__` (a package's: a list of its one
    /// directory, which only `pkgutil` reads here) or `__name__`.
    pub(super) fn module_dunder(&mut self, m: usize, name: &str, span: Span) -> Value {
        let known = match name {
            "__path__" => self.package_path(m),
            "__name__" => self.linker.dotted_name(m).map(|n| Value::str(&n, span)),
            _ => None,
        };
        known.unwrap_or(Value::Unknown(span))
    }

    /// A module's own `__path__` (a package's `__init__`: what `pkgutil`
    /// walks) and, in Python, `__file__`, `__name__` and `__package__`,
    /// which the names it imports at run time are computed from
    /// (`import_module(f".{name}", __package__)`, `Path(__file__).parent`).
    /// `__name__` is its dotted name or `"__main__"`: a module may be
    /// imported or run, so `if __name__ == "__main__"` stays undecided and
    /// runs as the entry may.
    pub(super) fn bind_module_names(&mut self, m: usize, frame: &super::interp::FrameRef) {
        let package_path = self.package_path(m);
        let is_package = package_path.is_some();
        if let Some(path) = package_path {
            frame.borrow_mut().vars.insert("__path__".into(), path);
        }
        let span = Span { file: self.modules[m].file, start: 0, end: 0 };
        if matches!(self.modules[m].lang, crate::model::Lang::TypeScript | crate::model::Lang::JavaScript) {
            if let Some(path) = self.linker.module_path(m) {
                bind_node_module_names(&path, frame, span);
            }
            return;
        }
        if self.modules[m].lang != crate::model::Lang::Python {
            return;
        }
        if let Some(path) = self.linker.module_path(m) {
            frame.borrow_mut().vars.insert("__file__".into(), Value::str(&path, span));
        }
        let Some(dotted) = self.linker.dotted_name(m) else { return };
        let package = if is_package { Some(dotted.as_str()) } else { dotted.rsplit_once('.').map(|(p, _)| p) };
        // A package's `__init__` is never run as `__main__`.
        let name = match package {
            Some(p) if p == dotted => Value::str(&dotted, span),
            _ => Value::join(vec![Value::str(&dotted, span), Value::str("__main__", span)], 2, span),
        };
        let package = package.map_or(Value::Null(span), |p| Value::str(p, span));
        let mut f = frame.borrow_mut();
        f.vars.insert("__name__".into(), name);
        f.vars.insert("__package__".into(), package);
    }

    /// `__path__` of module `m` when it is a package's `__init__`.
    pub(super) fn package_path(&self, m: usize) -> Option<Value> {
        let path = self.linker.module_path(m)?;
        let span = Span { file: self.modules[m].file, start: 0, end: 0 };
        (path == "__init__.py" || path.ends_with("/__init__.py"))
            .then(|| Value::List(Rc::new(RefCell::new(vec![Value::Module(m, span)])), span))
    }
}

/// A JavaScript module's own location: CommonJS's `__dirname` and
/// `__filename`, and ES modules' `import.meta.url` (a `file:` URL),
/// `import.meta.dirname` and `import.meta.filename` (Node 20.11). The
/// lowering reads `import.meta` as a name no program can bind.
fn bind_node_module_names(path: &str, frame: &super::interp::FrameRef, span: Span) {
    let dir = super::paths::normpath(&format!("{path}/.."));
    let mut meta = Obj::new(span);
    meta.set("url", Value::str(&format!("file://{path}"), span), None);
    meta.set("dirname", Value::str(&dir, span), None);
    meta.set("filename", Value::str(path, span), None);
    let mut f = frame.borrow_mut();
    f.vars.insert("__dirname".into(), Value::str(&dir, span));
    f.vars.insert("__filename".into(), Value::str(path, span));
    f.vars.insert(IMPORT_META.into(), Value::Object(Rc::new(RefCell::new(meta))));
}

/// The name `import.meta` is lowered to.
pub(crate) const IMPORT_META: &str = "import.meta";

/// `importlib`'s name resolution: `name` itself, or with leading dots
/// relative to `package` (one dot: in the package; each more: one up).
fn absolute_name(name: &str, package: Option<&str>) -> Option<String> {
    let rest = name.trim_start_matches('.');
    let dots = name.len() - rest.len();
    if dots == 0 {
        return (!name.is_empty()).then(|| name.to_string());
    }
    let mut base: Vec<&str> = package?.split('.').collect();
    for _ in 1..dots {
        base.pop()?;
    }
    if base.is_empty() || base.iter().any(|p| p.is_empty()) {
        return None;
    }
    Some(if rest.is_empty() { base.join(".") } else { format!("{}.{rest}", base.join(".")) })
}

#[cfg(test)]
mod tests {
    use super::absolute_name;

    #[test]
    fn names_resolve_as_importlib_resolves_them() {
        assert_eq!(absolute_name("pkg.tools", None).as_deref(), Some("pkg.tools"));
        assert_eq!(absolute_name(".tools", Some("pkg")).as_deref(), Some("pkg.tools"));
        assert_eq!(absolute_name("..tools", Some("pkg.sub")).as_deref(), Some("pkg.tools"));
        assert_eq!(absolute_name(".", Some("pkg.sub")).as_deref(), Some("pkg.sub"));
        assert_eq!(absolute_name(".tools", None), None);
        assert_eq!(absolute_name("...x", Some("pkg")), None);
        assert_eq!(absolute_name("", None), None);
    }
}
