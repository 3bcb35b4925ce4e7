package main

// box is a non-generic pointer helper: same shape.
func box(b bool) *bool { return &b }
