# The map's subfields in Chinese: one message a subfield, `subfield-` followed by the slug of its
# address (/subfield/<slug>/). A subfield without one is shown under its name in the records.

subfield-artificial-intelligence = 人工智能
subfield-computer-science-applications = 计算机科学应用
subfield-computer-vision-and-pattern-recognition = 计算机视觉与模式识别
subfield-evaluation-benchmarks = 评估与基准测试
subfield-radiology-nuclear-medicine-and-imaging = 放射学、核医学与医学影像
