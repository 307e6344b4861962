# Interface texts of the paper map, English (the default language).
# Numbers are formatted for the locale by papermap; plural forms follow CLDR.

site-title = Paper map
skip-to-content = Skip to content
language-switcher-label = Languages
footer-note = Built with papermap from the records of the map.

# This language's name in itself, for the language switcher.
language-name = English
# Names of the site's languages in this language, for notices.
language-en = English
language-fr = French
language-zh = Chinese

home-heading = The paper map
home-paper-count = { $count ->
    [one] One paper in the map.
   *[other] { $count } papers in the map.
}
home-papers-heading = Papers, newest first
home-pages-heading = In the press

# Between the items of a list inside a sentence (authors, categories); quoted to keep its space.
list-separator = {", "}
paper-byline = By { $authors }. { $year }
paper-year = { $year }
paper-corpus-citations = { $count ->
    [one] One citation recorded by the source corpus.
   *[other] { $count } citations recorded by the source corpus.
}
link-arxiv = arXiv
link-doi = DOI
link-pdf = PDF
link-html = HTML
link-code = Code
link-openalex = OpenAlex
link-publisher = Publisher

key-facts-heading = Key facts
key-facts-cited-by = { $count ->
    [0] Not yet cited by papers in the map.
    [one] Cited by one paper in the map.
   *[other] Cited by { $count } papers in the map.
}
key-facts-cited-by-through = { $count ->
    [0] Not yet cited by papers in the map (data through { $date }).
    [one] Cited by one paper in the map (data through { $date }).
   *[other] Cited by { $count } papers in the map (data through { $date }).
}
key-facts-builds-on = { $total ->
    [0] Lists no references.
   *[other] Builds on { $count } of its { $total } references that are in the map.
}
key-facts-first-posted = First posted on arXiv { $date }.
key-facts-published = Published { $date }.

abstract-heading = Abstract
abstract-original-language = This abstract is available in { $language } only.
translation-outdated = This translation was made from an earlier version of the record: the original has changed since.
abstract-provenance-openalex = Retrieved live from OpenAlex and de-inverted.
abstract-provenance-arxiv = Abstract from arXiv.
abstract-provenance-publisher = Abstract from the publisher.
abstract-provenance-author = Abstract supplied by the authors.
abstract-storage-note = Abstracts are not kept in this database: the inverted indexes take { $index } GB of the database's { $text } GB of text, and the server has { $free } GB free.

subfields-heading = Subfields
rankings-heading = How researchers see this paper
rankings-explanation = The researchers whose trusted networks rank it highest, strongest advocate first. Every researcher gets a different order.
rankings-in-subfield = In { $subfield }
rankings-none = No researcher ranks it yet.

citations-heading = Citations in the corpus
intent-methodology = methodology
intent-background = background
intent-result = result
intent-unknown = unknown

builds-on-heading = Builds on (most cited first, { $shown } of { $total })
builds-on-none = None of its references is in the map yet.
built-on-by-heading = Built on by (most cited first, { $shown } of { $total })
built-on-by-none = No paper of the map builds on it yet.
press-heading = In the press

page-original-language = This article is available in { $language } only.
page-translation-outdated = This translation was made from an earlier version of the article: the original has changed since.
page-papers-heading = Papers this article covers

home-browse-heading = Browse the map
home-all-papers = { $count ->
    [one] The one paper
   *[other] All { $count } papers
}
home-by-year = By year
home-by-subfield = By subfield

list-all-heading = All papers
list-year-heading = Papers of { $year }
list-subfield-heading = { $subfield }
list-count = { $count ->
    [0] No paper yet.
    [one] One paper.
   *[other] { $count } papers, most cited first.
}
pagination-label = Pages
pagination-previous = Previous page
pagination-next = Next page
pagination-position = Page { $page } of { $pages }
years-heading = Papers by year
subfields-list-heading = Papers by subfield
group-count = { $count ->
    [one] one paper
   *[other] { $count } papers
}

abstract-heading-from = Abstract ({ $source })
source-arxiv = arXiv
source-openalex = OpenAlex
source-publisher = the publisher
source-author = the authors

