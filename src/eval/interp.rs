//! The interpreter: runs statements and evaluates expressions of the IR
//! over abstract [`Value`]s.
//!
//! Locals live in one frame per function activation (block scoping is not
//! modelled: tool code rarely shadows). A branch whose condition is not
//! known runs both arms from the same locals and joins what differs into
//! [`Value::OneOf`]; the heap (objects, lists) is shared, so effects of both
//! arms are kept — a conditional `tools.push(t)` still lists `t`.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;

use crate::ir::{self, BinaryOp, Element, Entry, Expr, FuncId, Lit, Pattern, Place, Stmt, UnaryOp};
use crate::source::Span;

use super::budget::Budget;
use super::relations::Asks;
use super::state::Part;
use super::value::{Closure, Obj, Value};
pub use super::value::{Frame, FrameRef};
use super::Registration;

/// A variable of a finished frame a root wrote, and what it held before.
type RootWrite = (FrameRef, Rc<str>, Value);

/// A field of a record made outside the running branch arm, written in it,
/// and what it held before the arm (`None`: not there).
type ArmWrite = (super::value::ObjRef, Rc<str>, Option<Value>);

/// How an arm ended, and each field it wrote with the value it left there.
type ArmEnd = (Flow, Vec<(ArmWrite, Option<Value>)>);

/// The fields of older records one running arm wrote, each once: `seen`
/// keys them by record address (the record is kept alive in `writes`).
#[derive(Default)]
struct ArmLog {
    writes: Vec<ArmWrite>,
    seen: HashSet<FieldKey>,
}

/// A field by its record's address and its key.
type FieldKey = (usize, Rc<str>);

/// How a statement completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Flow {
    Normal,
    Return,
    Break,
    Continue,
}

/// The state of one function activation.
pub(super) struct Activation {
    pub frame: FrameRef,
    pub returns: Vec<Value>,
    /// The method's class, for `super`.
    pub class: Option<Rc<super::value::ClassVal>>,
}

/// Resolves an import of one module to another module of the program.
pub trait Linker {
    fn resolve(&self, from: usize, import: &ir::Import) -> Link;
    /// The module's path relative to its root, `/`-separated, for the
    /// SDKs whose conventions name files (xmcp's tool files).
    fn module_path(&self, _module: usize) -> Option<String> {
        None
    }
    /// The modules that share one package scope with this one (Go: the
    /// files of a directory), in load order; `None`: the module is its own.
    fn package(&self, _module: usize) -> Option<Arc<[usize]>> {
        None
    }
    /// Whether the project of `module` depends on one of `packages` at
    /// `version` or later (`None`: its manifest does not say).
    fn dependency_at_least(&self, _module: usize, _packages: &[&str], _version: &str) -> Option<bool> {
        None
    }
    /// The Python module an absolute dotted `name` computed at run time
    /// names (`importlib.import_module(name)`), imported from `from`. One
    /// the program does not hold yet is remembered, for the caller to load
    /// before it runs the program again.
    fn import_by_name(&self, _from: usize, _name: &str) -> Option<usize> {
        None
    }
    /// The JSON file at `path` (as computed, absolute) that module `from`
    /// reads at run time (`JSON.parse(fs.readFileSync(p))`,
    /// `json.load(open(p))`), as a module whose default export is its
    /// value. One the program does not hold yet is remembered, as
    /// [`Linker::import_by_name`] does.
    fn data_file(&self, _from: usize, _path: &str) -> Option<usize> {
        None
    }
    /// The modules of the Python package whose `__init__` is `module`, as
    /// `pkgutil` lists them: (dotted name under the package, is a
    /// package), with each subpackage's own after it when `recursive`.
    fn package_modules(&self, _module: usize, _recursive: bool) -> Option<Vec<(String, bool)>> {
        None
    }
    /// The modules of the directory whose text is `dir` (`pkgutil` given
    /// `[str(Path(__file__).parent)]`), listed as [`Linker::package_modules`]
    /// lists a package's; only the directory of a module of the program.
    fn directory_modules(&self, _dir: &str, _recursive: bool) -> Option<Vec<(String, bool)>> {
        None
    }
    /// The entries of the directory whose text is `dir` (`os.listdir`,
    /// `Path.iterdir`): (name, is a directory), sorted by name; only the
    /// directory of a module of the program.
    fn directory_entries(&self, _dir: &str) -> Option<Vec<(String, bool)>> {
        None
    }
    /// A Python module's `__name__`: its dotted name from the top package.
    fn dotted_name(&self, _module: usize) -> Option<String> {
        None
    }
}

pub enum Link {
    /// The import names a whole module of the program.
    Module(usize),
    /// The import names a member of a module of the program.
    Member(usize, String),
    /// Outside the program (and not an SDK): unknown.
    External,
}

pub(super) enum ModState {
    NotStarted,
    /// Running: its frame, once it has one of its own (not a package's file).
    InProgress(Option<FrameRef>),
    Done(FrameRef),
}

