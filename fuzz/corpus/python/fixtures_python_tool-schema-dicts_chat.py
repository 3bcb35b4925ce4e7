import anthropic
import openai

ANTHROPIC_TOOLS = [
    {
        "name": "get_weather",
        "description": "Get the weather for a city.",
        "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
]

OPENAI_TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "delete_note",
            "description": "Delete a note.",
            "parameters": {"type": "object", "properties": {"id": {"type": "string"}}},
        },
    },
]


def ask_claude(prompt: str):
    client = anthropic.Anthropic()
    return client.messages.create(
        model="claude-sonnet-4-5", max_tokens=512, tools=ANTHROPIC_TOOLS, messages=[{"role": "user", "content": prompt}]
    )


def ask_gpt(prompt: str):
    return openai.OpenAI().chat.completions.create(model="gpt-4o", tools=OPENAI_TOOLS, messages=[{"role": "user", "content": prompt}])