## The machine classification
classification-summary-heading = Classification
classification-badge-machine = machine, not validated
classification-badge-validated = validated by a human
classification-reading-validated = A human reviewer validated this classification.
classification-reading-consensus = Machine prediction; a consensus call: both heads call { $categories }.
classification-reading-single = Machine prediction; a candidate call from a single source ({ $source }), not a consensus.
classification-reading-split = Machine prediction; a candidate call from both heads, which call different categories: not a consensus.
classification-reading-no-call = Machine prediction; a candidate call from a single source (Gemma direct or Codex distilled), not a consensus.
classification-detail-pointer = The detail, model by model and score by score, is at the end of the page under “How this classification was obtained”.
classification-none = No machine classification yet.
classification-details-summary = How this classification was obtained
classification-method-heading = Machine prediction over the whole base
classification-method-label = Imitating the teachers
classification-method = Neither calibrated prevalence nor ground truth. Human validation to come. The Gemma head is a direct label from the model for every work of the base, read on the record reduced to its title. The Codex head is a classifier learned from the { $labels } direct labels of Codex and calibrated on the weighted rates of the sample; fields without enough support carry no Codex call. The candidate mode is the union of both heads; the consensus is their intersection. These outputs carry the status { $status } and are not human labels.
classification-table-caption = Scores of the distilled classifier by category ({ $heads ->
    [one] one head
   *[other] { $heads } heads
})
classification-category = Category
classification-no-score = no score
classification-scores-heading = Machine scores (provisional)
classification-scores-explanation = The two teacher heads of the student model, read on this work. A score orders the base for review; it never asserts a category, and the validation status goes with every row as it is.
classification-maturity-immature = Baseline scores of a model that is not mature (maturity criteria not met, { $iterations ->
    [one] one iteration
   *[other] { $iterations } iterations
}). A score orders; it never asserts a category.
classification-maturity-mature = Scores of a mature model ({ $iterations ->
    [one] one iteration
   *[other] { $iterations } iterations
}). A score orders; it never asserts a category.
classification-label-score-only = as it is from the scoring pass: score_only means that the number may order the works, and that no category label follows from it
classification-label-other = as it is from the scoring pass
status-machine_predicted_unvalidated = predicted by a machine, not validated by a human
status-human_validated = validated by a human
head-codex = Codex
head-gemma = Gemma
head-source-codex = Codex distilled
head-source-gemma = Gemma direct
category-meta_research = Meta-research
category-meta_epidemiology_strict = Meta-epidemiology (strict sense)
category-meta_epidemiology_broad = Meta-epidemiology (broad sense)
category-bibliometrics = Bibliometrics
category-science_technology_studies = Science and technology studies
category-scholarly_communication = Scholarly communication
category-open_science = Open science
category-research_integrity = Research integrity
category-insufficient_payload = Insufficient payload (the model declined to judge)
category-page-caveat = Machine scores, not validated: they order the papers for review and never assert that a paper belongs to this category.
category-page-by-head = By the { $head } score ({ $shown } of { $total })
category-page-empty = This head scores no paper yet.

not-found-heading = Page not found
not-found-text = There is no page at this address. It may have moved, or the link may be mistyped.
not-found-home = Go to the home page

# The page left at an earlier address of a page (its `aliases`), which sends the reader on.
redirect-title = This page has moved
redirect-link = Go to its new address

# Page descriptions for search engines and link previews, where a page has no abstract.
site-description = A multilingual map of research papers: what each builds on, what builds on it, how the corpus cites it, and a machine classification with its provenance.

# The Atom feeds.
feed-title = Paper map: newest papers
feed-subfield-title = Paper map: newest papers in { $subfield }
feed-subtitle = The papers of the map, most recently posted first.
feed-link = Atom feed of the newest papers
feed-subfield-link = Atom feed of the newest papers in { $subfield }

# "Cite this paper": a BibTeX entry with a copy button.
cite-heading = Cite this paper
copy-button = Copy
copy-done = Copied to the clipboard

# Search: the form of every page and the search page.
search-label = Search the papers
search-placeholder = Title, author, word of the abstract…
search-submit = Search
search-heading = Search
search-clear = Clear
search-load-more = More results
search-filters = Filters
search-zero-results = No paper matches { $term }.
search-one-result = One result for { $term }
search-many-results = { $count } results for { $term }
search-alternative = No results for { $term }; showing results for { $other }.
search-suggestion = No results for { $term }. Try one of these searches:
search-searching = Searching for { $term }…
search-needs-javascript = Search runs in your browser and needs JavaScript. Every paper is also listed by year and by subfield.
