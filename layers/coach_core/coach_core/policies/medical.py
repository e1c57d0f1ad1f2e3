"""`medical` (low): medication, diagnosed conditions, symptoms, and requests to adjust
medication or diagnose. Always `modify` with the medical disclaimer, never block: the coach
still helps with general nutrition and the disclaimer points to a clinician.

Deliberately absent: supplements, over-the-counter painkillers on their own, and training
words that only look clinical ("heart rate zone 2", "pulse", "muscle recovery", "sore").
"""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.text import alternation, excerpt, normalize
from coach_core.policies.text.regex import LazyPattern
from coach_core.policies.types import Direction, PolicyFinding, Severity

_DRUGS = (
    r"ozempic|wegovy|saxenda|mounjaro|zepbound|victoza|trulicity|rybelsus|byetta|bydureon|liraglutide|"
    r"semaglutide|tirzepatide|dulaglutide|exenatide|retatrutide|glp[\s-]?1s?|metformin|glucophage|"
    r"jardiance|empagliflozin|farxiga|dapagliflozin|invokana|canagliflozin|januvia|sitagliptin|glipizide|"
    r"glyburide|glimepiride|gliclazide|lantus|humalog|novolog|novorapid|levemir|tresiba|basaglar|toujeo|"
    r"phentermine|qsymia|contrave|orlistat|xenical|statins?|atorvastatin|lipitor|rosuvastatin|crestor|"
    r"simvastatin|zocor|pravastatin|lovastatin|pitavastatin|ezetimibe|zetia|lisinopril|enalapril|ramipril|"
    r"perindopril|losartan|valsartan|irbesartan|olmesartan|candesartan|telmisartan|amlodipine|nifedipine|"
    r"felodipine|diltiazem|verapamil|metoprolol|atenolol|propranolol|bisoprolol|carvedilol|nebivolol|"
    r"beta[\s-]?blockers?|ace inhibitors?|calcium channel blockers?|hydrochlorothiazide|hctz|"
    r"chlorthalidone|indapamide|furosemide|lasix|bumetanide|spironolactone|levothyroxine|synthroid|"
    r"eltroxin|euthyrox|liothyronine|cytomel|armour thyroid|methimazole|carbimazole|propylthiouracil|"
    r"warfarin|coumadin|eliquis|apixaban|xarelto|rivaroxaban|clopidogrel|plavix|blood thinners?|"
    r"anticoagulants?|prednisone|prednisolone|corticosteroids?|steroids?|hydrocortisone|dexamethasone|"
    r"antidepressants?|ssris?|snris?|sertraline|zoloft|fluoxetine|prozac|escitalopram|lexapro|citalopram|"
    r"paroxetine|bupropion|wellbutrin|venlafaxine|effexor|duloxetine|cymbalta|mirtazapine|lithium|"
    r"lamotrigine|quetiapine|seroquel|olanzapine|zyprexa|risperidone|aripiprazole|abilify|adderall|vyvanse|"
    r"ritalin|concerta|methylphenidate|lisdexamfetamine|accutane|isotretinoin|chemotherapy|chemo|"
    r"immunosuppressants?|methotrexate|humira|hormone replacement|hrt|trt|testosterone (?:therapy|"
    r"replacement|injections?|cypionate|enanthate)|(?:on|taking|take|started|starting|stopped|stopping|off|"
    r"came off|coming off) the pill|birth control|contracepti\w*|prescription|prescriptions|prescribed|"
    r"medications?|meds|(?:my|her|his|your) medicine|insulin(?! (?:spikes?|spiking|response|levels?|"
    r"sensitivity|index|secretion|release|load|resistan\w*))|(?:on|prescribed|my|her|his) (?:diuretics?|"
    r"water (?:pills?|"
    r"tablets))|bp (?:meds|medication|pills|tablets)"
)
_CONDITIONS = (
    r"diabet\w*|prediabet\w*|pre-diabet\w*|t1d|t2d|t1dm|t2dm|insulin resistan\w*|(?:im|i am|im a|i am a|"
    r"shes|hes|she is|he is) type (?:1|2|one|two|i|ii)\b(?! (?:muscle|fib))|kidneys? (?:disease|failure|"
    r"problems?|issues?|stones?|transplant)|kidneys? (?:are |is )?failing|renal (?:failure|disease|diet)|"
    r"ckd|dialysis|liver (?:disease|failure|problems?|issues?|damage)|cirrhosis|fatty liver|nafld|masld|"
    r"hepatitis|heart (?:disease|failure|condition|problems?|issues?|surgery|murmur|defect|valve)|"
    r"heart attack|coronary|cardiac (?:arrest|event|rehab|condition)|arrhythmia|atrial fibrillation|afib|"
    r"a-fib|angina|cardiomyopathy|(?:had|have|suffered|survivor|after|mini) (?:a |my )?stroke|"
    r"stroke (?:survivor|recovery|patient)|pcos|pcod|polycystic|endometriosis|hypothyroid\w*|"
    r"hyperthyroid\w*|(?:underactive|overactive) thyroid|thyroid (?:disorder|condition|disease|problems?|"
    r"issues?|cancer|nodules?)|thyroid (?:is|was|levels? (?:are|is|were))\s+(?:\w+\s+)?(?:low|high|off|out|under"
    r"active|overactive)|endocrinologist|my endo\b|hashimoto\w*|graves (?:disease|ophthalmopathy|dx)|pregnan\w*|"
    r"expecting (?:a baby|twins)|trimester|breast[\s-]?feed\w*|nursing (?:mum|mom|mother)|nursing (?:my|a|"
    r"our) (?:baby|newborn|son|daughter|[0-9]+)|breastfed|lactating|postpartum|post-partum|"
    r"trying to conceive|ttc|ivf|(?:had|just had|gave birth to|delivered) (?:a|my|our) (?:baby|son|daughter|twins)|"
    r"gave birth|given birth|newborn|new (?:mum|mom|mother)|c-section|caesarean|cesarean|"
    r"hypertension|(?:high|low) blood[\s-]pressure|blood[\s-]pressure|hypotension|(?:high|low|elevated) bp|"
    r"bp (?:is |was |of |at |reading |readings )?(?:high|low|elevated|up|[0-9]{2,3}\s*/\s*[0-9]{2,3})|"
    r"(?:b/p|bp|blood[\s-]pressure) (?:is |was |of |at )?[0-9]{2,3}\s*/\s*[0-9]{2,3}|"
    r"high cholesterol|hypercholesterol\w*|hyperlipid\w*|(?:my|her|his) cholesterol|gout|celiac|coeliac|"
    r"crohns?|ulcerative colitis|ibd|ibs|gerd|cancer|tumou?rs?|osteoporosis|osteopenia|rheumatoid|lupus|"
    r"multiple sclerosis|fibromyalgia|epilep\w*|seizures?|anemi\w*|anaemi\w*|sleep apn(?:o)?ea|copd|"
    r"asthma\w*|hiv|pancreatitis|gallbladder|gallstones?|gastric (?:bypass|sleeve|band)|bariatric|lap band|"
    r"sleeve gastrectomy|cushings?|addisons?|metabolic syndrome|postural tachycardia|pots syndrome|(?:have|"
    r"with|diagnosed with) pots|bipolar|schizophreni\w*|adhd|clinical depression|eating disorders?|"
    r"anorexi\w*|bulimi\w*|binge eating disorder|arfid|orthorexi\w*|ednos|osfed|herniated|slipped disc|"
    r"sciatica|stress fracture|fractured?|broken (?:bone|leg|arm|wrist|ankle|foot|hip|rib|toe|finger)|"
    r"concussion|(?:had|have|after|recovering from|having) (?:an? |my )?(?:surgery|operation)|post-?op|a1c|"
    r"hba1c|diagnos\w*|dx"
)
_SYMPTOMS = (
    r"chest (?:pains?|tightness|pressure|hurts|hurting|aches|aching)|my chest (?:is )?(?:hurting|tight)|tight chest|"
    r"tightness in (?:my|the) chest|pain in (?:my|"
    r"the) chest|(?:high|low) blood (?:sugar|glucose)|hypoglyc\w*|hyperglyc\w*|migraines?|faint(?:ed|ing|"
    r"s)?(?! (?:smell|hint|line|idea|taste|sound|trace))|feel(?:ing)? faint|passed out|pass out|"
    r"passing out|blacked out|black out|blacking out|lost consciousness|losing consciousness|dizz\w*|"
    r"light[\s-]?headed\w*|vertigo|palpitations?|heart (?:flutter\w*|skips?|skipped|skipping)(?: (?:a|"
    r"the odd) beats?)?|"
    r"(?:goes|went|going|gone|gets|got|getting|feels?|felt) (?:all )?numb|hypos?|"
    r"blood (?:sugar|glucose|sugars) (?:drops?|dropped|dropping|crash\w*|dips?|dipped|goes low|went low|gets low|"
    r"too low|"
    r"lows)|blood (?:sugar|glucose|sugars) (?:levels? )?(?:is |was |of |at |reading |reads |readings )?(?:is |was |at |"
    r"of )?(?:[0-9]{2,3}|[0-9]{1,2}\.[0-9])\b|"
    r"irregular (?:heartbeat|heart beat|heart rate|pulse)|shortness of breath|short of breath|(?:cant|"
    r"can not|cannot|couldnt) breathe|difficulty breathing|trouble breathing|numbness|numb (?:arms?|hands?|"
    r"face|left|right|feet|foot|legs?)|tingling|blood in (?:my )?(?:stool|urine|pee|poo|poop)|(?:coughing|"
    r"vomiting|throwing up|peeing) blood|severe (?:pain|headaches?|abdominal)|missed (?:my )?periods?|"
    r"lost my period|amenorrh\w*|irregular periods?|tachycardi\w*|bradycardi\w*|racing heart(?:beat)? (?:at rest|"
    r"while resting|for no reason|when resting|lying down|in bed|at night)|heart(?:beat)? (?:is |keeps |has been |"
    r"was |s )?(?:racing|races|raced|pounding|pounds|pounded|fluttering|flutters|jumping)(?: \w+){0,3}? (?:at rest|"
    r"resting|for no reason|lying down|in bed|at night|while sitting|when sitting|randomly|out of nowhere|all day)|"
    r"(?:high|elevated) resting heart rate|resting heart rate (?:is |of |has been )?(?:over|above) 1[0-9]{2}|"
    r"heart(?:beat)? (?:is |keeps |has been |was |s )?(?:beating|racing|pounding) (?:very |really |so |too |super )?"
    r"(?:fast|hard|strong|strongly|quickly)(?: and (?:strong|hard|fast|loud))? (?:since|ever since|after (?:taking|i "
    r"took|i started|starting)|from the (?:pills|tablets|capsules))"
)
_REQUESTS = (
    r"(?:adjust|change|stop|reduce|increase|lower|raise|skip|double|halve|taper|come off|get off|wean off|"
    r"quit|cut back on)\s+(?:my |the |your )?(?:dose|dosage|doses|medicine|pills|insulin|metformin)|"
    r"how (?:much|many units of) (?:insulin|metformin|medication)|(?:what|which) (?:dose|dosage)(?! (?:of |for )?"
    r"(?:creatine|vitamin\w*|magnesium|zinc|iron|caffeine|protein|whey|fish oil|omega\w*|melatonin|ashwagandha|"
    r"electrolytes?|beta[\s-]?alanine|citrulline|collagen|b12|d3|calcium|potassium|pre-?workout|bcaas?|glutamine|"
    r"supplements?|multivitamins?))|"
    r"diagnose (?:me|this|my|what)|(?:do|could|might|would) i have (?:a |an )?(?:\w+ ){0,2}(?:disease|"
    r"disorder|syndrome|deficiency|condition|infection)|is (?:this|it) (?:a |an )?(?:symptom|sign) of"
)
_MEDICAL_RE: Final = LazyPattern(rf"\b{alternation('|'.join((_DRUGS, _CONDITIONS, _SYMPTOMS, _REQUESTS)))}\b")
# Which table a mention came from: the rule id ("medical.drug", ...), decided only on a hit.
_RULES: Final = tuple(
    (f"medical.{name}", LazyPattern(rf"\b{alternation(table)}\b"))
    for name, table in (("drug", _DRUGS), ("condition", _CONDITIONS), ("symptom", _SYMPTOMS), ("request", _REQUESTS))
)
_FIGURATIVE_RE: Final = LazyPattern(
    r"(?:gave me|give me|giving me|gives me|nearly had|almost had|nearly gave|"
    r"almost gave)\s+(?:me\s+)?(?:an?\s+)?$"
)
_SPIKE_RE: Final = LazyPattern(
    r"\b(?:spike|spikes|spiking|raise|raises|raising|boost|boosts|trigger|triggers|release|releases|lower|"
    r"lowers)\s+(?:your |my |the |blood )?$"
)


