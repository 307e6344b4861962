# The map's subfields in French: one message a subfield, `subfield-` followed by the slug of its
# address (/subfield/<slug>/). A subfield without one is shown under its name in the records.

subfield-artificial-intelligence = Intelligence artificielle
subfield-computer-science-applications = Applications de l’informatique
subfield-computer-vision-and-pattern-recognition = Vision par ordinateur et reconnaissance des formes
subfield-evaluation-benchmarks = Évaluation et bancs d’essai
subfield-radiology-nuclear-medicine-and-imaging = Radiologie, médecine nucléaire et imagerie
