export const DESTRUCTIVE = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
export default { readOnlyHint: false, destructiveHint: false, openWorldHint: false };
