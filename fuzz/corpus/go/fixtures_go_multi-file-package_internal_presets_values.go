package presets

var no = false

const Closed = false
