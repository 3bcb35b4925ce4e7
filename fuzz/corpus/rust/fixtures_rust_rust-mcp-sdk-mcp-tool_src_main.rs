mod tools;

fn main() {}
