import OpenAI from "openai";
import Anthropic from "@anthropic-ai/sdk";

export const openaiTools: OpenAI.Chat.ChatCompletionTool[] = [
  { type: "function", function: { name: "delete_repo", parameters: { type: "object", properties: {} } } },
];

export const anthropicTools: Anthropic.Tool[] = [
  { name: "delete_repo", description: "Delete", input_schema: { type: "object", properties: {} } },
];
