# Textes de l'interface de la carte des articles, en français.

site-title = Carte des articles
skip-to-content = Aller au contenu
language-switcher-label = Langues
footer-note = Construit avec papermap à partir des notices de la carte.

# This language's name in itself, for the language switcher.
language-name = Français
# Names of the site's languages in this language, for notices.
language-en = anglais
language-fr = français
language-zh = chinois

home-heading = La carte des articles
home-paper-count = { $count ->
    [one] { $count } article dans la carte.
   *[other] { $count } articles dans la carte.
}
home-papers-heading = Articles, du plus récent au plus ancien
home-pages-heading = Dans la presse

list-separator = {", "}
paper-byline = Par { $authors }. { $year }
paper-year = { $year }
paper-corpus-citations = { $count ->
    [one] { $count } citation recensée par le corpus source.
   *[other] { $count } citations recensées par le corpus source.
}
link-arxiv = arXiv
link-doi = DOI
link-pdf = PDF
link-html = HTML
link-code = Code
link-openalex = OpenAlex
link-publisher = Éditeur

key-facts-heading = Notice bibliographique
key-facts-cited-by = { $count ->
    [0] Pas encore cité par les articles de la carte.
    [one] Cité par { $count } article de la carte.
   *[other] Cité par { $count } articles de la carte.
}
key-facts-cited-by-through = { $count ->
    [0] Pas encore cité par les articles de la carte (données arrêtées au { $date }).
    [one] Cité par { $count } article de la carte (données arrêtées au { $date }).
   *[other] Cité par { $count } articles de la carte (données arrêtées au { $date }).
}
key-facts-builds-on = { $total ->
    [0] Ne cite aucune référence.
   *[other] S’appuie sur { $count } de ses { $total } références présentes dans la carte.
}
key-facts-first-posted = Déposé sur arXiv le { $date }.
key-facts-published = Publié le { $date }.

abstract-heading = Résumé
abstract-original-language = Résumé disponible en { $language } uniquement.
translation-outdated = Cette traduction a été faite d’après une version antérieure de la notice : l’original a changé depuis.
abstract-provenance-openalex = Récupéré en direct depuis OpenAlex et désinversé.
abstract-provenance-arxiv = Résumé issu d’arXiv.
abstract-provenance-publisher = Résumé fourni par l’éditeur.
abstract-provenance-author = Résumé fourni par les auteurs.
abstract-storage-note = Les résumés ne sont pas conservés dans cette base de données : les index inversés représentent { $index } Go des { $text } Go de texte de la base, et le serveur dispose de { $free } Go libres.

subfields-heading = Sous-domaines
rankings-heading = Comment les chercheurs voient cet article
rankings-explanation = Les chercheurs dont les réseaux de confiance le classent le plus haut, le plus fervent d’abord. Chaque chercheur obtient un ordre différent.
rankings-in-subfield = En { $subfield }
rankings-none = Aucun chercheur ne le classe encore.

citations-heading = Citations dans le corpus
intent-methodology = méthodologie
intent-background = contexte
intent-result = résultat
intent-unknown = inconnue

builds-on-heading = S’appuie sur (les plus cités d’abord, { $shown } sur { $total })
builds-on-none = Aucune de ses références n’est encore dans la carte.
built-on-by-heading = Repris par (les plus cités d’abord, { $shown } sur { $total })
built-on-by-none = Aucun article de la carte ne s’appuie encore sur lui.
press-heading = Dans la presse

page-original-language = Cet article est disponible en { $language } uniquement.
page-translation-outdated = Cette traduction a été faite d’après une version antérieure de l’article : l’original a changé depuis.
page-papers-heading = Les travaux dont parle cet article

home-browse-heading = Parcourir la carte
home-all-papers = { $count ->
    [one] L’article de la carte
   *[other] Les { $count } articles
}
home-by-year = Par année
home-by-subfield = Par sous-domaine

list-all-heading = Tous les articles
list-year-heading = Articles de { $year }
list-subfield-heading = { $subfield }
list-count = { $count ->
    [0] Aucun article pour l’instant.
    [one] { $count } article.
   *[other] { $count } articles, les plus cités d’abord.
}
pagination-label = Pages
pagination-previous = Page précédente
pagination-next = Page suivante
pagination-position = Page { $page } sur { $pages }
years-heading = Articles par année
subfields-list-heading = Articles par sous-domaine
group-count = { $count ->
    [one] { $count } article
   *[other] { $count } articles
}

abstract-heading-from = Résumé ({ $source })
source-arxiv = arXiv
source-openalex = OpenAlex
source-publisher = l’éditeur
source-author = les auteurs

