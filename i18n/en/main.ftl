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
