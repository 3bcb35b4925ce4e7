"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const mcp_framework_1 = require("mcp-framework");
const zod_1 = require("zod");
// Compiled class fields become constructor assignments.
class ReportTool extends mcp_framework_1.MCPTool {
    constructor() {
        super(...arguments);
        this.name = "monthly_report";
        this.description = "Monthly report";
        this.schema = { month: { type: zod_1.z.string(), description: "Month" } };
        this.annotations = { readOnlyHint: true, openWorldHint: false };
    }
    async execute(input) {
        return input.month;
    }
}
exports.default = ReportTool;
