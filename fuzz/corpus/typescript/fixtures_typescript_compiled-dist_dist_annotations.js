"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DESTRUCTIVE = exports.READ_ONLY = void 0;
exports.READ_ONLY = { readOnlyHint: true, openWorldHint: false };
exports.DESTRUCTIVE = { destructiveHint: true };
