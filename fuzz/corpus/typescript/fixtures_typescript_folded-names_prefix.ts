export const REMOTE_PREFIX = "remote";
