//! Python's own ways to import a module whose name is computed: a server
//! that discovers its tools by importing every module of a package, so
//! that each module's `@tool` decorators run (a registry filled as a side
//! effect, read later by the code that registers with the SDK).
//!
//! - `importlib.import_module(name, package=None)`: the module `name`
//!   names, imported (its body run once) as an `import` statement would;
//!   a name with leading dots is relative to `package` (CPython
//!   `Lib/importlib/__init__.py`, `_resolve_name`: each dot past the first
//!   goes up one package).
//! - `pkgutil.iter_modules(path=None, prefix="")` lists the modules of the
//!   directories in `path` (a package's `__path__`): every `.py` file and
//!   every directory with an `__init__.py`, sorted by file name,
//!   `__init__` left out, each as `ModuleInfo(module_finder, name, ispkg)`
//!   (a named tuple) with `prefix` before the name.
//! - `pkgutil.walk_packages(path=None, prefix="", onerror=None)` lists the
//!   same and, after each package, that package's own modules (it imports
//!   the package to read its `__path__`).
//!
//! - `sys.modules[name]`: the modules imported so far by name; a module
//!   reads itself as `sys.modules[__name__]` (its dotted name, or
//!   `"__main__"` when run as a script).
//!
//! The program holds only the modules static imports reach; a module named
//! at run time is loaded when the run asks for it, and the program runs
//! again (`resolve/evaluated.rs`).

use super::{Effect, Op, Rule, SdkTable};
use crate::model::Lang;

pub static PYTHON_IMPORTLIB: SdkTable = SdkTable {
    api: "python.importlib",
    langs: &[Lang::Python],
    modules: &["importlib", "pkgutil", "sys"],
    symbols: &[
        ("import_module", "ImportModule"),
        ("iter_modules", "IterModules"),
        ("walk_packages", "WalkPackages"),
        ("modules", "SysModules"),
    ],
    rules: &[
        Rule { on: "ImportModule", op: Op::Call, effect: Effect::ImportModule },
        Rule { on: "IterModules", op: Op::Call, effect: Effect::ListModules { recursive: false } },
        Rule { on: "WalkPackages", op: Op::Call, effect: Effect::ListModules { recursive: true } },
        Rule { on: "SysModules", op: Op::Index, effect: Effect::LoadedModule },
    ],
    null_is_absent: false,
};
