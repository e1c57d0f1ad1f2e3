"""LLM providers behind one internal interface. Build one with
`coach_core.providers.factory.create_provider()`; SDKs load only when their provider does."""

from coach_core.providers.base import (
    FinishReason,
    LLMProvider,
    LLMResponse,
    Message,
    ResponseFormat,
    StreamChunk,
    StreamFinish,
    TextDelta,
    ToolCall,
    ToolCallComplete,
    ToolDefinition,
    Usage,
)

__all__ = [
    "FinishReason",
    "LLMProvider",
    "LLMResponse",
    "Message",
    "ResponseFormat",
    "StreamChunk",
    "StreamFinish",
    "TextDelta",
    "ToolCall",
    "ToolCallComplete",
    "ToolDefinition",
    "Usage",
]
