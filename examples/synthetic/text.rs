//! The synthetic map's text: the random numbers that choose it, the words it is made of, and the
//! titles and prose made from them (English, French and Chinese).

/// splitmix64: small, fast, and the same on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x005E_ED0F_9A9E_3A9D)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A whole number in `low..=high`.
    pub fn range(&mut self, low: u64, high: u64) -> u64 {
        low + self.next() % (high - low + 1)
    }
    /// A number in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.next() as usize % items.len()]
    }
}

pub const SUBFIELDS: &[&str] = &[
    "Artificial Intelligence",
    "Computer Vision and Pattern Recognition",
    "Computational Linguistics",
    "Machine Learning",
    "Information Retrieval",
    "Human-Computer Interaction",
    "Statistics and Probability",
    "Digital Libraries",
];

pub const CATEGORIES: &[&str] = &[
    "meta_research",
    "meta_epidemiology_strict",
    "meta_epidemiology_broad",
    "bibliometrics",
    "science_technology_studies",
    "scholarly_communication",
    "open_science",
    "research_integrity",
    "insufficient_payload",
];

pub const HEADS: &[&str] = &["codex", "gemma"];

pub const FIRST_NAMES: &[&str] = &[
    "Ada", "Alan", "Amara", "Bruno", "Chen", "Dana", "Elena", "Farid", "Grace", "Hiro", "Ines",
    "Jonas", "Kavya", "Lena", "Marco", "Nadia", "Omar", "Priya", "Quentin", "Rosa", "Sven",
    "Tariq", "Uma", "Victor", "Wei", "Ximena", "Yusuf", "Zoe",
];

pub const LAST_NAMES: &[&str] = &[
    "Abadi",
    "Bianchi",
    "Chowdhury",
    "Dubois",
    "Eriksson",
    "Fischer",
    "Garcia",
    "Haddad",
    "Ito",
    "Jensen",
    "Kowalski",
    "Li",
    "Moreau",
    "Nakamura",
    "Okafor",
    "Petrov",
    "Qureshi",
    "Rossi",
    "Schmidt",
    "Tanaka",
    "Usman",
    "Varga",
    "Wang",
    "Xu",
    "Yilmaz",
    "Zhang",
];

pub const TITLE_HEADS: &[&str] = &[
    "Towards",
    "Revisiting",
    "On the Limits of",
    "Measuring",
    "Understanding",
    "Rethinking",
    "Scaling",
    "Auditing",
    "Benchmarking",
    "Learning",
    "Quantifying",
    "Characterizing",
];

pub const WORDS: &[&str] = &[
    "label",
    "noise",
    "benchmark",
    "dataset",
    "evaluation",
    "model",
    "training",
    "transfer",
    "representation",
    "robustness",
    "bias",
    "annotation",
    "citation",
    "network",
    "language",
    "vision",
    "retrieval",
    "graph",
    "attention",
    "transformer",
    "distribution",
    "shift",
    "generalization",
    "calibration",
    "uncertainty",
    "sample",
    "efficiency",
    "reproducibility",
    "replication",
    "metric",
    "leaderboard",
    "contamination",
    "corpus",
    "scholarly",
    "review",
    "peer",
    "open",
    "science",
    "integrity",
    "error",
    "test",
    "validation",
    "audit",
    "fairness",
    "privacy",
    "compression",
    "pretraining",
    "fine-tuning",
    "alignment",
    "reasoning",
    "memory",
    "search",
    "ranking",
    "classification",
    "detection",
    "segmentation",
    "translation",
    "summary",
    "causal",
    "inference",
    "estimation",
    "variance",
    "signal",
    "scale",
    "budget",
    "compute",
    "crowdsourcing",
    "agreement",
    "heuristic",
    "protocol",
    "pipeline",
    "taxonomy",
    "survey",
];

pub const FILLERS: &[&str] = &[
    "we",
    "show",
    "that",
    "the",
    "a",
    "of",
    "in",
    "for",
    "and",
    "with",
    "on",
    "across",
    "under",
    "this",
    "paper",
    "study",
    "propose",
    "find",
    "these",
    "results",
    "suggest",
    "our",
    "method",
    "improves",
    "reduces",
    "measures",
    "widely",
    "used",
    "common",
    "practice",
    "large",
    "experiments",
    "analysis",
    "reveals",
    "between",
    "when",
    "than",
    "more",
    "less",
    "often",
];

