export const READ_ONLY = { readOnlyHint: true, openWorldHint: false };
