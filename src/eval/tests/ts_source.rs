//! Running TypeScript source through the real lowering, for tests whose
//! programs are clearer written than built: a module per `(name, text)`,
//! imports of `./name.js` resolved to it.

use std::path::Path;

use super::*;

struct Files(Vec<&'static str>);

impl Linker for Files {
    fn resolve(&self, _: usize, import: &Import) -> Link {
        let module = import.module.trim_start_matches("./").trim_end_matches(".js");
        match (self.0.iter().position(|m| *m == module), &import.member) {
            (Some(i), Some(member)) => Link::Member(i, member.clone()),
            (Some(i), None) => Link::Module(i),
            _ => Link::External,
        }
    }
}

pub(crate) fn run_ts(files: &[(&'static str, &str)]) -> Outcome {
    run_ts_within(files, Budget::default())
}

pub(crate) fn run_ts_within(files: &[(&'static str, &str)], budget: Budget) -> Outcome {
    let modules: Vec<_> = files
        .iter()
        .enumerate()
        .map(|(i, (name, text))| {
            let path = format!("{name}.ts");
            let file = FileId(i as u32);
            let (_, module) = crate::frontend::typescript::parse_file(file, Lang::TypeScript, Path::new(&path), text);
            Arc::new(module.expect("lowers"))
        })
        .collect();
    run(&modules, &Files(files.iter().map(|(n, _)| *n).collect()), budget)
}

/// The registration named `tool`.
pub(super) fn named<'o>(out: &'o Outcome, tool: &str) -> &'o Registration {
    out.registrations
        .iter()
        .find(|r| matches!(&r.name, Some(Value::Str(n, _)) if &**n == tool))
        .unwrap_or_else(|| panic!("no tool {tool} in {:?}", names(out)))
}

/// The parameter names a registration's input schema gives, as the
/// resolver reads them: a JSON schema's `properties`, or a raw shape's keys;
/// `None` when they are not known whole.
pub(super) fn params(r: &Registration) -> Option<Vec<String>> {
    let schema = match (&r.inputs, &r.handler) {
        (_, Some(Value::Object(record))) => record.borrow().get("inputSchema").cloned()?,
        (Inputs::Schema(v), _) => v.clone(),
        (Inputs::NoSchema, _) => return Some(vec![]),
        (Inputs::Handler, _) => return None,
        (Inputs::Read(names), _) => return names.clone(),
    };
    let Value::Object(o) = schema else { return None };
    let o = o.borrow();
    let keys = |o: &value::Obj| o.complete.then(|| o.entries.iter().map(|(k, _, _)| k.to_string()).collect());
    match o.get("properties") {
        Some(Value::Object(p)) => keys(&p.borrow()),
        Some(_) => None,
        None if o.get("type").is_some() => Some(vec![]),
        None => o.entries.iter().all(|(_, v, _)| matches!(v, Value::Sdk(_))).then(|| keys(&o)).flatten(),
    }
}