pub struct Interp<'p> {
    pub(super) modules: &'p [Arc<ir::Module>],
    pub(super) linker: &'p dyn Linker,
    pub(super) budget: Budget,
    pub(super) steps: u64,
    pub(super) nesting: usize,
    /// Project functions on the stack, with the call site of each.
    pub(super) stack: Vec<((usize, FuncId), Span)>,
    /// Beside `stack`: the functions each of those calls was handed.
    pub(super) handed: Vec<Vec<Rc<super::value::Closure>>>,
    /// Each function handed to a project call, by address: the outermost
    /// project call on the stack that was handed it the first time (a
    /// recording decorator, `@workshop_tool()`). The closure is kept so the
    /// address stays its own.
    pub(super) first_handed: HashMap<usize, (Rc<super::value::Closure>, Span)>,
    pub(super) module_state: Vec<ModState>,
    /// JavaScript imports of a member from a module an import cycle left
    /// half run: (importer's frame, local name, module, member). ES
    /// imports are live bindings, so each is bound again once the module
    /// has run (`Interp::eval_file`).
    pub(super) late_imports: Vec<(FrameRef, Rc<str>, usize, String, Span)>,
    pub(super) invoked: HashSet<(usize, FuncId)>,
    /// Closures called, by definition and captured frame: one made by each
    /// call of a helper (`makeHandler(options)` returning `() => ...`) is a
    /// function of its own, run as a root unless that very one was called.
    pub(super) invoked_in: HashSet<(usize, FuncId, usize)>,
    /// Closures and class values created, for running the ones nothing
    /// called: every class, and each definition's first
    /// [`super::MAX_KEPT_CLOSURES`] closures.
    pub(super) closures: Vec<Rc<Closure>>,
    /// Whether the run holds more frames alive than
    /// [`Budget::max_live_frames`]: no step is taken after.
    pub(super) frames_full: bool,
    /// Closures made so far, by definition.
    pub(super) closures_made: HashMap<(usize, FuncId), usize>,
    pub(super) classes: Vec<Rc<super::value::ClassVal>>,
    pub(super) constructed: HashSet<(usize, ir::ClassId)>,
    /// Classes whose instances are being made now (field initialisers and
    /// constructors running), innermost last: a class made inside its own
    /// making is recursion, bounded as calls are.
    pub(super) constructing: Vec<(usize, ir::ClassId)>,
    /// Results of pure-looking calls, keyed by the closure environment's
    /// address and the arguments; each entry keeps that environment alive,
    /// so no other frame takes its address while the entry can be hit.
    pub(super) memo: HashMap<(usize, FuncId, String), (Value, Option<super::value::FrameRef>)>,
    pub registrations: Vec<Registration>,
    /// Servers served by other servers ([`super::mount_graph`]).
    pub(super) mounts: Vec<super::mount_graph::Mount>,
    /// Tool definitions met, registered after the run ([`super::definitions`]).
    pub(super) definitions: Vec<super::queued::Pending>,
    /// Running functions nothing called (see `eval::run`).
    pub(super) in_root: bool,
    /// While a root runs ([`Interp::as_root`]): the variables of finished
    /// frames it wrote, each with what it held before the root, and how
    /// many unknown branches were running when the root began.
    root_writes: Option<(Vec<RootWrite>, usize)>,
    /// One log per running branch arm ([`Interp::both_narrowed`]): the
    /// fields of older records it wrote, to undo before the next arm and
    /// join once every arm has run.
    arm_writes: Vec<ArmLog>,
    /// The parameters of functions run as roots, each an unknown value at
    /// its own span.
    pub(super) root_params: HashSet<Span>,
    /// Spans of the unknown values that derive from a root's parameters
    /// ([`Interp::unknown_from`]).
    pub(super) from_params: HashSet<Span>,
    /// Those of them that derive from a parameter declared with a type (a
    /// Go receiver's fields included): values the function's callers pass
    /// by its signature, not something computed.
    pub(super) declared_params: HashSet<Span>,
    /// Empty lists derived from lists of known length (`ops.filter(..)`
    /// keeping nothing): their length is 0. An empty list made otherwise
    /// (`[]`, run-time state a handler fills) has no known length. Kept
    /// alive here so that an address is never another list's.
    pub(super) derived_empty: Vec<super::value::ListRef>,
    /// List-tools handlers to run once the program has loaded.
    pub(super) listings: Vec<super::queued::Queued>,
    /// The frames of the module and function activations running now.
    pub(super) active: Vec<super::value::FrameRef>,
    /// The list-tools handlers already run, to run once more at the end.
    pub(super) listed: Vec<super::queued::Queued>,
    /// The same for request-handler registrations that list tools (TS
    /// `setRequestHandler(ListToolsRequestSchema, ...)`): what registered them.
    pub(super) list_handlers: Vec<(usize, &'static super::sdk::ListHandler, super::value::PendingCall, Span)>,
    /// A budget ran out somewhere: some values are unknown because of it.
    pub exhausted: bool,
    /// The last project call to finish, and how many results its function
    /// declares: `f(g())` spreads g's results only when it has several.
    pub(super) results_of: Option<(Span, usize)>,
    /// A registration call is being evaluated once per record a variable
    /// it reads may hold ([`Interp::eval_call`]): no nested split.
    pub(super) splitting: bool,
    /// Which classes are served, for tools declared on methods ([`super::attributes`]).
    pub(super) serving: super::state::Serving,
    pub(super) beans: super::state::Beans,
    /// How many branches whose condition is unknown are running.
    pub(super) branches: usize,
    /// The element (with its key in a record, and where it was written) an
    /// [`super::sdk::Effect::RegisterEach`] registers now.
    pub(super) each: Option<(Value, Option<Value>, Option<Span>)>,
    /// The file stem of the module an [`super::sdk::Op::Export`] registers.
    pub(super) module_stem: Option<Value>,
    /// Registrations that returned a value standing for the tool: (table,
    /// type of that value, registration), for [`super::sdk::Effect::Registry`].
    pub(super) handles: Vec<(usize, &'static str, usize)>,
    /// The elements of the known lists the running loops are at, innermost
    /// last ([`Interp::loop_record`]).
    pub(super) loop_elements: Vec<Value>,
    /// The records registering calls read tools from, by address: a
    /// definition that is one of them is that registration's tool. Each is
    /// kept alive here, so its address is not reused by a later record
    /// while it is a key (that made which tools a run found depend on the
    /// allocator).
    pub(super) registered_records: HashMap<usize, super::value::ObjRef>,
    /// A registration's parts are being read: a record a part is read
    /// out of is read by it ([`Interp::register`]), no tool of its own.
    pub(super) reading_parts: bool,
    /// Where the records a registration read parts out of were made.
    pub(super) read_record_sites: HashSet<Span>,
    /// The frame of each package ([`Linker::package`]), by its first module.
    pub(super) packages: HashMap<usize, FrameRef>,
    /// Methods an SDK marker annotation was applied to, by (module,
    /// function) ([`super::marked`]).
    pub(super) marked: HashMap<(usize, ir::FuncId), super::state::Mark>,
    /// Every frame made that may still be alive ([`Interp::frame`]).
    pub(super) frames: Frames,
}

/// The frames a run made, weakly. A function defined in a frame is a
/// closure over it, and the frame holds the function: a cycle reference
/// counting never frees (so are a frame's `this` holding a method closure
/// over it, and a class whose statics close over the frame holding it).
/// When the run's outcome is dropped, every frame still alive is emptied
/// and the cycles fall apart: a run leaks nothing it made.
#[derive(Default)]
pub struct Frames(Vec<std::rc::Weak<RefCell<Frame>>>);

#[cfg(test)]
impl Frames {
    /// The most SDK modules any live frame imports whole.
    pub(super) fn most_globs(&self) -> usize {
        self.0.iter().filter_map(|f| f.upgrade()).map(|f| f.borrow().globs.len()).max().unwrap_or(0)
    }
}

impl Drop for Frames {
    fn drop(&mut self) {
        for frame in self.0.drain(..).filter_map(|f| f.upgrade()) {
            // Taken out first and dropped after the borrow ends: dropping
            // them may drop the last reference to another frame, or this one.
            let taken = std::mem::take(&mut *frame.borrow_mut());
            drop(taken);
        }
    }
}

impl<'p> Interp<'p> {
    /// A new frame, remembered (weakly) so that the cycles it is in are
    /// broken when the run's outcome is dropped ([`Frames`]). Dead entries are
    /// swept whenever the list doubles, so it stays within twice the frames
    /// alive.
    pub(super) fn frame(&mut self, frame: Frame) -> FrameRef {
        let frames = &mut self.frames.0;
        if frames.len() == frames.capacity() && frames.len() >= 64 {
            frames.retain(|f| f.strong_count() > 0);
            frames.reserve(frames.len());
            // Memory, bounded: past the frames a run may hold alive, it
            // stops as if out of steps.
            self.frames_full |= frames.len() > self.budget.max_live_frames;
        }
        let frame = Rc::new(RefCell::new(frame));
        frames.push(Rc::downgrade(&frame));
        frame
    }

    pub fn new(modules: &'p [Arc<ir::Module>], linker: &'p dyn Linker, budget: Budget) -> Interp<'p> {
        Interp {
            modules,
            linker,
            budget,
            steps: 0,
            nesting: 0,
            stack: vec![],
            handed: vec![],
            first_handed: HashMap::new(),
            module_state: modules.iter().map(|_| ModState::NotStarted).collect(),
            late_imports: vec![],
            invoked: HashSet::new(),
            invoked_in: HashSet::new(),
            closures: vec![],
            closures_made: HashMap::new(),
            frames_full: false,
            classes: vec![],
            constructed: HashSet::new(),
            constructing: vec![],
            memo: HashMap::new(),
            registrations: vec![],
            mounts: vec![],
            definitions: vec![],
            in_root: false,
            root_writes: None,
            arm_writes: vec![],
            root_params: HashSet::new(),
            from_params: HashSet::new(),
            derived_empty: vec![],
            declared_params: HashSet::new(),
            listings: vec![],
            listed: vec![],
            active: vec![],
            list_handlers: vec![],
            exhausted: false,
            results_of: None,
            splitting: false,
            serving: Default::default(),
            beans: Default::default(),
            branches: 0,
            each: None,
            module_stem: None,
            handles: vec![],
            packages: HashMap::new(),
            loop_elements: vec![],
            registered_records: HashMap::new(),
            reading_parts: false,
            read_record_sites: HashSet::new(),
            marked: HashMap::new(),
            frames: Frames::default(),
        }
    }

    /// Counts one step; false when the step budget is spent.
    /// Runs `f` as one root, within [`Budget::max_root_steps`] of its own
    /// (and the program's [`Budget::max_steps`]).
    ///
    /// A variable of a finished frame the root writes (a module's `let
    /// cached` that a lazy getter fills) holds the new value for the rest of
    /// the root, which runs in order; once the root is done it holds either
    /// value, since nothing says whether or when the root's function runs.
    pub(super) fn as_root<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let total = self.budget.max_steps;
        self.budget.max_steps = total.min(self.steps.saturating_add(self.budget.max_root_steps));
        let outer = self.root_writes.replace((vec![], self.branches));
        let out = f(self);
        let (writes, _) = std::mem::replace(&mut self.root_writes, outer).unwrap_or_default();
        for (frame, name, before) in writes {
            let after = frame.borrow().vars.get(&name).cloned();
            if let Some(after) = after {
                let span = after.span().unwrap_or(Span::new(crate::source::FileId(0), 0, 0));
                let joined = self.join(vec![before, after], span);
                frame.borrow_mut().vars.insert(name, joined);
            }
        }
        self.budget.max_steps = total;
        out
    }

    pub(super) fn step(&mut self) -> bool {
        self.charge(1)
    }

    /// Counts `n` steps of work that walks a value rather than the program
    /// (the elements a loop gathers from a list's alternatives); false when
    /// the budget is spent.
    pub(super) fn charge(&mut self, n: usize) -> bool {
        self.steps = self.steps.saturating_add(n as u64);
        if self.steps > self.budget.max_steps || self.frames_full {
            self.exhausted = true;
            return false;
        }
        true
    }

    /// Joins `values` (see [`Value::join`]) and charges the work to the
    /// step budget: an `if` in nested loops joins every changed variable at
    /// each pass, and wide values make that the run's main cost.
    pub(super) fn join(&mut self, values: Vec<Value>, span: Span) -> Value {
        let (joined, work) = Value::join_counted(values, self.budget.max_alternatives, span);
        self.charge(work);
        joined
    }

    /// Runs a module's top level once; its frame holds what it binds (for
    /// a module of a package, the package's frame: [`Interp::eval_package`]).
    pub fn eval_module(&mut self, idx: usize) -> Option<FrameRef> {
        if let Some(members) = self.linker.package(idx) {
            return self.eval_package(idx, &members);
        }
        self.eval_file(idx)
    }

    fn eval_file(&mut self, idx: usize) -> Option<FrameRef> {
        match &self.module_state[idx] {
            ModState::Done(f) => return Some(f.clone()),
            // An import cycle. Python and JavaScript hand the importer the
            // module as far as it has run (`server = FastMCP(..)` above the
            // import that closes the cycle); a namespace read later sees the
            // rest. Elsewhere what it binds is not known yet.
            ModState::InProgress(frame) => {
                let lang = self.modules[idx].lang;
                let partial = matches!(
                    lang,
                    crate::model::Lang::Python | crate::model::Lang::TypeScript | crate::model::Lang::JavaScript
                );
                return frame.clone().filter(|_| partial);
            }
            ModState::NotStarted => {}
        }
        let frame = self.frame(Frame { module: idx, ..Frame::default() });
        self.bind_module_names(idx, &frame);
        self.module_state[idx] = ModState::InProgress(Some(frame.clone()));
        let mut act = Activation { frame: frame.clone(), returns: vec![], class: None };
        let body = &self.modules[idx].body;
        self.active.push(frame.clone());
        self.exec_block(&mut act, body);
        self.active.pop();
        self.module_state[idx] = ModState::Done(frame.clone());
        self.bind_late_imports(&[idx], &frame);
        Some(frame)
    }

    /// Binds the imports an import cycle left waiting for one of `modules`,
    /// now done, from its frame (a package's, for the files of a package).
    pub(super) fn bind_late_imports(&mut self, modules: &[usize], frame: &FrameRef) {
        let (late, rest): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.late_imports).into_iter().partition(|l| modules.contains(&l.2));
        self.late_imports = rest;
        for (importer, local, _, member, span) in late {
            let value = self.export_of(frame, &member, span);
            importer.borrow_mut().vars.insert(local, value);
        }
    }

    pub(super) fn exec_block(&mut self, act: &mut Activation, block: &[Stmt]) -> Flow {
        self.hoist(act, block);
        for stmt in block {
            let flow = self.exec(act, stmt);
            if flow != Flow::Normal {
                return flow;
            }
        }
        Flow::Normal
    }

    /// JavaScript binds a block's function declarations before the block
    /// runs: `main(); function main() { … }` calls it, and a module that an
    /// import cycle leaves half run already exports its functions.
    fn hoist(&mut self, act: &mut Activation, block: &[Stmt]) {
        let module = act.frame.borrow().module;
        if types_hoisted(self.modules[module].lang) {
            self.hoist_types(act, module, block);
            return;
        }
        if !self.modules[module].lang.is_javascript() {
            return;
        }
        for stmt in block {
            let Stmt::Func(id) = stmt else { continue };
            let f = &self.modules[module].funcs[id.0 as usize];
            if let (Some(name), true) = (f.name.clone(), f.decorators.is_empty()) {
                let value = self.make_function(act, module, *id);
                act.frame.borrow_mut().vars.insert(name.as_str().into(), value);
            }
        }
    }

    /// C#, Java and Kotlin declare a block's types in no order: each is
    /// made before the block runs, a base before the types that extend it
    /// (by the name the base is written as; a cycle keeps source order).
    fn hoist_types(&mut self, act: &mut Activation, module: usize, block: &[Stmt]) {
        let m = self.modules[module].clone();
        let mut pending: Vec<ir::ClassId> =
            block.iter().filter_map(|s| if let Stmt::Class(id) = s { Some(*id) } else { None }).collect();
        let declared: Vec<&str> = pending.iter().filter_map(|id| m.classes[id.0 as usize].name.as_deref()).collect();
        let base_names = |id: &ir::ClassId| -> Vec<String> {
            m.classes[id.0 as usize]
                .bases
                .iter()
                .filter_map(|b| match b {
                    Expr::Name(n, _) => Some(n.clone()),
                    Expr::Member { name, .. } => Some(name.clone()),
                    _ => None,
                })
                .filter(|n| declared.contains(&n.as_str()))
                .collect()
        };
        let mut made: Vec<String> = vec![];
        while !pending.is_empty() {
            // The first whose bases in this block are made; else the first.
            let next = pending.iter().position(|id| base_names(id).iter().all(|b| made.contains(b))).unwrap_or(0);
            let id = pending.remove(next);
            let c = &m.classes[id.0 as usize];
            let value = self.make_class(act, module, id);
            let value = self.decorate(act, &c.decorators, value);
            if let Some(name) = &c.name {
                act.frame.borrow_mut().vars.insert(name.as_str().into(), value);
                made.push(name.clone());
            }
        }
    }

    /// Whether [`Interp::hoist`] bound this declaration when its block
    /// began (every block runs through [`Interp::exec_block`]): then the
    /// declaration itself does nothing, so of two of one name the later
    /// stays bound, as in JavaScript.
    fn hoisted(&self, module: usize, id: ir::FuncId) -> bool {
        let f = &self.modules[module].funcs[id.0 as usize];
        self.modules[module].lang.is_javascript() && f.name.is_some() && f.decorators.is_empty()
    }

    fn exec(&mut self, act: &mut Activation, stmt: &Stmt) -> Flow {
        if !self.step() || self.nesting >= self.budget.max_nesting {
            self.exhausted = true;
            return Flow::Normal;
        }
        self.nesting += 1;
        let flow = self.exec_inner(act, stmt);
        self.nesting -= 1;
        flow
    }

    fn exec_inner(&mut self, act: &mut Activation, stmt: &Stmt) -> Flow {
        let module = act.frame.borrow().module;
        match stmt {
            Stmt::Let { target, value, .. } => {
                let v = self.eval(act, value);
                self.bind_pattern(act, target, v, true);
            }
            Stmt::Assign { target, value, .. } => {
                let v = self.eval(act, value);
                self.assign(act, target, v);
            }
            Stmt::Expr(e) => {
                self.eval(act, e);
                if self.exits(act, e) {
                    return Flow::Return;
                }
            }
            Stmt::Return { value, span } => {
                let v = match value {
                    Some(e) => self.eval(act, e),
                    None => Value::Undefined(*span),
                };
                act.returns.push(v);
                return Flow::Return;
            }
            Stmt::If { cond, then, otherwise, .. } => {
                return match self.truth(act, cond) {
                    Some(true) => self.exec_block(act, then),
                    Some(false) => self.exec_block(act, otherwise),
                    None => {
                        let narrowed = self.narrow_nil(act, cond);
                        self.both_narrowed(act, &[then, otherwise], &narrowed)
                    }
                };
            }
            Stmt::Switch { scrutinee, cases, .. } => {
                let s = self.eval(act, scrutinee);
                // A case whose test is known to match runs alone; otherwise
                // every case is an alternative.
                // When every other case is known not to match, the default
                // runs alone (when there is none, nothing does).
                let mut chosen = None;
                let mut all_differ = true;
                for (i, case) in cases.iter().enumerate() {
                    if let Some(t) = &case.test {
                        let t = self.eval(act, t);
                        match s.literal_eq(&t) {
                            Some(true) => {
                                chosen = Some(i);
                                break;
                            }
                            Some(false) => {}
                            None => all_differ = false,
                        }
                    }
                }
                if chosen.is_none() && all_differ {
                    match cases.iter().position(|c| c.test.is_none()) {
                        Some(d) => chosen = Some(d),
                        None => return Flow::Normal,
                    }
                }
                let flow = match chosen {
                    Some(i) => self.exec_block(act, &cases[i].body),
                    None => {
                        let arms: Vec<&Vec<Stmt>> = cases.iter().map(|c| &c.body).collect();
                        self.both(act, &arms)
                    }
                };
                return if flow == Flow::Break { Flow::Normal } else { flow };
            }
            Stmt::Try { body, handlers, finally, .. } => {
                let mut arms: Vec<&Vec<Stmt>> = vec![body];
                arms.extend(handlers.iter());
                let flow = if handlers.is_empty() { self.exec_block(act, body) } else { self.both(act, &arms) };
                let after = self.exec_block(act, finally);
                return if after != Flow::Normal { after } else { flow };
            }
            Stmt::ForEach { pattern, iter, body, span } => {
                let it = self.eval(act, iter);
                return self.for_each(act, pattern, it, body, *span);
            }
            Stmt::While { cond, body, span } => return self.while_loop(act, cond, body, *span),
            Stmt::Break(_) => return Flow::Break,
            // A path that throws leaves the function without a result; a
            // `try` with handlers joins it with theirs ([`Interp::both`]).
            Stmt::Throw(_) => return Flow::Return,
            Stmt::Continue(_) => return Flow::Continue,
            Stmt::Func(id) if self.hoisted(module, *id) => {}
            Stmt::Func(id) => {
                let f = &self.modules[module].funcs[id.0 as usize];
                let value = self.make_function(act, module, *id);
                let value = self.decorate(act, &f.decorators, value);
                if let Some(name) = &f.name {
                    // Kotlin overloads a name by parameter count: the first
                    // declaration of each count is also `name#N`
                    // ([`Interp::overload`]); `name` is the last.
                    if self.modules[module].lang == crate::model::Lang::Kotlin {
                        let key: Rc<str> = format!("{name}#{}", f.params.len()).into();
                        act.frame.borrow_mut().vars.entry(key).or_insert_with(|| value.clone());
                    }
                    act.frame.borrow_mut().vars.insert(name.as_str().into(), value);
                }
            }
            Stmt::Class(_) if types_hoisted(self.modules[module].lang) => {}
            Stmt::Class(id) => {
                let c = &self.modules[module].classes[id.0 as usize];
                let value = self.make_class(act, module, *id);
                // A Java annotation never replaces what it annotates
                // ([`Interp::decorate`]).
                let value = self.decorate(act, &c.decorators, value);
                if let Some(name) = &c.name {
                    act.frame.borrow_mut().vars.insert(name.as_str().into(), value);
                }
            }
            Stmt::Import(imp) => self.import(act, module, imp),
            Stmt::ImportType(imp) => self.import_type(act, module, imp),
            Stmt::Export { local, exported, span } => {
                if local != exported {
                    let v = self.lookup(act, local, *span);
                    act.frame.borrow_mut().vars.insert(exported.as_str().into(), v);
                }
            }
            Stmt::Unsupported(_) => {}
        }
        Flow::Normal
    }

    /// A test of a local against nil (`err != nil`, `x == null`) whose
    /// answer is not known: the local in the arm where it is not nil (its
    /// other alternatives) and in the arm where it is (nil), as (name, value)
    /// per arm of `if`. Empty when the test is of another form.
    fn narrow_nil(&mut self, act: &Activation, cond: &Expr) -> Vec<Option<(Rc<str>, Value)>> {
        let Expr::Binary { op: op @ (BinaryOp::Eq | BinaryOp::NotEq), left, right, span } = cond else { return vec![] };
        let name = match (&**left, &**right) {
            (Expr::Name(n, _), Expr::Lit(Lit::Null, _)) | (Expr::Lit(Lit::Null, _), Expr::Name(n, _)) => n,
            _ => return vec![],
        };
        let Some(v) = act.frame.borrow().vars.get(name.as_str()).cloned() else { return vec![] };
        let others: Vec<Value> = v.alternatives().into_iter().filter(|a| !matches!(a, Value::Null(_))).collect();
        if others.is_empty() {
            return vec![];
        }
        let key: Rc<str> = name.as_str().into();
        let not_nil = self.join(others, *span);
        let nil = Value::Null(*span);
        let (then, otherwise) = if *op == BinaryOp::NotEq { (not_nil, nil) } else { (nil, not_nil) };
        vec![Some((key.clone(), then)), Some((key, otherwise))]
    }

    /// Runs each arm from the same locals and joins the locals they leave.
    /// Whether a condition holds on every path. `a && b` is false when
    /// either side is and `a || b` true when either is, whatever the other
    /// (`flag && tool.view` with `flag` read at run time and `view` false):
    /// a test only asks for truth, not for the value `&&` gives. Both sides
    /// are evaluated, as [`Interp::binary`] does.
    fn truth(&mut self, act: &mut Activation, cond: &Expr) -> Option<bool> {
        if self.nesting >= self.budget.max_nesting {
            self.exhausted = true;
            return None;
        }
        self.nesting += 1;
        let out = match cond {
            Expr::Binary { op: op @ (BinaryOp::And | BinaryOp::Or), left, right, .. } => {
                let l = self.truth(act, left);
                let r = self.truth(act, right);
                let decisive = *op == BinaryOp::Or;
                match (l, r) {
                    (Some(a), _) | (_, Some(a)) if a == decisive => Some(decisive),
                    (Some(_), Some(_)) => Some(!decisive),
                    _ => None,
                }
            }
            Expr::Unary { op: UnaryOp::Not, operand, .. } => self.truth(act, operand).map(|b| !b),
            _ => {
                let lang = self.modules[act.frame.borrow().module].lang;
                self.eval(act, cond).truthy_in(lang)
            }
        };
        self.nesting -= 1;
        out
    }

    fn both(&mut self, act: &mut Activation, arms: &[&Vec<Stmt>]) -> Flow {
        self.both_narrowed(act, arms, &[])
    }

    /// [`Interp::both`], with a local bound differently at the start of
    /// some arms ([`Interp::narrow_nil`]).
    fn both_narrowed(
        &mut self,
        act: &mut Activation,
        arms: &[&Vec<Stmt>],
        narrowed: &[Option<(Rc<str>, Value)>],
    ) -> Flow {
        // The frame's locals as they were: each arm starts from them. The
        // first arm runs on the frame as it is and the last takes this copy,
        // so an `if` without `else` copies the locals once, not three times.
        let mut before = Some(act.frame.borrow().vars.clone());
        let mut ends: Vec<(Flow, super::value::Vars)> = vec![];
        let mut fields: Vec<ArmEnd> = vec![];
        self.branches += 1;
        for (i, arm) in arms.iter().enumerate() {
            if i > 0 {
                let start = if i + 1 == arms.len() { before.take() } else { before.clone() };
                act.frame.borrow_mut().vars = start.unwrap_or_default();
            }
            if let Some(Some((name, v))) = narrowed.get(i) {
                act.frame.borrow_mut().vars.insert(name.clone(), v.clone());
            }
            self.arm_writes.push(ArmLog::default());
            let flow = self.exec_block(act, arm);
            let vars = std::mem::take(&mut act.frame.borrow_mut().vars);
            ends.push((flow, vars));
            // Undo the arm's field writes, so the next arm starts where this one did.
            let log = self.arm_writes.pop().unwrap_or_default();
            let mut undone = vec![];
            for (obj, key, old) in log.writes {
                let after = obj.borrow().get(&key).cloned();
                restore_field(&obj, &key, old.clone());
                undone.push(((obj, key, old), after));
            }
            fields.push((flow, undone));
        }
        self.branches -= 1;
        self.join_arm_fields(&fields);
        // When every arm left (returned, broke), nothing after the branch
        // runs, but a closure over the frame still reads what the arms left.
        let all_left = ends.iter().all(|(f, _)| *f != Flow::Normal);
        let flow = match ends.first() {
            Some((first, _)) if all_left => {
                if ends.iter().all(|(f, _)| f == first) {
                    *first
                } else {
                    Flow::Return
                }
            }
            _ => Flow::Normal,
        };
        let mut going_on: Vec<super::value::Vars> =
            ends.into_iter().filter(|(f, _)| all_left || *f == Flow::Normal).map(|(_, v)| v).collect();
        if going_on.is_empty() {
            return flow;
        }
        // The first arm that goes on is the base; only the locals whose values
        // differ between the arms (or that some arm lacks) are joined, in name
        // order, so a budget that runs out mid-way does so at the same name on
        // every run. A local no arm changed (most of them, at an `if` in a
        // loop) is kept as it is: joining it again costs as much as it is wide.
        let mut merged = going_on.remove(0);
        let mut differ: Vec<Rc<str>> = merged
            .iter()
            .filter(|(k, v)| !going_on.iter().all(|m| m.get(*k).is_some_and(|w| w.identical(v))))
            .map(|(k, _)| k.clone())
            .collect();
        for m in &going_on {
            differ.extend(m.keys().filter(|k| !merged.contains_key(*k)).cloned());
        }
        differ.sort();
        differ.dedup();
        for key in differ {
            let mut vals: Vec<Value> = merged.remove(&key).into_iter().collect();
            vals.extend(going_on.iter().filter_map(|m| m.get(&key).cloned()));
            let span = vals.iter().find_map(Value::span).unwrap_or(Span::new(crate::source::FileId(0), 0, 0));
            merged.insert(key, self.join(vals, span));
        }
        act.frame.borrow_mut().vars = merged;
        flow
    }

    /// What a Python loop walks when given an instance of a project class
    /// that defines `__iter__` (a tool list class): what `__iter__` returns
    /// (`iter(self._items)` is the list). Anything else is itself.
    pub(super) fn iterated(&mut self, v: Value, span: Span) -> Value {
        let Value::Instance(i) = &v else { return v };
        if self.modules[i.class.module].lang != crate::model::Lang::Python
            || self.class_member(&i.class, "__iter__").is_none()
        {
            return v;
        }
        let f = self.get_member(&v, "__iter__", span);
        self.call_value(&f, None, super::value::PendingCall::new(span), span)
    }

    fn for_each(&mut self, act: &mut Activation, pattern: &Pattern, it: Value, body: &[Stmt], span: Span) -> Flow {
        let it = self.iterated(it, span);
        let lang = self.modules[act.frame.borrow().module].lang;
        // `for (const [k, v] of map)`: its entries, on each path (C#'s
        // `KeyValuePair`s).
        let mut as_list = |v: Value| match v {
            // A Kotlin map literal is a map (`for ((k, v) in m)`).
            Value::Object(o) if o.borrow().keyed || lang == crate::model::Lang::Kotlin => {
                let entries = match lang {
                    crate::model::Lang::CSharp => self.key_value_pairs(&o, span),
                    _ => self.map_view(&o, "entries", span),
                };
                Value::List(Rc::new(RefCell::new(entries)), span)
            }
            v => v,
        };
        let it = match it {
            Value::OneOf(alts) => Value::OneOf(alts.iter().cloned().map(&mut as_list).collect()),
            v => as_list(v),
        };
        // Go's `for _, v := range m` binds the map's values (the Go lowering
        // binds only the element); Python's `for key in dict` its keys.
        let values = lang == crate::model::Lang::Go;
        // Gathering the elements is work of its own, as long as the lists:
        // charged, so that loops over large joined lists stay in budget.
        let letters = self.budget.max_unroll + 1;
        let size = |v: &Value| match v {
            Value::List(l, _) => l.borrow().len(),
            Value::Object(o) => o.borrow().entries.len(),
            Value::Str(s, _) => s.len().min(letters),
            _ => 0,
        };
        let work: usize = match &it {
            Value::OneOf(alts) => alts.iter().map(size).sum(),
            v => size(v),
        };
        if !self.charge(work) {
            return Flow::Normal;
        }
        let chars = matches!(
            lang,
            crate::model::Lang::Python | crate::model::Lang::TypeScript | crate::model::Lang::JavaScript
        );
        let elements = |v: &Value| -> Option<Vec<Value>> {
            match v {
                Value::List(l, _) => Some(l.borrow().clone()),
                // A string's characters (a name rewritten letter by letter).
                // Past the unroll budget the rest is not made: the loop sees
                // too many and takes some unknown element.
                Value::Str(s, at) if chars => {
                    Some(s.chars().take(letters).map(|c| Value::str(c.encode_utf8(&mut [0; 4]), *at)).collect())
                }
                Value::Object(o) if o.borrow().complete && values => {
                    Some(o.borrow().entries.iter().map(|(_, v, _)| v.clone()).collect())
                }
                Value::Object(o) if o.borrow().complete => Some(
                    o.borrow().entries.iter().map(|(k, _, ks)| Value::Str(k.clone(), ks.unwrap_or(span))).collect(),
                ),
                _ => None,
            }
        };
        let items: Option<Vec<Value>> = match &it {
            // A collection that differs by path (`if (c) tools = [...tools, x]`):
            // the body runs for what any of them holds.
            Value::OneOf(alts) => {
                let mut out: Vec<Value> = vec![];
                let mut seen = super::value::Distinct::default();
                for a in alts.iter() {
                    // A path on which it is unknown: some element we cannot know.
                    let some = elements(a).unwrap_or_else(|| vec![Value::Unknown(a.span().unwrap_or(span))]);
                    for v in some {
                        if seen.is_new(&out, &v) {
                            out.push(v);
                        }
                    }
                }
                Some(out)
            }
            other => elements(other),
        };
        match items {
            Some(items) if items.len() <= self.budget.max_unroll => {
                for item in items {
                    self.bind_pattern(act, pattern, item.clone(), true);
                    self.loop_elements.push(item);
                    let flow = self.exec_block(act, body);
                    self.loop_elements.pop();
                    match flow {
                        Flow::Break => break,
                        Flow::Return => return Flow::Return,
                        Flow::Normal | Flow::Continue => {}
                    }
                }
                Flow::Normal
            }
            _ => {
                // An unknown list: the body runs for some unknown element.
                self.exhausted |= items.is_some();
                self.widen(act, body, span);
                let element = self.unknown_from(&[&it], span);
                self.bind_pattern(act, pattern, element, true);
                let empty: Vec<Stmt> = vec![];
                let body = body.to_vec();
                let flow = self.both(act, &[&body, &empty]);
                if flow == Flow::Return {
                    Flow::Return
                } else {
                    Flow::Normal
                }
            }
        }
    }

    /// A loop with a test (`while`, C-style `for`). While the test is known
    /// and each pass changes what it reads (`i < defs.length` with `i++`),
    /// the loop is unrolled, as a walk over a known list is. Otherwise (a
    /// test nobody knows, `while (true)` left by a `break`, a pass that
    /// changes nothing the test reads) the body runs zero or more times
    /// more: once, joined with not at all, with the locals it assigns taking
    /// any value too (what a later pass would see).
    fn while_loop(&mut self, act: &mut Activation, cond: &Expr, body: &[Stmt], span: Span) -> Flow {
        if !matches!(cond, Expr::Lit(..)) {
            let mut tested: Vec<Rc<str>> = vec![];
            ir::walk::within(cond, 64, |e| {
                if let Expr::Name(n, _) = e {
                    tested.push(n.as_str().into());
                }
            });
            let read = |act: &Activation| -> Vec<Option<Value>> {
                let frame = act.frame.borrow();
                tested.iter().map(|n| frame.vars.get(n).cloned()).collect()
            };
            for _ in 0..self.budget.max_unroll {
                match self.truth(act, cond) {
                    Some(false) => return Flow::Normal,
                    Some(true) if !tested.is_empty() => {}
                    _ => break,
                }
                let before = read(act);
                match self.exec_block(act, body) {
                    Flow::Break => return Flow::Normal,
                    Flow::Return => return Flow::Return,
                    Flow::Normal | Flow::Continue => {}
                }
                let after = read(act);
                let moved = before.iter().zip(&after).any(|(b, a)| match (b, a) {
                    (Some(b), Some(a)) => !b.identical(a),
                    (b, a) => b.is_some() != a.is_some(),
                });
                if !moved || self.exhausted {
                    break;
                }
            }
        }
        self.widen(act, body, span);
        self.eval(act, cond);
        let empty: Vec<Stmt> = vec![];
        let flow = self.both(act, &[&body.to_vec(), &empty]);
        if matches!(flow, Flow::Break | Flow::Continue) {
            Flow::Normal
        } else {
            flow
        }
    }

    /// Node's `process.exit(...)` (the global, not shadowed): the path ends
    /// there, as a `throw` ends it.
    fn exits(&self, act: &Activation, e: &Expr) -> bool {
        let Expr::Call { callee, .. } = e else { return false };
        let Expr::Member { object, name, .. } = &**callee else { return false };
        let Expr::Name(n, _) = &**object else { return false };
        name == "exit"
            && n == "process"
            && self.modules[act.frame.borrow().module].lang.is_javascript()
            && !bound(act, "process")
    }

    /// Before a loop body that runs an unknown number of times: each local
    /// it assigns that is bound already may also hold what a later pass
    /// leaves in it, which is not known.
    fn widen(&mut self, act: &mut Activation, body: &[Stmt], span: Span) {
        for name in ir::walk::assigned_names(body) {
            let old = act.frame.borrow().vars.get(name).cloned();
            if let Some(old) = old {
                let wide = self.join(vec![old, Value::Unknown(span)], span);
                act.frame.borrow_mut().vars.insert(name.into(), wide);
            }
        }
    }

    pub(super) fn bind_pattern(&mut self, act: &mut Activation, pattern: &Pattern, value: Value, declare: bool) {
        match pattern {
            Pattern::Name(name, span) => {
                if declare {
                    act.frame.borrow_mut().vars.insert(name.as_str().into(), value);
                } else {
                    self.assign(act, &Place::Name(name.clone(), *span), value);
                }
            }
            Pattern::Ignore => {}
            Pattern::Default(inner, default) => {
                let value = if matches!(value, Value::Undefined(_)) { self.eval(act, default) } else { value };
                self.bind_pattern(act, inner, value, declare);
            }
            Pattern::Object { props, rest, span } => {
                for (key, p) in props {
                    let v = self.get_member(&value, key, *span);
                    self.bind_pattern(act, p, v, declare);
                }
                if let Some(rest) = rest {
                    let v = match &value {
                        Value::Object(o) => {
                            let o = o.borrow();
                            let mut copy = Obj::new(*span);
                            copy.complete = o.complete;
                            for (k, v, ks) in &o.entries {
                                if !props.iter().any(|(p, _)| p.as_str() == &**k) {
                                    copy.set(k, v.clone(), *ks);
                                }
                            }
                            Value::Object(Rc::new(RefCell::new(copy)))
                        }
                        _ => Value::Unknown(*span),
                    };
                    act.frame.borrow_mut().vars.insert(rest.as_str().into(), v);
                }
            }
            Pattern::List { items, rest, span } => {
                let known: Option<Vec<Value>> = match &value {
                    Value::List(l, _) => Some(l.borrow().clone()),
                    Value::Object(o) if o.borrow().named_tuple => {
                        Some(o.borrow().entries.iter().map(|(_, v, _)| v.clone()).collect())
                    }
                    // One tuple per path (`return [], None` or `return page, cursor`):
                    // each name is what any of them holds there.
                    Value::OneOf(alts) if alts.iter().all(|a| matches!(a, Value::List(..))) => {
                        let lists: Vec<Vec<Value>> = alts
                            .iter()
                            .map(|a| if let Value::List(l, _) = a { l.borrow().clone() } else { vec![] })
                            .collect();
                        let width = lists.iter().map(Vec::len).max().unwrap_or(0);
                        let max = self.budget.max_alternatives;
                        Some(
                            (0..width)
                                .map(|i| {
                                    let at: Vec<Value> = lists
                                        .iter()
                                        .map(|l| l.get(i).cloned().unwrap_or(Value::Undefined(*span)))
                                        .collect();
                                    Value::join(at, max, *span)
                                })
                                .collect(),
                        )
                    }
                    _ => None,
                };
                for (i, p) in items.iter().enumerate() {
                    if let Some(p) = p {
                        let v = match &known {
                            Some(list) => list.get(i).cloned().unwrap_or(Value::Undefined(*span)),
                            None => self.unknown_from(&[&value], *span),
                        };
                        self.bind_pattern(act, p, v, declare);
                    }
                }
                if let Some(rest) = rest {
                    let v = match known {
                        Some(list) => {
                            Value::List(Rc::new(RefCell::new(list.into_iter().skip(items.len()).collect())), *span)
                        }
                        None => Value::Unknown(*span),
                    };
                    act.frame.borrow_mut().vars.insert(rest.as_str().into(), v);
                }
            }
        }
    }

    fn assign(&mut self, act: &mut Activation, place: &Place, value: Value) {
        match place {
            Place::Name(name, span) => {
                // The nearest frame that has it, else this one.
                let mut frame = Some(act.frame.clone());
                while let Some(f) = frame {
                    if f.borrow().vars.contains_key(name.as_str()) {
                        // A function nothing called (a tool handler the SDK calls
                        // later) writing a variable of an activation that has
                        // finished (the loaded module): afterwards it may hold
                        // either value (a flag a handler sets). One still running
                        // sees the write in order, and so does the rest of the
                        // root that writes it, outside the root's unknown
                        // branches ([`Interp::as_root`]).
                        let finished = !self.active.iter().any(|a| Rc::ptr_eq(a, &f));
                        let old = f.borrow().vars.get(name.as_str()).cloned();
                        let value = match (old, &mut self.root_writes) {
                            (Some(old), Some((writes, at))) if self.in_root && finished && self.branches <= *at => {
                                if !writes.iter().any(|(w, n, _)| Rc::ptr_eq(w, &f) && **n == **name) {
                                    writes.push((f.clone(), name.as_str().into(), old));
                                }
                                value
                            }
                            (Some(old), _) if self.in_root && finished => self.join(vec![old, value], *span),
                            _ => value,
                        };
                        f.borrow_mut().vars.insert(name.as_str().into(), value);
                        return;
                    }
                    frame = f.borrow().parent.clone();
                }
                act.frame.borrow_mut().vars.insert(name.as_str().into(), value);
            }
            Place::Member { object, name, span } => {
                let target = self.eval(act, object);
                if let Value::Sdk(s) = &target {
                    self.sdk_assign(s, name, value, *span);
                    return;
                }
                // A record made outside the running branch arm: the write
                // holds in order within the arm, and is joined once every
                // arm has run ([`Interp::join_arm_fields`]).
                match &target {
                    Value::Object(o) => self.log_arm_write(&o.clone(), name),
                    Value::Instance(i) => self.log_arm_write(&i.fields.clone(), name),
                    _ => {}
                }
                self.set_member(&target, name, value, Some(*span));
            }
            Place::Index { object, index, span } => {
                let target = self.eval(act, object);
                let key = self.eval(act, index);
                if let Value::Sdk(s) = &target {
                    self.sdk_set_index(s, key, value, *span);
                    return;
                }
                match key.as_str() {
                    Some(k) => self.set_member(&target, k, value, Some(*span)),
                    // An unknown key: the object no longer says what it
                    // holds, but the value is among its values (a dict built
                    // by a comprehension over modules, keyed by their names).
                    None => {
                        if let Value::Object(o) = &target {
                            o.borrow_mut().set_unknown_key(value);
                        }
                    }
                }
            }
        }
    }

    /// After every arm of a branch ran: each field an arm wrote holds what
    /// the arms that go on left in it (the old value for one that did not
    /// write it), joined; arms that all left keep the old value.
    fn join_arm_fields(&mut self, arms: &[ArmEnd]) {
        let mut seen: HashSet<FieldKey> = HashSet::new();
        let mut written: Vec<&ArmWrite> = vec![];
        for (_, writes) in arms {
            for (w, _) in writes {
                if seen.insert((Rc::as_ptr(&w.0) as usize, w.1.clone())) {
                    written.push(w);
                }
            }
        }
        // What each arm that goes on left in each field it wrote.
        let ends: Vec<HashMap<FieldKey, &Option<Value>>> = arms
            .iter()
            .filter(|(f, _)| *f == Flow::Normal)
            .map(|(_, writes)| {
                writes.iter().map(|((o, k, _), after)| ((Rc::as_ptr(o) as usize, k.clone()), after)).collect()
            })
            .collect();
        if ends.is_empty() {
            return;
        }
        for (obj, key, old) in written {
            let span = obj.borrow().span.unwrap_or(Span::new(crate::source::FileId(0), 0, 0));
            let at = (Rc::as_ptr(obj) as usize, key.clone());
            let values: Vec<Value> = ends
                .iter()
                .map(|end| end.get(&at).copied().unwrap_or(old).clone().unwrap_or(Value::Undefined(span)))
                .collect();
            let joined = self.join(values, span);
            self.log_arm_write(obj, key);
            obj.borrow_mut().set(key, joined, None);
        }
    }

    /// Records in the running arm's log that it writes `key` of `obj`, a
    /// record made outside that arm, before the write.
    fn log_arm_write(&mut self, obj: &super::value::ObjRef, key: &str) {
        if obj.borrow().branches >= self.branches {
            return;
        }
        let Some(log) = self.arm_writes.last_mut() else { return };
        if log.seen.insert((Rc::as_ptr(obj) as usize, key.into())) {
            let old = obj.borrow().get(key).cloned();
            log.writes.push((obj.clone(), key.into(), old));
        }
    }

    pub(super) fn set_member(&mut self, target: &Value, name: &str, value: Value, span: Option<Span>) {
        match target {
            Value::Object(o) => o.borrow_mut().set(name, value, span),
            Value::Instance(i) => i.fields.borrow_mut().set(name, value, span),
            Value::Class(c) => c.statics.borrow_mut().set(name, value, span),
            // A JavaScript function's `name` and `length` are read-only.
            Value::Func(c) | Value::Bound(c, _)
                if self.modules[c.module].lang == crate::model::Lang::Python || !matches!(name, "name" | "length") =>
            {
                c.set_attr(name, value)
            }
            Value::OneOf(vs) => {
                for v in vs.iter() {
                    self.set_member(v, name, value.clone(), span);
                }
            }
            _ => {}
        }
    }

    pub(super) fn lookup(&mut self, act: &Activation, name: &str, span: Span) -> Value {
        if let Some(v) = self.scope_var(act, name) {
            return v;
        }
        let module = act.frame.borrow().module;
        if let Some(v) = self.inherited_member(act, name, span) {
            return v;
        }
        if let Some(v) = self.receiver_member(act, name, span) {
            return v;
        }
        if let Some(v) = self.glob_lookup(act, name, span) {
            return v;
        }
        if let Some(v) = self.implicit_symbol(module, name, span) {
            return v;
        }
        super::type_forms::builtin(self.modules[module].lang, name, span).unwrap_or(Value::Unknown(span))
    }

    /// The Kotlin function declared as `name` with `argc` parameters, when
    /// the name is overloaded by count ([`Stmt::Func`]): what a call with
    /// that many arguments means.
    pub(super) fn overload(&self, act: &Activation, name: &str, argc: usize) -> Option<Value> {
        if self.modules[act.frame.borrow().module].lang != crate::model::Lang::Kotlin {
            return None;
        }
        let key = format!("{name}#{argc}");
        let mut frame = Some(act.frame.clone());
        while let Some(f) = frame {
            if let Some(v) = f.borrow().vars.get(key.as_str()) {
                return Some(v.clone());
            }
            frame = f.borrow().parent.clone();
        }
        None
    }

    /// `name` as a member of an SDK module a scope imports whole
    /// ([`Frame::globs`](super::value::Frame)), when one of them has it.
    pub(super) fn glob_lookup(&mut self, act: &Activation, name: &str, span: Span) -> Option<Value> {
        let mut globs = vec![];
        let mut statics = vec![];
        let mut frame = Some(act.frame.clone());
        while let Some(f) = frame {
            globs.extend(f.borrow().globs.iter().cloned());
            statics.extend(f.borrow().static_imports.iter().cloned());
            frame = f.borrow().parent.clone();
        }
        // A C# project's namespaces are no values: the class a `using
        // static` names is the one its last segments name in scope
        // (`A.B.Outer.Inner`: `Outer`, then its `Inner`).
        for path in statics {
            let segments: Vec<&str> = path.split('.').collect();
            let class = (0..segments.len()).rev().take(3).find_map(|i| {
                let mut v = self.scope_var(act, segments[i]).filter(|v| matches!(v, Value::Class(_)))?;
                for s in &segments[i + 1..] {
                    v = self.get_member(&v, s, span);
                }
                Some(v).filter(|v| matches!(v, Value::Class(_)))
            });
            let Some(class) = class else { continue };
            let v = self.get_member(&class, name, span);
            if !matches!(v, Value::Unknown(_) | Value::Undefined(_)) {
                return Some(v);
            }
        }
        // A C# `using N;` imports N's types, not its sub-namespaces: a name
        // that is no symbol of the SDK is not found there.
        let types_only = self.modules[act.frame.borrow().module].lang == crate::model::Lang::CSharp;
        globs.into_iter().map(|g| self.get_member(&g, name, span)).find(|v| match v {
            Value::Unknown(_) => false,
            Value::Sdk(s) => !(types_only && s.ty == "@module"),
            _ => true,
        })
    }

    /// A bare name in a C#, Java or Kotlin method that no local binds and
    /// the enclosing class does not declare (the lowering makes those
    /// `this.X`), which a base class declares: that member, read off `this`,
    /// or off the declaring class for a static one. The names a base in
    /// another file declares are not known when the method is lowered.
    fn inherited_member(&mut self, act: &Activation, name: &str, span: Span) -> Option<Value> {
        use crate::model::Lang;
        if !matches!(self.modules[act.frame.borrow().module].lang, Lang::CSharp | Lang::Java | Lang::Kotlin) {
            return None;
        }
        let this = self.this(act, span);
        let class = match &this {
            Value::Instance(i) => i.class.clone(),
            Value::Class(c) => c.clone(),
            _ => return None,
        };
        let mut todo: Vec<Rc<super::value::ClassVal>> =
            class.bases.iter().filter_map(|b| if let Value::Class(b) = b { Some(b.clone()) } else { None }).collect();
        // A C# `partial` class's other parts: the class its name binds (the
        // first part, the others its bases), searched whole.
        if self.modules[class.module].lang == Lang::CSharp {
            if let Some(Value::Class(whole)) = class.name.as_deref().and_then(|n| self.scope_var(act, n)) {
                todo.push(whole);
            }
        }
        let mut seen = 0;
        while let Some(c) = todo.pop() {
            seen += 1;
            if seen > 64 {
                return None;
            }
            let decl = &self.modules[c.module].classes[c.class.0 as usize];
            if let Some(m) = decl.members.iter().find(|m| m.name == name) {
                let owner = if m.is_static { Value::Class(c.clone()) } else { this.clone() };
                return Some(self.get_member(&owner, name, span));
            }
            todo.extend(c.bases.iter().filter_map(|b| if let Value::Class(b) = b { Some(b.clone()) } else { None }));
        }
        None
    }

    /// What a scope of `act` binds `name` to, nothing else consulted.
    pub(super) fn scope_var(&self, act: &Activation, name: &str) -> Option<Value> {
        let mut frame = Some(act.frame.clone());
        while let Some(f) = frame {
            if let Some(v) = f.borrow().vars.get(name) {
                return Some(v.clone());
            }
            frame = f.borrow().parent.clone();
        }
        None
    }

    pub(super) fn this(&self, act: &Activation, span: Span) -> Value {
        let mut frame = Some(act.frame.clone());
        while let Some(f) = frame {
            if let Some(t) = &f.borrow().this {
                return t.clone();
            }
            frame = f.borrow().parent.clone();
        }
        Value::Unknown(span)
    }

    pub(super) fn eval(&mut self, act: &mut Activation, expr: &Expr) -> Value {
        if !self.step() || self.nesting >= self.budget.max_nesting {
            self.exhausted = true;
            return Value::Unknown(expr.span());
        }
        self.nesting += 1;
        let v = self.eval_inner(act, expr);
        self.nesting -= 1;
        v
    }

    fn eval_inner(&mut self, act: &mut Activation, expr: &Expr) -> Value {
        let module = act.frame.borrow().module;
        match expr {
            Expr::Lit(lit, span) => literal(lit, *span),
            Expr::Name(name, span) => self.lookup(act, name, *span),
            Expr::This(span) => self.this(act, *span),
            // `super` alone is only meaningful as a callee or receiver.
            Expr::Super(span) => Value::Unknown(*span),
            Expr::Member { object, name, span } => {
                if let Expr::Super(_) = **object {
                    return self.super_member(act, name, *span);
                }
                let o = self.eval(act, object);
                self.member_of(self.modules[module].lang, &o, name, *span)
            }
            Expr::Index { object, index, span } => {
                let o = self.eval(act, object);
                let i = self.eval(act, index);
                self.get_index(&o, &i, *span)
            }
            Expr::Call { callee, args, span } => self.eval_call(act, callee, args, *span),
            Expr::New { class, args, span } => {
                let c = self.eval(act, class);
                let args = self.eval_args(act, args);
                // The global `Map` (no binding of the program shadows it).
                if let (Expr::Name(n, _), Value::Unknown(_)) = (&**class, &c) {
                    let lang = self.modules[act.frame.borrow().module].lang;
                    if &**n == "Map" && matches!(lang, crate::model::Lang::TypeScript | crate::model::Lang::JavaScript)
                    {
                        return self.new_map(&args, *span);
                    }
                    if &**n == "Set" && matches!(lang, crate::model::Lang::TypeScript | crate::model::Lang::JavaScript)
                    {
                        return self.new_set(&args, *span);
                    }
                    // `new URL("./tools.json", import.meta.url)`: a `file:` URL, as its text.
                    if &**n == "URL" && lang.is_javascript() {
                        return self.new_url(&args, *span);
                    }
                    // `new Dictionary<K, V>()`, or a copy of another one.
                    if lang == crate::model::Lang::CSharp {
                        if let Some(v) = self.csharp_new(n, &args, *span) {
                            return v;
                        }
                    }
                }
                self.call_value(&c, None, args, *span)
            }
            Expr::Struct { ty, entries, span } => {
                // The literal's head (`Tool` in `Tool { .. }`): where a
                // definition it makes is reported.
                let t = ty.span();
                let head = if t.file == span.file && span.start <= t.start && t.end <= span.end {
                    Span { end: t.end, ..*span }
                } else {
                    *span
                };
                let ty_value = self.eval(act, ty);
                // `new Dictionary<K, V> { ["k"] = v }`: a map of those entries.
                if let (Expr::Name(n, _), Value::Unknown(_)) = (&**ty, &ty_value) {
                    if self.modules[module].lang == crate::model::Lang::CSharp {
                        if let Some(v) = self.csharp_literal(act, n, entries, *span) {
                            return v;
                        }
                    }
                }
                self.struct_literal(act, ty_value, entries, *span, head)
            }
            Expr::Object { entries, span } => self.eval_object(act, entries, *span),
            Expr::List { items, span } => {
                let mut parts = Vec::with_capacity(items.len());
                for item in items {
                    parts.push(match item {
                        Element::Item(e) => Part::Item(self.eval(act, e)),
                        Element::Spread(e) => Part::Spread(self.eval(act, e)),
                    });
                }
                self.concat(parts, *span)
            }
            Expr::Func(id, _) => self.make_function(act, module, *id),
            Expr::Class(id, _) => self.make_class(act, module, *id),
            Expr::Unary { op, operand, span } => {
                let v = self.eval(act, operand);
                match op {
                    UnaryOp::Not => match v.truthy_in(self.modules[module].lang) {
                        Some(b) => Value::Bool(!b, *span),
                        None => Value::Unknown(*span),
                    },
                    UnaryOp::Transparent => v,
                    UnaryOp::NonNull => v.non_null().unwrap_or(Value::Unknown(*span)),
                    // `-1` (an index from the end, a step down).
                    UnaryOp::Neg => match &v {
                        Value::Num(n, _) if n.parse::<i64>().is_ok_and(|i| i > 0) => {
                            Value::Num(format!("-{n}").into(), *span)
                        }
                        _ => Value::Unknown(*span),
                    },
                    UnaryOp::TypeOf => type_of(&v, *span),
                    UnaryOp::Opaque => Value::Unknown(*span),
                }
            }
            Expr::Binary { op, left, right, span } => {
                let l = self.eval(act, left);
                let r = self.eval(act, right);
                self.binary(self.modules[module].lang, *op, l, r, *span)
            }
            Expr::Cond { test, then, otherwise, span } => match self.truth(act, test) {
                Some(true) => self.eval(act, then),
                Some(false) => self.eval(act, otherwise),
                None => {
                    let a = self.eval(act, then);
                    let b = self.eval(act, otherwise);
                    self.join(vec![a, b], *span)
                }
            },
            Expr::Concat { parts, span } => {
                let mut s = String::new();
                for p in parts {
                    match self.eval(act, p) {
                        Value::Str(part, _) => s.push_str(&part),
                        // An integer reads the same in both languages (`f"t{i}"`, `` `t${i}` ``).
                        Value::Num(n, _) if n.parse::<i64>().is_ok() => s.push_str(&n),
                        other => return self.unknown_from(&[&other], *span),
                    }
                    if s.len() > self.budget.max_str {
                        return Value::Unknown(*span);
                    }
                }
                Value::str(&s, *span)
            }
            Expr::Typed { value, ty, holds, span } => {
                let v = self.eval(act, value);
                let t = self.eval(act, ty);
                self.typed(&v, &t, *holds, *span);
                v
            }
            Expr::Unknown(span) => Value::Unknown(*span),
        }
    }

    pub(super) fn eval_object(&mut self, act: &mut Activation, entries: &[Entry], span: Span) -> Value {
        let mut obj = Obj::new(span);
        obj.branches = self.branches;
        // The pairs this literal wrote (key and extent): a second pair of
        // one key shadows the first. Searched only when a key repeats.
        let mut written: Vec<(&str, Span)> = vec![];
        for entry in entries {
            match entry {
                Entry::Pair { key, key_span, value } => {
                    let v = self.eval(act, value);
                    let extent = Span { end: value.span().end.max(key_span.end), ..*key_span };
                    if obj.replace(key, v, Some(*key_span)) {
                        if let Some((_, earlier)) = written.iter_mut().rev().find(|(k, _)| *k == key.as_str()) {
                            obj.shadowed.push((Rc::from(key.as_str()), *earlier, *key_span));
                            *earlier = extent;
                            continue;
                        }
                    }
                    written.push((key, extent));
                }
                Entry::Computed { key, value } => {
                    let k = self.eval(act, key);
                    let v = self.eval(act, value);
                    match k.as_str() {
                        Some(k) => obj.set(k, v, Some(key.span())),
                        None => obj.complete = false,
                    }
                }
                Entry::Spread(e) => {
                    let source = self.spread_source(act, e);
                    self.spread_into(&mut obj, source, span);
                }
            }
        }
        Value::Object(Rc::new(RefCell::new(obj)))
    }

    /// What `...e` spreads: the value, or a module namespace's exports.
    /// `{...source}` / `**source` into `obj`: each key the source sets, in
    /// order; a source that is not a known object leaves `obj` incomplete.
    pub(super) fn spread_into(&self, obj: &mut Obj, source: Value, span: Span) {
        match source {
            Value::Object(o) => {
                let o = o.borrow();
                obj.complete &= o.complete;
                for (k, v, ks) in &o.entries {
                    obj.set(k, v.clone(), *ks);
                }
            }
            Value::Instance(i) => {
                for (k, v, ks) in &i.fields.borrow().entries {
                    obj.set(k, v.clone(), *ks);
                }
            }
            Value::Null(_) | Value::Undefined(_) => {}
            // A spread of objects that differ by path (`...(c ? {a} :
            // {b})`): each key any of them sets is what it is on each
            // path, the value before the spread (or missing) where
            // that path's object does not set it; a key none sets
            // stays as it was.
            Value::OneOf(alts)
                if alts.iter().all(|a| {
                    matches!(a, Value::Null(_) | Value::Undefined(_) | Value::Bool(false, _))
                        || matches!(a, Value::Object(o) if o.borrow().complete)
                }) =>
            {
                let objs: Vec<Rc<RefCell<Obj>>> =
                    alts.iter().filter_map(|a| if let Value::Object(o) = a { Some(o.clone()) } else { None }).collect();
                for (k, ks) in super::value::union_keys(&objs) {
                    let before = obj.get(&k).cloned().unwrap_or(Value::Undefined(span));
                    let mut values: Vec<Value> =
                        objs.iter().map(|o| o.borrow().get(&k).cloned().unwrap_or_else(|| before.clone())).collect();
                    if objs.len() < alts.len() {
                        values.push(before.clone());
                    }
                    let at = before.span().unwrap_or(span);
                    obj.set(&k, Value::join(values, self.budget.max_alternatives, at), ks);
                }
            }
            _ => obj.complete = false,
        }
    }

    fn spread_source(&mut self, act: &mut Activation, e: &Expr) -> Value {
        let v = self.eval(act, e);
        self.as_namespace(v)
    }

    /// An unknown value computed from `inputs`. It derives from a root's
    /// parameters when one of them does: a registration named by such a
    /// value is plumbing that forwards its caller's tool (`add(server, def)
    /// { server.registerTool(def.name, ...) }`), not a tool of its own.
    pub(super) fn unknown_from(&mut self, inputs: &[&Value], span: Span) -> Value {
        if inputs.iter().any(|v| self.param_derived(v)) {
            self.from_params.insert(span);
        }
        if inputs.iter().any(|v| self.param_declared(v)) {
            self.declared_params.insert(span);
        }
        Value::Unknown(span)
    }

    /// Derives from a root's parameters: an unknown made from one, or
    /// alternatives that are all unknown and include one (`name.length <= 64
    /// ? name : name.slice(0, 64)`).
    pub(super) fn param_derived(&self, v: &Value) -> bool {
        match v {
            Value::Unknown(s) => self.from_params.contains(s),
            Value::OneOf(vs) => {
                vs.iter().all(|v| matches!(v, Value::Unknown(_)))
                    && vs.iter().any(|v| matches!(v, Value::Unknown(s) if self.from_params.contains(s)))
            }
            _ => false,
        }
    }

    /// Derives from a root's parameters, or is a record with a field that
    /// does (`{ readOnlyHint: readOnly }`).
    pub(super) fn mentions_params(&self, v: &Value) -> bool {
        match v {
            Value::Object(o) => o.borrow().entries.iter().any(|(_, v, _)| self.param_derived(v)),
            _ => self.param_derived(v),
        }
    }

    /// Derives from a root's parameter declared with a type ([`Interp::declared_params`]).
    pub(super) fn param_declared(&self, v: &Value) -> bool {
        matches!(v, Value::Unknown(s) if self.from_params.contains(s) && self.declared_params.contains(s))
    }

    /// Arithmetic on every pair of alternatives ([`super::numbers`]):
    /// known when each pair is.
    fn computed(&mut self, lang: crate::model::Lang, op: BinaryOp, l: &Value, r: &Value, span: Span) -> Value {
        let mut out = vec![];
        for a in l.alternatives() {
            for b in r.alternatives() {
                match super::numbers::arithmetic(lang, op, &a, &b, span) {
                    Some(v) => out.push(v),
                    None => return self.unknown_from(&[l, r], span),
                }
            }
        }
        self.join(out, span)
    }

    fn binary(&mut self, lang: crate::model::Lang, op: BinaryOp, l: Value, r: Value, span: Span) -> Value {
        let alts = self.budget.max_alternatives;
        match op {
            BinaryOp::Eq | BinaryOp::NotEq => {
                // Compare every pair of alternatives: one answer on every path is known.
                let mut answers = vec![];
                for a in l.alternatives() {
                    for b in r.alternatives() {
                        answers.push(a.literal_eq(&b));
                    }
                }
                match answers.first().copied().flatten() {
                    Some(first) if answers.iter().all(|a| *a == Some(first)) => {
                        Value::Bool(if op == BinaryOp::Eq { first } else { !first }, span)
                    }
                    _ => Value::Unknown(span),
                }
            }
            BinaryOp::And => match l.truthy_in(lang) {
                Some(false) => l,
                Some(true) => r,
                None => Value::Unknown(span),
            },
            // An unknown left side may be the falsy or missing one: either
            // side (`customTools ?? tools` with `customTools` a parameter).
            BinaryOp::Or => match l.truthy_in(lang) {
                Some(true) => l,
                Some(false) => r,
                None => Value::join(vec![l, r], alts, span),
            },
            BinaryOp::Coalesce => match l {
                Value::Null(_) | Value::Undefined(_) => r,
                Value::Unknown(_) => Value::join(vec![l, r], alts, span),
                // Alternatives: those that are there, and the right side
                // when one of them is missing or unknown.
                Value::OneOf(vs) => {
                    let present: Vec<Value> =
                        vs.iter().filter(|v| !matches!(v, Value::Null(_) | Value::Undefined(_))).cloned().collect();
                    let all_there =
                        present.len() == vs.len() && present.iter().all(|v| !matches!(v, Value::Unknown(_)));
                    let mut out = present;
                    if !all_there {
                        out.push(r);
                    }
                    Value::join(out, alts, span)
                }
                _ => l,
            },
            BinaryOp::Add => match (&l, &r) {
                (Value::Str(a, _), Value::Str(b, _)) if a.len() + b.len() <= self.budget.max_str => {
                    // Copying a long string is work of its own.
                    if !self.charge((a.len() + b.len()) / 16) {
                        return Value::Unknown(span);
                    }
                    Value::str(&format!("{a}{b}"), span)
                }
                (Value::Str(..), Value::Str(..)) => Value::Unknown(span),
                (Value::List(a, _), Value::List(b, _)) => {
                    let items: Vec<Value> = a.borrow().iter().chain(b.borrow().iter()).cloned().collect();
                    Value::List(Rc::new(RefCell::new(items)), span)
                }
                // Python adds a list only to a list: the unknown side is one
                // whose items are unknown, kept as one unknown item (as a
                // spread of an unknown is), so the known side's stay seen.
                (Value::List(a, _), Value::Unknown(u)) | (Value::Unknown(u), Value::List(a, _))
                    if lang == crate::model::Lang::Python =>
                {
                    let mut items = a.borrow().clone();
                    match l {
                        Value::List(..) => items.push(Value::Unknown(*u)),
                        _ => items.insert(0, Value::Unknown(*u)),
                    }
                    Value::List(Rc::new(RefCell::new(items)), span)
                }
                // A list on some paths (`base.withBanner(b) + extra`, where the
                // helper returns the list or a copy): each pair added.
                (Value::OneOf(_), _) | (_, Value::OneOf(_))
                    if l.alternatives().iter().chain(r.alternatives().iter()).any(|v| matches!(v, Value::List(..))) =>
                {
                    let (ls, rs) = (l.alternatives(), r.alternatives());
                    if !self.charge(ls.len() * rs.len()) {
                        return Value::Unknown(span);
                    }
                    let mut out = vec![];
                    for a in &ls {
                        for b in &rs {
                            // Alternatives are never alternatives themselves: one level.
                            out.push(self.binary(lang, op, a.clone(), b.clone(), span));
                        }
                    }
                    self.join(out, span)
                }
                _ => self.computed(lang, op, &l, &r, span),
            },
            BinaryOp::Sub | BinaryOp::Mul => self.computed(lang, op, &l, &r, span),
            BinaryOp::Lt | BinaryOp::LtE | BinaryOp::Gt | BinaryOp::GtE => {
                let mut answers = vec![];
                for a in l.alternatives() {
                    for b in r.alternatives() {
                        answers.push(super::numbers::ordering(op, &a, &b));
                    }
                }
                match answers.first().copied().flatten() {
                    Some(first) if answers.iter().all(|a| *a == Some(first)) => Value::Bool(first, span),
                    _ => Value::Unknown(span),
                }
            }
            BinaryOp::Merge if super::type_forms::is_type_form(&l) || super::type_forms::is_type_form(&r) => {
                super::type_forms::union(l, r, span)
            }
            BinaryOp::Merge => match (&l, &r) {
                (Value::Object(a), Value::Object(b)) => {
                    let mut obj = Obj::new(span);
                    for src in [a, b] {
                        let src = src.borrow();
                        obj.complete &= src.complete;
                        for (k, v, ks) in &src.entries {
                            obj.set(k, v.clone(), *ks);
                        }
                    }
                    Value::Object(Rc::new(RefCell::new(obj)))
                }
                _ => Value::Unknown(span),
            },
            BinaryOp::In => {
                let asks = if lang == crate::model::Lang::Python { Asks::Element } else { Asks::Key };
                super::relations::contains(asks, &r, &l).map_or(Value::Unknown(span), |b| Value::Bool(b, span))
            }
            BinaryOp::InstanceOf => {
                super::relations::instance_of(&l, &r).map_or(Value::Unknown(span), |b| Value::Bool(b, span))
            }
            BinaryOp::Div => self.path_divided(&l, &r, span).unwrap_or(Value::Unknown(span)),
            BinaryOp::Other => Value::Unknown(span),
        }
    }
}

