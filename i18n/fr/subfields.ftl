# The map's subfields in French: one message a subfield, `subfield-` followed by the slug of its
# address (/subfield/<slug>/). A subfield without one is shown under its name in the records.
# `.in-text` is the name as it reads inside a sentence ("En vision par ordinateur"), which the
# theme asks for in its sentences; the name itself heads lists and pages.

subfield-artificial-intelligence = Intelligence artificielle
    .in-text = intelligence artificielle
subfield-computer-science-applications = Applications de l’informatique
    .in-text = applications de l’informatique
subfield-computer-vision-and-pattern-recognition = Vision par ordinateur et reconnaissance des formes
    .in-text = vision par ordinateur et reconnaissance des formes
subfield-evaluation-benchmarks = Évaluation et bancs d’essai
    .in-text = évaluation et bancs d’essai
subfield-radiology-nuclear-medicine-and-imaging = Radiologie, médecine nucléaire et imagerie
    .in-text = radiologie, médecine nucléaire et imagerie
