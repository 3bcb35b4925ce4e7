//! Servers served by other servers: fastmcp's `parent.mount(child, ...)`
//! and `import_server(child, ...)` ([`sdk::Effect::Mount`]). The child's
//! tools are listed by the parent under `prefix + separator + name`, so
//! that is what each of its registrations is named once the program has
//! run; a child mounted under two prefixes lists each tool twice (under
//! the same one, once), and a parent that is mounted in turn adds its own
//! prefix outside.

use super::interp::Interp;
use super::mount_graph::{listed_as, paths, same, unknown_mount, Mount};
use super::sdk;
use super::value::{PendingCall, Value};
use super::Registration;
use crate::source::Span;

impl Interp<'_> {
    /// `parent.mount(...)` with `parent` a server made at `parent`: the
    /// child is the positional server; the prefix the other of the first
    /// two positionals (either order: fastmcp 2.2–2.8 take `(prefix,
    /// server)`, later ones `(server, prefix)` and swap a string first) or
    /// one of the `prefix` keywords.
    pub(super) fn mount(&mut self, parent: Option<Span>, how: &sdk::MountRoles, call: &PendingCall) {
        let Some(parent) = parent else { return };
        let first_two = &call.positional[..call.positional.len().min(2)];
        let Some((at, child)) = first_two.iter().enumerate().find_map(|(i, v)| Some((i, self.server_made_at(v)?)))
        else {
            return;
        };
        let keyword = |name: &str| call.keywords.iter().find(|(k, _)| &**k == name).map(|(_, v)| v.clone());
        let spread = keyword("**");
        let prefix = first_two
            .iter()
            .enumerate()
            .find(|(i, _)| *i != at)
            .map(|(_, v)| v.clone())
            .or_else(|| how.prefix.iter().find_map(|k| keyword(k)))
            .or(spread.clone());
        let separator = match how.separator.and_then(keyword).or(spread) {
            Some(Value::Str(s, _)) => s,
            Some(Value::Null(_) | Value::Undefined(_)) | None => "_".into(),
            Some(_) => return self.mounts.push(unknown_mount(parent, child, call.span)),
        };
        let renames = how.renames.and_then(keyword);
        let mount = Mount { parent, child, prefix, separator, renames };
        if !self.mounts.iter().any(|m| same(m, &mount)) {
            self.mounts.push(mount);
        }
    }

    /// Where a server was made: an SDK server, or an instance of a
    /// project class that extends one (`class Gateway(FastMCP)`).
    fn server_made_at(&self, v: &Value) -> Option<Span> {
        match v {
            Value::Sdk(s) if s.method.is_none() => s.instance,
            Value::Instance(i) => self.sdk_base_member(&i.class, "mount", v, i.span).map(|_| i.span),
            _ => None,
        }
    }

    /// Each registration on a mounted server, named as each parent lists it.
    pub(super) fn apply_mounts(&mut self) {
        if self.mounts.is_empty() {
            return;
        }
        let registrations = std::mem::take(&mut self.registrations);
        let mut out = Vec::with_capacity(registrations.len());
        for r in registrations {
            let paths = r.server.map(|s| paths(&self.mounts, s)).unwrap_or_default();
            if paths.is_empty() {
                out.push(r);
                continue;
            }
            // Listed under the same name by two parents (one server per
            // transport, each mounting the child alike): one tool.
            let mut names: Vec<Option<Value>> = vec![];
            for path in paths {
                let name = path.iter().fold(r.name.clone(), |name, m| name.map(|n| listed_as(&n, m)));
                let seen = names.iter().any(|n| match (n, &name) {
                    (Some(a), Some(b)) => a.literal_eq(b) == Some(true),
                    (None, None) => true,
                    _ => false,
                });
                if !seen {
                    names.push(name.clone());
                    out.push(Registration { name, ..r.clone() });
                }
            }
        }
        self.registrations = out;
    }
}
