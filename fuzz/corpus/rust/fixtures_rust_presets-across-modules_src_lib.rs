pub mod annotations;
pub mod tools;
