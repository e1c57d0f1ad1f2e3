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
from coach_core.policies.types import Direction, PolicyFinding, Severity

_DRUGS = (
    r"ozempic|wegovy|saxenda|mounjaro|zepbound|victoza|trulicity|rybelsus|byetta|bydureon|liraglutide|"
    r"semaglutide|"
    r"tirzepatide|dulaglutide|exenatide|retatrutide|glp[\s-]?1s?|metformin|glucophage|jardiance|"
    r"empagliflozin|"
    r"farxiga|dapagliflozin|invokana|canagliflozin|januvia|sitagliptin|glipizide|glyburide|glimepiride|"
    r"gliclazide|"
    r"lantus|humalog|novolog|novorapid|levemir|tresiba|basaglar|toujeo|phentermine|qsymia|contrave|orlistat|"
    r"xenical|"
    r"statins?|atorvastatin|lipitor|rosuvastatin|crestor|simvastatin|zocor|pravastatin|lovastatin|"
    r"pitavastatin|"
    r"ezetimibe|zetia|lisinopril|enalapril|ramipril|perindopril|losartan|valsartan|irbesartan|olmesartan|"
    r"candesartan|telmisartan|amlodipine|nifedipine|felodipine|diltiazem|verapamil|metoprolol|atenolol|"
    r"propranolol|"
    r"bisoprolol|carvedilol|nebivolol|beta[\s-]?blockers?|ace inhibitors?|calcium channel blockers?|"
    r"hydrochlorothiazide|hctz|chlorthalidone|indapamide|furosemide|lasix|bumetanide|spironolactone|"
    r"levothyroxine|"
    r"synthroid|eltroxin|euthyrox|liothyronine|cytomel|armour thyroid|methimazole|carbimazole|"
    r"propylthiouracil|"
    r"warfarin|coumadin|eliquis|apixaban|xarelto|rivaroxaban|clopidogrel|plavix|blood thinners?|"
    r"anticoagulants?|"
    r"prednisone|prednisolone|corticosteroids?|steroids?|hydrocortisone|dexamethasone|antidepressants?|"
    r"ssris?|"
    r"snris?|sertraline|zoloft|fluoxetine|prozac|escitalopram|lexapro|citalopram|paroxetine|bupropion|"
    r"wellbutrin|"
    r"venlafaxine|effexor|duloxetine|cymbalta|mirtazapine|lithium|lamotrigine|quetiapine|seroquel|olanzapine|"
    r"zyprexa|risperidone|aripiprazole|abilify|adderall|vyvanse|ritalin|concerta|methylphenidate|"
    r"lisdexamfetamine|accutane|isotretinoin|chemotherapy|chemo|immunosuppressants?|methotrexate|humira|"
    r"hormone replacement|hrt|trt|testosterone (?:therapy|replacement|injections?|cypionate|enanthate)|"
    r"(?:on|taking|take|started|starting|stopped|stopping|off|came off|coming off) the pill|birth control|"
    r"contracepti\w*|prescription|prescriptions|prescribed|medications?|meds|(?:my|her|his|your) medicine|"
    r"insulin(?! (?:spikes?|spiking|response|levels?|sensitivity|index|secretion|release|load|resistan\w*))"
)
_CONDITIONS = (
    r"diabet\w*|prediabet\w*|pre-diabet\w*|t1d|t2d|t1dm|t2dm|insulin resistan\w*|"
    r"(?:im|i am|im a|i am a|shes|hes|she is|he is) type (?:1|2|one|two|i|ii)\b(?! (?:muscle|fib))|"
    r"kidney (?:disease|failure|problems?|issues?|stones?|transplant)|renal (?:failure|disease|diet)|ckd|"
    r"dialysis|"
    r"liver (?:disease|failure|problems?|issues?|damage)|cirrhosis|fatty liver|nafld|masld|hepatitis|"
    r"heart (?:disease|failure|condition|problems?|issues?|surgery|murmur|defect|valve)|heart attack|"
    r"coronary|"
    r"cardiac (?:arrest|event|rehab|condition)|arrhythmia|atrial fibrillation|afib|a-fib|angina|"
    r"cardiomyopathy|"
    r"(?:had|have|suffered|survivor|after|mini) (?:a |my )?stroke|stroke (?:survivor|recovery|patient)|"
    r"pcos|pcod|polycystic|endometriosis|hypothyroid\w*|hyperthyroid\w*|(?:underactive|overactive) thyroid|"
    r"thyroid (?:disorder|condition|disease|problems?|issues?|cancer|nodules?)|hashimoto\w*|"
    r"graves (?:disease|ophthalmopathy|dx)|pregnan\w*|expecting (?:a baby|twins)|trimester|"
    r"breast[\s-]?feed\w*|"
    r"nursing (?:mum|mom|mother)|lactating|postpartum|post-partum|trying to conceive|ttc|ivf|hypertension|"
    r"(?:high|low) blood pressure|blood pressure|hypotension|high cholesterol|hypercholesterol\w*|"
    r"hyperlipid\w*|"
    r"(?:my|her|his) cholesterol|gout|celiac|coeliac|crohns?|ulcerative colitis|ibd|ibs|gerd|cancer|"
    r"tumou?rs?|"
    r"osteoporosis|osteopenia|rheumatoid|lupus|multiple sclerosis|fibromyalgia|epilep\w*|seizures?|anemi\w*|"
    r"anaemi\w*|sleep apn(?:o)?ea|copd|asthma\w*|hiv|pancreatitis|gallbladder|gallstones?|"
    r"gastric (?:bypass|sleeve|band)|bariatric|lap band|sleeve gastrectomy|cushings?|addisons?|"
    r"metabolic syndrome|"
    r"postural tachycardia|pots syndrome|(?:have|with|diagnosed with) pots|bipolar|schizophreni\w*|adhd|"
    r"clinical depression|eating disorders?|anorexi\w*|bulimi\w*|binge eating disorder|arfid|orthorexi\w*|"
    r"ednos|"
    r"osfed|herniated|slipped disc|sciatica|stress fracture|fractured?|broken (?:bone|leg|arm|wrist|ankle|"
    r"foot|hip|"
    r"rib|toe|finger)|concussion|(?:had|have|after|recovering from|having) (?:an? |my )?(?:surgery|"
    r"operation)|"
    r"post-?op|a1c|hba1c|diagnos\w*|dx"
)
_SYMPTOMS = (
    r"chest (?:pains?|tightness|pressure)|tight chest|tightness in (?:my|the) chest|pain in (?:my|the) chest|"
    r"faint(?:ed|ing|s)?(?! (?:smell|hint|line|idea|taste|sound|trace))|feel(?:ing)? faint|passed out|"
    r"pass out|"
    r"passing out|blacked out|black out|blacking out|lost consciousness|losing consciousness|dizz\w*|"
    r"light[\s-]?headed\w*|vertigo|palpitations?|heart (?:flutter\w*|skips?|skipping(?: beats?)?)|"
    r"irregular (?:heartbeat|heart beat|heart rate|pulse)|shortness of breath|short of breath|"
    r"(?:cant|can not|cannot|couldnt) breathe|difficulty breathing|trouble breathing|numbness|"
    r"numb (?:arms?|hands?|face|left|right|feet|foot|legs?)|tingling|blood in (?:my )?(?:stool|urine|pee|poo|"
    r"poop)|"
    r"(?:coughing|vomiting|throwing up|peeing) blood|severe (?:pain|headaches?|abdominal)|"
    r"missed (?:my )?periods?|"
    r"lost my period|amenorrh\w*|irregular periods?"
)
_REQUESTS = (
    r"(?:adjust|change|stop|reduce|increase|lower|raise|skip|double|halve|taper|come off|get off|wean off|"
    r"quit|"
    r"cut back on)\s+(?:my |the |your )?(?:dose|dosage|doses|medicine|pills|insulin|metformin)|"
    r"how (?:much|many units of) (?:insulin|metformin|medication)|(?:what|which) (?:dose|dosage)|"
    r"diagnose (?:me|this|my|what)|(?:do|could|might|would) i have (?:a |an )?(?:\w+ ){0,2}(?:disease|"
    r"disorder|"
    r"syndrome|deficiency|condition|infection)|is (?:this|it) (?:a |an )?(?:symptom|sign) of"
)
_MEDICAL_RE: Final = re.compile(rf"\b{alternation('|'.join((_DRUGS, _CONDITIONS, _SYMPTOMS, _REQUESTS)))}\b")
_FIGURATIVE_RE: Final = re.compile(
    r"(?:gave me|give me|giving me|gives me|nearly had|almost had|nearly gave|"
    r"almost gave)\s+(?:me\s+)?(?:an?\s+)?$"
)
_SPIKE_RE: Final = re.compile(
    r"\b(?:spike|spikes|spiking|raise|raises|raising|boost|boosts|trigger|triggers|release|releases|lower|"
    r"lowers)\s+"
    r"(?:your |my |the |blood )?$"
)


def _counts(norm: str, m: re.Match[str]) -> bool:
    before = norm[max(0, m.start() - 25) : m.start()]
    word = m.group(0)
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


class MedicalPolicy:
    name: Final = "medical"
    severity: Final[Severity] = "low"

    def evaluate(self, text: str, direction: Direction) -> PolicyFinding | None:
        hit = find_medical(text)
        if hit is None:
            return None
        m, norm = hit
        return PolicyFinding("modify", excerpt(norm, m.start(), m.end()), "medical")
