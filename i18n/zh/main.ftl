# 论文地图界面文字，中文。

site-title = 论文地图
skip-to-content = 跳到正文
language-switcher-label = 语言
footer-note = 由 papermap 根据地图中的记录生成。

# This language's name in itself, for the language switcher.
language-name = 中文
# Names of the site's languages in this language, for notices.
language-en = 英文
language-fr = 法文
language-zh = 中文

home-heading = 论文地图
home-paper-count = 地图中共有 { $count } 篇论文。
home-papers-heading = 论文（最新的在前）
home-pages-heading = 媒体报道

list-separator = {", "}
paper-byline = 作者：{ $authors }。{ $year }
paper-year = { $year }
paper-corpus-citations = 来源语料库记录的引用次数：{ $count }。
link-arxiv = arXiv
link-doi = DOI
link-pdf = PDF
link-html = HTML
link-code = 代码
link-openalex = OpenAlex
link-publisher = 出版方

key-facts-heading = 要点
key-facts-cited-by = { $count ->
    [0] 尚未被地图中的论文引用。
   *[other] 被地图中的 { $count } 篇论文引用。
}
key-facts-cited-by-through = { $count ->
    [0] 尚未被地图中的论文引用（数据截至 { $date }）。
   *[other] 被地图中的 { $count } 篇论文引用（数据截至 { $date }）。
}
key-facts-builds-on = { $total ->
    [0] 没有列出参考文献。
   *[other] 在其 { $total } 篇参考文献中，有 { $count } 篇在地图中。
}
key-facts-first-posted = 首次发布于 arXiv：{ $date }。
key-facts-published = 发表于 { $date }。

abstract-heading = 摘要
abstract-original-language = 摘要仅有{ $language }版本。
translation-outdated = 此译文依据的是该记录的早期版本，原文此后已有改动。
abstract-provenance-openalex = 实时取自 OpenAlex 并已还原倒排索引。
abstract-provenance-arxiv = 摘要取自 arXiv。
abstract-provenance-publisher = 摘要由出版方提供。
abstract-provenance-author = 摘要由作者提供。
abstract-storage-note = 本数据库不保存摘要：在数据库 { $text } GB 的文本中，倒排索引占 { $index } GB，服务器尚有 { $free } GB 可用空间。

subfields-heading = 子领域
rankings-heading = 研究者如何看待这篇论文
rankings-explanation = 按信任网络对其排名最高的研究者列出，最有力的支持者在前。每位研究者得到的顺序都不同。
rankings-in-subfield = { $subfield } 领域
rankings-none = 暂无研究者对其排名。

citations-heading = 语料库中的引用
intent-methodology = 方法
intent-background = 背景
intent-result = 结果
intent-unknown = 未知

builds-on-heading = 参考的地图内论文（按引用次数排序，{ $shown }/{ $total }）
builds-on-none = 其参考文献尚无一篇在地图中。
built-on-by-heading = 引用它的地图内论文（按引用次数排序，{ $shown }/{ $total }）
built-on-by-none = 地图中尚无论文引用它。
press-heading = 媒体报道

page-original-language = 本文仅有{ $language }版本。
page-translation-outdated = 此译文依据的是该文章的早期版本，原文此后已有改动。
page-papers-heading = 本文报道的论文

home-browse-heading = 浏览地图
home-all-papers = 全部 { $count } 篇论文
home-by-year = 按年份
home-by-subfield = 按子领域

list-all-heading = 全部论文
list-year-heading = { $year } 年的论文
list-subfield-heading = { $subfield }
list-count = { $count ->
    [0] 暂无论文。
   *[other] 共 { $count } 篇论文，按引用次数排序。
}
pagination-label = 分页
pagination-previous = 上一页
pagination-next = 下一页
pagination-position = 第 { $page } 页，共 { $pages } 页
years-heading = 按年份浏览论文
subfields-list-heading = 按子领域浏览论文
group-count = { $count } 篇

abstract-heading-from = 摘要（{ $source }）
source-arxiv = arXiv
source-openalex = OpenAlex
source-publisher = 出版方
source-author = 作者

