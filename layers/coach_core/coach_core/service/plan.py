"""`/plan`: a weekly plan from PLAN_SYSTEM_PROMPT, validated against `WeeklyPlan`.

The model's JSON gets one repair round (the validation error is sent back once). The
distinct daily calorie targets then pass the output check as "Daily target: N kcal per day."
and the plan's text passes both the rules and the model-based guard, like a chat answer; days
under 1,200 kcal are raised to it, and a text either layer rejects swaps in the deterministic
plan built from the user's own targets. Violation and tool-call rows are
written in one transaction. Like a chat turn, a plan passes the limits first (a reservation of
the day's budget) and each model call's usage is written as it is reported. When the 1,200 kcal
floor lifts the user's own target above their TDEE, the plan says so: a disclaimer and a data gap.
"""

from __future__ import annotations

import uuid

from coach_core.context_builder import UserContext
from coach_core.domain.formulas import FLOOR_ABOVE_TDEE_FIELD, calculate_tdee
from coach_core.domain.outputs import TdeeOutput
from coach_core.domain.plan import build_offline_plan, clamp_plan, parse_plan
from coach_core.errors import ProviderError
from coach_core.models import PolicyViolationRow, UserData
from coach_core.observability import emit_usage, logger
from coach_core.orchestrator import Orchestrator
from coach_core.prompts.disclaimer_templates import floor_above_tdee_disclaimer
from coach_core.prompts.system_prompts import get_system_prompt
from coach_core.providers.base import Message, ToolDefinition, estimate_prompt_tokens
from coach_core.schemas import DataGapItem, PlanResponse, WeeklyPlan
from coach_core.service.chat import dedupe, gap_items, trace_items
from coach_core.service.metering import UsageMeter
from coach_core.service.parts import ServiceParts
from coach_core.service.safety import guard_message, guard_row, traced_rules
from coach_core.service.sessions import violation_rows
from coach_core.tools.registry import BoundTools

PLAN_USER_MESSAGE = "Create my plan for the coming week. Reply with the JSON object only."
PLAN_REPAIR_MESSAGE = (
    "That reply was not a valid plan: {error}\n"
    "Reply again with ONLY the corrected JSON object (exactly 7 days, Monday to Sunday), no other text."
)
PLAN_TDEE_TOOL = "calculate_tdee"


class PlanGenerationError(ProviderError):
    """The model's plan was not valid JSON for the schema, even after one repair attempt."""

    public_message = "The coach could not build a plan right now. Please try again in a moment."


def floor_above_tdee_notes(data: UserData) -> tuple[list[str], list[DataGapItem]]:
    """The disclaimer and the data gap of a target the 1,200 kcal floor lifted above the user's
    own TDEE (none otherwise), from the same formula as `calculate_tdee` over the user's data,
    so they hold whatever the model wrote or whichever tools it called."""
    tdee = calculate_tdee(data.profile, data.checkins, data.today)
    if not tdee.floor_above_tdee or tdee.tdee is None:
        return [], []
    gaps = [DataGapItem.model_validate(g.model_dump()) for g in tdee.data_gaps if g.field == FLOOR_ABOVE_TDEE_FIELD]
    return [floor_above_tdee_disclaimer(tdee.tdee)], gaps