pub const FRENCH: &[&str] = &[
    "nous",
    "montrons",
    "que",
    "les",
    "des",
    "erreurs",
    "d'étiquetage",
    "jeu",
    "de",
    "données",
    "évaluation",
    "modèle",
    "apprentissage",
    "automatique",
    "biais",
    "annotation",
    "citation",
    "réseau",
    "langue",
    "vision",
    "recherche",
    "graphe",
    "distribution",
    "généralisation",
    "reproductibilité",
    "réplication",
    "mesure",
    "classement",
    "corpus",
    "relecture",
    "science",
    "ouverte",
    "intégrité",
    "essai",
    "validation",
    "audit",
    "équité",
    "confidentialité",
    "compression",
    "raisonnement",
    "mémoire",
    "détection",
    "segmentation",
    "traduction",
    "résumé",
    "causal",
    "inférence",
    "estimation",
    "variance",
    "échelle",
    "budget",
    "calcul",
    "protocole",
    "taxonomie",
    "étude",
    "article",
    "proposons",
    "méthode",
    "améliore",
    "réduit",
    "analyse",
    "révèle",
    "entre",
    "lorsque",
    "plus",
    "moins",
    "souvent",
    "pour",
    "avec",
    "sur",
    "dans",
];

pub const CHINESE: &[&str] = &[
    "我们",
    "发现",
    "标签",
    "错误",
    "数据集",
    "评估",
    "模型",
    "训练",
    "迁移",
    "表示",
    "鲁棒性",
    "偏差",
    "标注",
    "引用",
    "网络",
    "语言",
    "视觉",
    "检索",
    "图",
    "注意力",
    "分布",
    "偏移",
    "泛化",
    "校准",
    "不确定性",
    "样本",
    "效率",
    "可复现性",
    "复制",
    "指标",
    "排行榜",
    "污染",
    "语料库",
    "学术",
    "评审",
    "开放",
    "科学",
    "诚信",
    "测试",
    "验证",
    "审计",
    "公平性",
    "隐私",
    "压缩",
    "预训练",
    "微调",
    "对齐",
    "推理",
    "记忆",
    "搜索",
    "排序",
    "分类",
    "检测",
    "分割",
    "翻译",
    "摘要",
    "因果",
    "估计",
    "方差",
    "规模",
    "计算",
    "协议",
    "流程",
    "综述",
    "本文",
    "提出",
    "方法",
    "改进",
    "减少",
    "分析",
    "表明",
    "之间",
    "以及",
    "研究",
    "结果",
];

pub fn capitalize(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A title of 4 to 10 words.
pub fn title(rng: &mut Rng) -> String {
    let mut words = vec![rng.pick(TITLE_HEADS).to_string()];
    for _ in 0..rng.range(3, 8) {
        words.push(capitalize(rng.pick(WORDS)));
    }
    if rng.chance(0.4) {
        words.push("in".into());
        words.push(capitalize(rng.pick(WORDS)));
    }
    words.join(" ")
}

/// Prose of exactly `count` words, in sentences of 8 to 20 words.
pub fn prose(rng: &mut Rng, count: usize, topical: &[&str], filler: &[&str]) -> String {
    let mut text = String::new();
    let mut left = count;
    while left > 0 {
        let n = (rng.range(8, 20) as usize).min(left);
        left -= n;
        for k in 0..n {
            let word = if rng.chance(0.45) {
                rng.pick(topical)
            } else {
                rng.pick(filler)
            };
            if k == 0 {
                text.push_str(&capitalize(word));
            } else {
                text.push(' ');
                text.push_str(word);
            }
        }
        text.push_str(if left == 0 { "." } else { ". " });
    }
    text
}

/// Chinese prose of about `count` words, in sentences ending with 。
pub fn chinese(rng: &mut Rng, count: usize) -> String {
    let mut text = String::new();
    let mut left = count;
    while left > 0 {
        let n = (rng.range(8, 20) as usize).min(left);
        left -= n;
        for k in 0..n {
            text.push_str(rng.pick(CHINESE));
            if k + 1 < n && rng.chance(0.12) {
                text.push('，');
            }
        }
        text.push('。');
    }
    text
}

/// The title of a work outside the map.
pub fn title_outside(rng: &mut Rng) -> String {
    let mut words: Vec<String> = (0..rng.range(3, 7))
        .map(|_| capitalize(rng.pick(WORDS)))
        .collect();
    words.insert(0, capitalize(rng.pick(FILLERS)));
    words.join(" ")
}
