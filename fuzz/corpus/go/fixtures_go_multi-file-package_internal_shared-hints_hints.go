// Package hints lives in a directory whose name is not its package name.
package hints

const ReadOnly = true