# An eating-disorder helpline or charity is a place to get support, not a medical claim, unless
# the text also sends the reader to a clinician ("see a doctor or an eating disorder helpline").
_SUPPORT_SERVICE_RE: Final = LazyPattern(
    r"\s+(?:helplines?|hotlines?|charit\w*|support (?:lines?|groups?|services?)|organi[sz]ations?|associations?|"
    r"resources?|awareness|text line|line|services?)\b"
)
_CLINICIAN_RE: Final = LazyPattern(
    r"\b(?:doctors?|gp|physician|clinician|dietitian|psychiatrist|nurse|clinic|hospital)\b"
)


def _counts(norm: str, m: re.Match[str]) -> bool:
    before = norm[max(0, m.start() - 25) : m.start()]
    word = m.group(0)
    if word.startswith("eating disorder") and _SUPPORT_SERVICE_RE.match(norm, m.end()):
        return _CLINICIAN_RE.search(norm) is not None
    if word == "heart attack" and _FIGURATIVE_RE.search(before):
        return False
    return not (word == "insulin" and _SPIKE_RE.search(before))


def find_medical(text: str) -> tuple[re.Match[str], str] | None:
    """(match, normalised text) of the first medical mention, or None."""
    norm = normalize(text)
    for m in _MEDICAL_RE.finditer(norm):
        if _counts(norm, m):
            return m, norm
    return None


def medical_rule(mention: str) -> str:
    """The rule id of a mention found by `find_medical` ("medical.drug", "medical.condition",
    "medical.symptom" or "medical.request")."""
    for rule, pattern in _RULES:
        if pattern.fullmatch(mention):
            return rule
    return "medical.condition"


class MedicalPolicy:
    name: Final = "medical"
    severity: Final[Severity] = "low"

    def evaluate(self, text: str, direction: Direction) -> PolicyFinding | None:
        hit = find_medical(text)
        if hit is None:
            return None
        m, norm = hit
        return PolicyFinding("modify", excerpt(norm, m.start(), m.end()), "medical", rule_id=medical_rule(m.group(0)))