## La classification automatique
classification-summary-heading = Classification
classification-badge-machine = machine, non validée
classification-badge-validated = validée par un humain
classification-reading-validated = Un relecteur humain a validé cette classification.
classification-reading-consensus = Prédiction automatique; un appel de consensus : les deux têtes retiennent { $categories }.
classification-reading-single = Prédiction automatique; un appel candidat d’une seule source ({ $source }), pas un consensus.
classification-reading-split = Prédiction automatique; un appel candidat des deux têtes, qui retiennent des catégories différentes : pas un consensus.
classification-reading-no-call = Prédiction automatique; un appel candidat d’une seule source (Gemma direct ou Codex distillé), pas un consensus.
classification-detail-pointer = Le détail, modèle par modèle et score par score, se trouve en fin de page sous « Comment cette classification a été obtenue ».
classification-none = Pas encore de classification automatique.
classification-details-summary = Comment cette classification a été obtenue
classification-method-heading = Prédiction machine sur la base complète
classification-method-label = Imitation des enseignants
classification-method = Ni prévalence calibrée, ni vérité terrain. Validation humaine à venir. Le volet Gemma est une étiquette directe du modèle pour chaque travail de la base, lue sur la notice réduite au titre. Le volet Codex est un classifieur appris des { $labels } étiquettes directes de Codex et calibré sur les taux pondérés de l'échantillon; les champs sans appui suffisant ne portent aucun appel Codex. Le mode candidate est l'union des deux volets; le consensus est leur intersection. Ces sorties portent le statut { $status } et ne sont pas des étiquettes humaines.
classification-table-caption = Scores du classifieur distillé par catégorie ({ $heads ->
    [one] une tête
    [2] deux têtes
   *[other] { $heads } têtes
})
classification-category = Catégorie
classification-no-score = pas de score
classification-scores-heading = Scores machine (provisoires)
classification-scores-explanation = Les deux têtes enseignantes du modèle étudiant, lues sur ce travail. Un score ordonne la base pour la relecture; il n'affirme jamais une catégorie, et le statut de validation accompagne chaque rangée tel quel.
classification-maturity-immature = Scores de référence d'un modèle non mature (critères de maturité non atteints, { $iterations ->
    [one] { $iterations } itération
   *[other] { $iterations } itérations
}). Un score ordonne; il n'affirme jamais une catégorie.
classification-maturity-mature = Scores d’un modèle mature ({ $iterations ->
    [one] { $iterations } itération
   *[other] { $iterations } itérations
}). Un score ordonne; il n'affirme jamais une catégorie.
classification-label-score-only = tel quel depuis la passe de notation : score_only signifie que le nombre peut ordonner les travaux, et qu'aucune étiquette de catégorie n'en découle
classification-label-other = tel quel depuis la passe de notation
status-machine_predicted_unvalidated = prédit par une machine, non validé par un humain
status-human_validated = validé par un humain
head-codex = Codex
head-gemma = Gemma
head-source-codex = Codex distillé
head-source-gemma = Gemma direct
category-meta_research = Métarecherche
category-meta_epidemiology_strict = Méta-épidémiologie (sens strict)
category-meta_epidemiology_broad = Méta-épidémiologie (sens large)
category-bibliometrics = Bibliométrie
category-science_technology_studies = Études des sciences et des technologies
category-scholarly_communication = Communication savante
category-open_science = Science ouverte
category-research_integrity = Intégrité de la recherche
category-insufficient_payload = Charge utile insuffisante (le modèle a refusé de juger)
category-page-caveat = Scores machine, non validés : ils ordonnent les articles pour la relecture et n’affirment jamais qu’un article relève de cette catégorie.
category-page-by-head = Selon le score { $head } ({ $shown } sur { $total })
category-page-empty = Cette tête ne note encore aucun article.

not-found-heading = Page introuvable
not-found-text = Aucune page ne se trouve à cette adresse. Elle a peut-être changé, ou le lien est mal saisi.
not-found-home = Aller à l’accueil

# La page laissée à une ancienne adresse d’une page (ses `aliases`), qui renvoie le lecteur plus loin.
redirect-title = Cette page a changé d’adresse
redirect-link = Aller à sa nouvelle adresse

# Descriptions des pages pour les moteurs de recherche et les aperçus de liens.
site-description = Une carte multilingue d’articles de recherche : sur quoi chacun s’appuie, qui s’appuie sur lui, comment le corpus le cite, et une classification automatique avec sa provenance.

# Les flux Atom.
feed-title = Carte des articles : articles les plus récents
feed-subfield-title = Carte des articles : articles les plus récents en { $subfield }
feed-subtitle = Les articles de la carte, du plus récemment publié au plus ancien.
feed-link = Flux Atom des articles les plus récents
feed-subfield-link = Flux Atom des articles les plus récents en { $subfield }

# « Citer cet article » : une notice BibTeX et un bouton pour la copier.
cite-heading = Citer cet article
copy-button = Copier
copy-done = Copié dans le presse-papiers

# La recherche : le formulaire de chaque page et la page de recherche.
search-label = Rechercher dans les articles
search-placeholder = Titre, auteur, mot du résumé…
search-submit = Rechercher
search-heading = Recherche
search-clear = Effacer
search-load-more = Plus de résultats
search-filters = Filtres
search-zero-results = Aucun article ne correspond à { $term }.
search-one-result = Un résultat pour { $term }
search-many-results = { $count } résultats pour { $term }
search-alternative = Aucun résultat pour { $term } ; résultats pour { $other }.
search-suggestion = Aucun résultat pour { $term }. Essayez l’une de ces recherches :
search-searching = Recherche de { $term }…
search-needs-javascript = La recherche s’exécute dans votre navigateur et nécessite JavaScript. Tous les articles sont aussi classés par année et par sous-domaine.