/// Python's `Member.value` of a string-valued `Enum` member, which the
/// interpreter holds as the string itself (`class Name(str, Enum): A = "a"`):
/// a `str` has no attribute `value`, so the string is what it reads.
impl Interp<'_> {
    /// `o.name` read as a value.
    pub(super) fn member_of(&mut self, lang: crate::model::Lang, o: &Value, name: &str, span: Span) -> Value {
        if let Some(v) = enum_value(lang, o, name) {
            return v;
        }
        // A string's or an array's `length`, on every path.
        if name == "length" && lang.is_javascript() {
            let derived_empty = |a: &Value| match a {
                Value::List(l, _) => self.derived_empty.iter().any(|d| Rc::ptr_eq(d, l)) && l.borrow().is_empty(),
                _ => false,
            };
            let lengths: Option<Vec<Value>> = o
                .alternatives()
                .iter()
                .map(|a| match derived_empty(a) {
                    true => Some(Value::Num("0".into(), span)),
                    false => super::numbers::length(lang, a, span),
                })
                .collect();
            if let Some(lengths) = lengths {
                return self.join(lengths, span);
            }
        }
        if let (crate::model::Lang::CSharp, Value::Object(map)) = (lang, o) {
            if map.borrow().keyed {
                if let Some(v) = self.dictionary_member(map, name, span) {
                    return v;
                }
            }
        }
        // A Kotlin map's (`mapOf`, `mutableMapOf`) `values`, `keys` and
        // `entries` are properties.
        if let (crate::model::Lang::Kotlin, Value::Object(map)) = (lang, o) {
            let view = match name {
                "values" | "keys" => Some(name),
                "entries" => Some("entries"),
                _ => None,
            };
            if let Some(view) = view.filter(|_| map.borrow().get(name).is_none()) {
                return Value::List(Rc::new(RefCell::new(self.map_view(map, view, span))), span);
            }
        }
        self.get_member(o, name, span)
    }
}