class PlanService:
    def __init__(self, parts: ServiceParts) -> None:
        self.parts = parts

    async def plan(self, user_id: uuid.UUID) -> PlanResponse:
        context = await self.parts.contexts.get(user_id)
        tier, limits = context.data.profile.tier, self.parts.limits
        system = get_system_prompt("plan", context.summary)
        messages = [Message.user(PLAN_USER_MESSAGE)]
        tools = self.parts.registry.bind(user_id, None, data_version=context.data.data_version)
        definitions = [ToolDefinition(t.name, t.description, t.parameters) for t in tools.specs()]
        estimate = limits.reservation_tokens(tier, estimate_prompt_tokens(system, messages, definitions))
        meter = UsageMeter(limits, await limits.admit(user_id, tier, estimate=estimate))
        try:
            return await self._plan(context, tools, system, messages, meter)
        finally:
            await meter.close()

    async def _plan(
        self, context: UserContext, tools: BoundTools, system: str, messages: list[Message], meter: UsageMeter
    ) -> PlanResponse:
        """The plan and its one repair round; each call's usage is billed as it is reported
        (`meter`), so a plan that fails after its model calls has paid for them."""
        user_id, tier = tools.user_id, context.data.profile.tier
        orchestrator = Orchestrator(self.parts.provider(), on_usage=meter.provider)
        try:
            result = await orchestrator.run(
                system=system, messages=messages, tools=tools, model_tier=tier, response_format="json"
            )
            usage = result.usage
            plan, problem = parse_plan(result.text)
            if plan is None:
                messages += [Message.assistant(result.text), Message.user(PLAN_REPAIR_MESSAGE.format(error=problem))]
                result = await orchestrator.run(
                    system=system, messages=messages, tools=tools, model_tier=tier, response_format="json"
                )
                usage += result.usage
                plan, problem = parse_plan(result.text)
            if plan is None:
                logger.warning("plan rejected after one repair", extra={"problem": problem[:300]})
                raise PlanGenerationError("plan JSON invalid after repair")
            plan, disclaimers, rows = await self._check_plan(plan, tools, user_id, meter)
        except Exception:
            await self.parts.sessions.record_logs([], tools.take_log_rows())
            raise
        tokens = usage.total
        await self.parts.sessions.write_logs(rows, tools.take_log_rows())
        emit_usage(tokens, len(tools.trace), sum(1 for t in tools.trace if t.cached), [r.violation_type for r in rows])
        floor_disclaimers, floor_gaps = floor_above_tdee_notes(context.data)
        return PlanResponse(
            plan=plan,
            disclaimers=dedupe(disclaimers, floor_disclaimers),
            tool_trace=trace_items(tools.trace),
            confidence=context.confidence,
            data_gaps=gap_items(context) + floor_gaps,
            tokens_used=tokens,
        )

    async def _check_plan(
        self, plan: WeeklyPlan, tools: BoundTools, user_id: uuid.UUID, meter: UsageMeter
    ) -> tuple[WeeklyPlan, list[str], list[PolicyViolationRow]]:
        targets = " ".join(f"Daily target: {kcal} kcal per day." for kcal in plan.calorie_targets())
        prose = "\n".join(
            [plan.title, plan.summary, *plan.habits, *(f"{d.focus}\n{d.training.description}" for d in plan.days)]
        )
        policies, guard = self.parts.policies, self.parts.guard
        target_check = traced_rules("output", lambda: policies.check_output(targets))
        prose_check = traced_rules("output", lambda: policies.check_output(prose))
        rows = violation_rows(target_check, user_id, None, "output") + violation_rows(
            prose_check, user_id, None, "output"
        )
        disclaimers = dedupe(target_check.disclaimers, prose_check.disclaimers)
        refusal = prose_check.replacement_message if prose_check.replaces_message else None
        if refusal is None and guard is not None:
            verdict = await guard.check(prose, "output", user_id=user_id, bill=meter.guard)
            if verdict.is_crisis:
                rows.append(guard_row(verdict, prose, user_id, None, "output"))
                refusal = guard_message()
        if refusal is not None:
            # The plan's text is unsafe: refuse it and give the deterministic plan built from
            # the user's own targets instead, led by the safety message.
            tdee = await tools.execute(PLAN_TDEE_TOOL, {})
            output = tdee.output if isinstance(tdee.output, TdeeOutput) else None
            safe = WeeklyPlan.model_validate(build_offline_plan(output))
            summary = f"{refusal} {safe.summary}".strip()[:2000]
            plan = safe.model_copy(update={"summary": summary})
        plan, _ = clamp_plan(plan)
        return plan, disclaimers, rows
