"""LLM providers behind one internal interface. Build one with
`coach_core.providers.factory.create_provider()`; SDKs load only when their provider does."""

from coach_core.providers.base import (
    PLAN_JSON_MODE,
    FinishReason,
    LLMProvider,
    LLMResponse,
    Message,
    StreamChunk,
    StreamFinish,
    TextDelta,
    ToolCall,
    ToolCallComplete,
    ToolDefinition,
    Usage,
)

__all__ = [
    "PLAN_JSON_MODE",
    "FinishReason",
    "LLMProvider",
    "LLMResponse",
    "Message",
    "StreamChunk",
    "StreamFinish",
    "TextDelta",
    "ToolCall",
    "ToolCallComplete",
    "ToolDefinition",
    "Usage",
]