/// Languages whose type declarations are bound before their block runs
/// ([`Interp::hoist_types`]).
pub(super) fn types_hoisted(lang: crate::model::Lang) -> bool {
    matches!(lang, crate::model::Lang::CSharp | crate::model::Lang::Java | crate::model::Lang::Kotlin)
}

/// Whether a frame on the chain from `act`'s binds `name`.
fn bound(act: &Activation, name: &str) -> bool {
    let mut frame = Some(act.frame.clone());
    while let Some(f) = frame {
        if f.borrow().vars.contains_key(name) {
            return true;
        }
        frame = f.borrow().parent.clone();
    }
    false
}

fn enum_value(lang: crate::model::Lang, o: &Value, name: &str) -> Option<Value> {
    (lang == crate::model::Lang::Python && name == "value" && matches!(o, Value::Str(..))).then(|| o.clone())
}

/// JavaScript's `typeof v` of a value the evaluator knows the kind of (a
/// guard such as `typeof d === "function"` then decides its branch); an SDK
/// value or an unknown one may be either kind.
fn type_of(v: &Value, span: Span) -> Value {
    let name = match v {
        Value::Str(..) => "string",
        Value::Num(..) => "number",
        Value::Bool(..) => "boolean",
        Value::Undefined(_) => "undefined",
        Value::Null(_) | Value::Object(_) | Value::List(..) | Value::Instance(_) | Value::Module(..) => "object",
        Value::Func(_) | Value::Bound(..) | Value::Class(_) => "function",
        Value::OneOf(vs) => {
            let names: Vec<Value> = vs.iter().map(|v| type_of(v, span)).collect();
            // At most the seven names `typeof` gives.
            return Value::join(names, 8, span);
        }
        Value::Unknown(_) | Value::Sdk(_) => return Value::Unknown(span),
    };
    Value::str(name, span)
}