## 机器分类
classification-summary-heading = 分类
classification-badge-machine = 机器预测，未经验证
classification-badge-validated = 已由人工验证
classification-reading-validated = 此分类已由人工审阅者验证。
classification-reading-consensus = 机器预测；共识判定：两个模型头都判定为 { $categories }。
classification-reading-single = 机器预测；来自单一来源（{ $source }）的候选判定，并非共识。
classification-reading-split = 机器预测；两个模型头给出不同类别的候选判定，并非共识。
classification-reading-no-call = 机器预测；来自单一来源（Gemma 直接标注或 Codex 蒸馏）的候选判定，并非共识。
classification-detail-pointer = 各模型、各分数的详情见页末“此分类是如何得出的”。
classification-none = 暂无机器分类。
classification-details-summary = 此分类是如何得出的
classification-method-heading = 对整个数据库的机器预测
classification-method-label = 模仿教师模型
classification-method = 既非校准后的流行率，也非真实标签。人工验证尚待进行。Gemma 部分是模型对库中每项工作的直接标注，依据仅含标题的记录。Codex 部分是一个分类器，由 Codex 的 { $labels } 条直接标注训练而成，并按样本的加权比率校准；支撑不足的领域不作 Codex 判定。候选模式为两部分的并集，共识为其交集。这些输出的状态为 { $status }，并非人工标注。
classification-table-caption = 蒸馏分类器各类别的分数（{ $heads } 个模型头）
classification-category = 类别
classification-no-score = 无分数
classification-scores-heading = 机器分数（暂定）
classification-scores-explanation = 学生模型的两个教师头在此工作上的读数。分数用于为审阅排序，从不断言某一类别；验证状态随每一行原样给出。
classification-maturity-immature = 未成熟模型的基线分数（未达到成熟标准，已迭代 { $iterations } 次）。分数只用于排序，从不断言某一类别。
classification-maturity-mature = 成熟模型的分数（已迭代 { $iterations } 次）。分数只用于排序，从不断言某一类别。
classification-label-score-only = 原样取自评分过程：score_only 表示该数值可用于排序，但不据此给出任何类别标签
classification-label-other = 原样取自评分过程
status-machine_predicted_unvalidated = 由机器预测，未经人工验证
status-human_validated = 已由人工验证
head-codex = Codex
head-gemma = Gemma
head-source-codex = Codex 蒸馏
head-source-gemma = Gemma 直接标注
category-meta_research = 元研究
category-meta_epidemiology_strict = 元流行病学（狭义）
category-meta_epidemiology_broad = 元流行病学（广义）
category-bibliometrics = 文献计量学
category-science_technology_studies = 科学技术研究
category-scholarly_communication = 学术交流
category-open_science = 开放科学
category-research_integrity = 科研诚信
category-insufficient_payload = 信息不足（模型拒绝判断）
category-page-caveat = 机器分数，未经验证：仅用于为审阅排序，从不断言某篇论文属于此类别。
category-page-by-head = 按 { $head } 分数排序（{ $shown }/{ $total }）
category-page-empty = 此模型头尚未给任何论文打分。

not-found-heading = 找不到页面
not-found-text = 此地址没有页面。页面可能已移动，或链接有误。
not-found-home = 返回首页

# 页面旧地址（`aliases`）上留下的页面，把读者转到新地址。
redirect-title = 此页面已移至新地址
redirect-link = 前往新地址

# 供搜索引擎和链接预览使用的页面描述。
site-description = 多语言的研究论文地图：每篇论文基于哪些论文、被哪些论文引用、语料库如何引用它，以及附有来源说明的机器分类。

# Atom 订阅源。
feed-title = 论文地图：最新论文
feed-subfield-title = 论文地图：{ $subfield }领域的最新论文
feed-subtitle = 地图中的论文，按最近发布排序。
feed-link = 最新论文的 Atom 订阅源
feed-subfield-link = { $subfield }领域最新论文的 Atom 订阅源

# “引用本文”：BibTeX 条目和复制按钮。
cite-heading = 引用本文
copy-button = 复制
copy-done = 已复制到剪贴板

# 搜索：每页的搜索框和搜索页。
search-label = 搜索论文
search-placeholder = 标题、作者、摘要中的词…
search-submit = 搜索
search-heading = 搜索
search-clear = 清除
search-load-more = 更多结果
search-filters = 筛选
search-zero-results = 没有与{ $term }匹配的论文。
search-one-result = { $term }的搜索结果：1 条
search-many-results = { $term }的搜索结果：{ $count } 条
search-alternative = 没有{ $term }的结果，显示{ $other }的结果。
search-suggestion = 没有{ $term }的结果。试试以下搜索：
search-searching = 正在搜索{ $term }…
search-needs-javascript = 搜索在浏览器中运行，需要 JavaScript。所有论文也可按年份和子领域浏览。
