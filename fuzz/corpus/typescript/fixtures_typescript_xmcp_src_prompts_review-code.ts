import { z } from "zod";
import { type InferSchema, type PromptMetadata } from "xmcp";

export const schema = { code: z.string() };

// A prompt, not a tool.
export const metadata: PromptMetadata = {
  name: "review-code",
  title: "Review code",
  description: "Review the code",
  role: "user",
};

export default function reviewCode({ code }: InferSchema<typeof schema>) {
  return `Review: ${code}`;
}