/// The value a literal writes.
pub(super) fn literal(lit: &Lit, span: Span) -> Value {
    match lit {
        Lit::Bool(b) => Value::Bool(*b, span),
        Lit::Str(s) => Value::str(s, span),
        Lit::Num(n) => Value::Num(n.as_str().into(), span),
        Lit::Null => Value::Null(span),
        Lit::Undefined => Value::Undefined(span),
    }
}

/// Puts back what a field held before an arm wrote it (`None`: not there).
fn restore_field(obj: &super::value::ObjRef, key: &str, old: Option<Value>) {
    let mut o = obj.borrow_mut();
    match old {
        Some(v) => o.set(key, v, None),
        None => o.entries.retain(|(k, _, _)| &**k != key),
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use super::{Frame, Frames};
    use crate::eval::value::{Closure, Value};
    use crate::ir::FuncId;

    /// A module frame holding a function defined in it (the cycle every
    /// `def` at module level makes) is freed once the run's frames drop.
    #[test]
    fn a_frame_and_the_closure_over_it_are_freed_with_the_run() {
        let mut frames = Frames::default();
        let frame = Rc::new(RefCell::new(Frame::default()));
        frames.0.push(Rc::downgrade(&frame));
        let f = Closure::new(0, FuncId(0), Some(frame.clone()), None);
        frame.borrow_mut().vars.insert("f".into(), Value::Func(f.clone()));
        let (frame_alive, closure_alive) = (Rc::downgrade(&frame), Rc::downgrade(&f));
        drop((frame, f));
        assert!(frame_alive.upgrade().is_some(), "the cycle keeps both alive until the run ends");
        drop(frames);
        assert!(frame_alive.upgrade().is_none() && closure_alive.upgrade().is_none());
    }
}
