# A few messages of an Arabic copy of the example site, which .ci/run builds to check a
# right-to-left layout in the browser (layout.mjs, a11y.mjs). The rest falls back to English, as
# a language being translated does: those sentences are isolated, and run left to right.
language-name = العربية
site-title = خريطة الأوراق
skip-to-content = انتقل إلى المحتوى
language-switcher-label = اللغات
home-heading = خريطة الأوراق
key-facts-heading = حقائق أساسية
abstract-heading = الملخص
list-subfield-heading = أوراق في { $subfield }
