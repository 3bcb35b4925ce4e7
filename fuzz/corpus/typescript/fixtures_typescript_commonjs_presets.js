const READ_ONLY = { readOnlyHint: true, openWorldHint: false };
module.exports = { READ_ONLY, WRITE: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } };
module.exports.DESTRUCTIVE = { destructiveHint: true, openWorldHint: false };
