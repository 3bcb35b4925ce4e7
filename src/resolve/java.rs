//! Java specifics of resolution. None yet: every default of
//! [`LangSupport`] holds.

use super::lang::LangSupport;

pub struct Java;

impl LangSupport for Java {}
