//! Every limit the interpreter honours, in one place (semgrep keeps its
//! `Limits_semgrep.ml` the same way). Past a limit a value becomes unknown,
//! with the span where the limit was hit; evaluation never fails.

/// How many times [`Budget::max_alternatives`] alternatives that are all
/// records, instances, functions or nil may be.
pub const RECORD_ALTERNATIVES: usize = 8;

#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Statements and expressions evaluated in one program run.
    pub max_steps: u64,
    /// Of those, the most one function or class run as a root may take: a
    /// root that explodes (methods calling each other in loops) stops
    /// there, and the roots after it still run.
    pub max_root_steps: u64,
    /// Nested evaluation (expressions inside expressions, calls inside
    /// calls): bounds the interpreter's own stack.
    pub max_nesting: usize,
    /// Project calls on the stack at once.
    pub max_call_depth: usize,
    /// Activations of one function on the stack at once (recursion).
    pub max_recursion: usize,
    /// Iterations unrolled for a loop over a known list.
    pub max_unroll: usize,
    /// Alternatives kept for one value before it becomes unknown; when each
    /// is a record, an instance, a function or nil, [`RECORD_ALTERNATIVES`]
    /// times as many (a registry's entries read under a key nobody knows):
    /// a call on them runs once on each, and they never combine into more.
    pub max_alternatives: usize,
    /// Elements of a list or entries of an object built by evaluation.
    pub max_size: usize,
    /// Bytes of a string built by evaluation (concatenation, a template,
    /// a string method): a longer one is unknown, so a loop that doubles a
    /// string cannot exhaust memory.
    pub max_str: usize,
    /// Rounds of running functions and classes nothing called.
    pub max_root_rounds: usize,
    /// Steps for evaluating one handler's parameter types after the run,
    /// whatever the run itself spent.
    pub max_input_steps: u64,
    /// Frames (scopes of calls, blocks and lambdas) alive at once, checked
    /// as their list grows: past it the run stops as if out of steps. Steps
    /// bound time, this bounds memory: closures kept in long-lived values
    /// keep their frames, and a 300-file Kotlin build held 850k (880 MB)
    /// within its steps.
    pub max_live_frames: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_steps: 20_000_000,
            max_root_steps: 2_000_000,
            max_nesting: 384,
            max_call_depth: 24,
            max_recursion: 2,
            max_unroll: 2_000,
            max_alternatives: 8,
            max_size: 20_000,
            max_str: 1 << 16,
            max_root_rounds: 4,
            max_input_steps: 20_000,
            max_live_frames: 100_000,
        }
    }
}

/// Steps one registration costs ([`Budget::max_steps`]): the record and
/// tool it keeps to the end of the run are far more than one statement, so
/// a program of a few hundred bytes whose counted loops register thousands
/// of tools stops at about two thousand (what the floor buys).
pub const REGISTRATION_STEPS: usize = 128;

/// Steps any program may take, however small: a loop over a few thousand
/// known definitions, each registered through a helper.
const FLOOR_STEPS: u64 = 250_000;
/// Steps per byte of the program's source on top of [`FLOOR_STEPS`]. Real
/// servers take under 2 (the largest field-tested tree, one that runs out
/// of steps anyway, about 5), so this leaves them an order of magnitude.
/// What it stops is a small input whose loops and branches multiply (a
/// fuzzed 1 KB file nested loops over joined lists into 5.7M steps).
const STEPS_PER_BYTE: u64 = 64;

impl Budget {
    /// The default budget with its step limits scaled to a program of
    /// `bytes` of source: evaluation is linear in the input, whatever it
    /// holds, and the fixed caps still bound a large program. A root keeps
    /// the same share of the steps as by default, so one that explodes
    /// still leaves the others theirs.
    pub fn for_source_bytes(bytes: u64) -> Budget {
        let d = Budget::default();
        let steps = FLOOR_STEPS.saturating_add(bytes.saturating_mul(STEPS_PER_BYTE)).min(d.max_steps);
        let root_steps = steps / (d.max_steps / d.max_root_steps);
        Budget { max_steps: steps, max_root_steps: root_steps, ..d }
    }
}
