//! Go specifics of resolution (not yet written).

use super::lang::LangSupport;

pub struct Go;

impl LangSupport for Go {}
