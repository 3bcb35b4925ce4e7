//! Go standard-library functions that move tool parts between values:
//! `maps.Copy(dst, src)` (and golang.org/x/exp/maps' original) copies
//! src's keys into dst, so a schema's properties merged from a helper's map
//! are its properties. `slices.Concat(a, b, ...)` is one list of their
//! elements: tools gathered from several helpers.

use super::{Effect, Op, Rule, SdkTable};
use crate::model::Lang;

pub static GO_STD: SdkTable = SdkTable {
    api: "go.std",
    langs: &[Lang::Go],
    modules: &["maps", "golang.org/x/exp/maps"],
    symbols: &[("Copy", "Copy")],
    rules: &[Rule { on: "Copy", op: Op::Call, effect: Effect::CopyInto { into: 0, from: 1 } }],
    null_is_absent: false,
};

pub static GO_SLICES: SdkTable = SdkTable {
    api: "go.slices",
    langs: &[Lang::Go],
    modules: &["slices", "golang.org/x/exp/slices"],
    symbols: &[("Concat", "Concat")],
    rules: &[Rule { on: "Concat", op: Op::Call, effect: Effect::Concat }],
    null_is_absent: false,
};
