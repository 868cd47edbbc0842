"""Text corpora in the folder layouts MindSpore reads: the CSV sets (AG News, Amazon Review, DBpedia,
Sogou News, Yahoo Answers, Yelp Review), the line sets (Penn Treebank, WikiText, EnWik9), SST-2,
CoNLL-2000, UDPOS, Multi30k and IMDB.

All but IMDB are non-mappable, read as MindSpore's file readers read them: the files of ``usage`` in
MindSpore's order, each shard taking rows ``[k * m, (k + 1) * m)`` of the files laid end to end
(``m = ceil(rows / num_shards)``, wrapping to the start), the files a shard touches dealt to the
reader workers in turn and their rows taken one per worker in turn; ``Shuffle.GLOBAL`` also shuffles
files and rows as the other file sources do (see ``sources_more._LineDataset``).
"""
import csv
import io
import os

import numpy as np

from . import _errors as E
from . import validators as V
from .datasets import MappableDataset, SourceDataset
from .sources_more import _LineDataset, _shuffle_mode

__all__ = ["AGNewsDataset", "AmazonReviewDataset", "DBpediaDataset", "SogouNewsDataset", "YahooAnswersDataset",
           "YelpReviewDataset", "PennTreebankDataset", "WikiTextDataset", "EnWik9Dataset", "SST2Dataset",
           "CoNLL2000Dataset", "UDPOSDataset", "Multi30kDataset", "IMDBDataset"]

_SEP = "-" * 66 + "\n"


def _syntax_error(text):
    """MindSpore's error when a node's file check fails before the pipeline runs."""
    return RuntimeError("Syntax error. \n\n" + _SEP + "- Dataset Pipeline Error Message: \n" + _SEP + "[ERROR] "
                        + text + "\n")


class _Corpus(_LineDataset):
    """A corpus in ``dataset_dir``: ``_splits`` maps each usage to its file, 'all' to all of them."""

    _splits = {}          # usage -> file relative to dataset_dir
    _valid = ()           # usages MindSpore accepts, in the order its message lists them
    _sort_all = True      # MindSpore sorts the file list of 'all' (some nodes do not)
    _names = ()
    _label = ("", "")     # (class name, words of the 'no data' message)
    _missing = "empty"    # how MindSpore reports missing files: 'empty' (no data) or 'check' (file check)
    _default_usage = "all"

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=True,
                 num_shards=None, shard_id=None, cache=None):
        V.check_dataset_dir(dataset_dir)
        if self._valid:
            V.check_usage(usage, list(self._valid))
        V.check_num_samples(num_samples)
        V.check_shard(num_shards, shard_id)
        SourceDataset.__init__(self, num_parallel_workers=num_parallel_workers)
        self.dataset_dir = os.fspath(dataset_dir)
        self.usage = usage or self._default_usage
        self.num_samples = num_samples or None
        self.shuffle = _shuffle_mode(shuffle)
        self.num_shards, self.shard_id = num_shards, shard_id
        self._cache = {}
        self.dataset_files = self._file_list()

    def _file_list(self):
        if self.usage == "all":
            rels = [self._splits[u] for u in self._splits]
            paths = [os.path.join(self.dataset_dir, r) for r in rels]
            return sorted(paths) if self._sort_all else paths
        return [os.path.join(self.dataset_dir, self._splits[self.usage])]

    def _check_files(self):
        missing = [f for f in self.dataset_files if not os.path.isfile(f)]
        if not missing:
            return
        if self._missing == "check":
            first = [f for f in self._check_order() if not os.path.isfile(f)][0]
            raise _syntax_error(f"{self._label[0]}: dataset file: [{first}] is invalid or does not exist.")
        if all(not os.path.isfile(f) for f in self.dataset_files):
            raise self._no_data()

    def _check_order(self):
        return [os.path.join(self.dataset_dir, self._splits[u]) for u in self._splits] \
            if self.usage == "all" else self.dataset_files

    _period = ""  # some nodes end the message with a full stop

    def _no_data(self):
        files = "".join(" " + f for f in self.dataset_files)
        return E.pipeline_error(f"Invalid data, {self._label[0]} API can't read the data file (interface mismatch "
                                f"or no data found). Check {self._label[1]}: {files}{self._period}")

    def _rows_of(self, path):
        if path not in self._cache:
            self._cache[path] = self._read(path) if os.path.isfile(path) else []
        return self._cache[path]

    def _columns(self):
        return list(self._names)

    def _pass_rows(self, st):
        self._check_files()
        files = list(self.dataset_files)
        if self.shuffle != "false":
            from . import _stdrandom as R
            from . import samplers as S
            g = R.MT19937(S._get_seed()) if (self.num_shards or 1) == 1 else None
            if g is None:
                st["seed"] = st.get("seed", 0) + 1
                g = R.MT19937(st["seed"])
            keys = st.setdefault("keys", list(range(len(files))))
            R.shuffle(keys, g)
            files = [files[k] for k in keys]
        blocks = self._blocks(files)
        rows = self._deal(blocks)
        if not rows and not any(self._rows_of(f) for f in files):
            raise self._no_data()
        return rows[:self.num_samples] if self.num_samples is not None else rows

    def _count(self, path):
        """Rows of a file as MindSpore counts them to split files between shards."""
        return len(self._rows_of(path))

    def _block_rows(self, path, start, end):
        return self._rows_of(path)[start:end]

    def _blocks(self, files):
        """(file, start, end) row ranges this shard reads, in the order MindSpore hands them out."""
        counts = [self._count(f) for f in files]
        total = sum(counts)
        if self.num_shards is None:
            return [(f, 0, c) for f, c in zip(files, counts) if c]
        per = -(-total // self.num_shards)
        start, end = self.shard_id * per, (self.shard_id + 1) * per
        out = []
        while total and end > start:
            pre = 0
            for f, c in zip(files, counts):
                a, b = max(start, pre), min(end, pre + c)
                if a < b:
                    out.append((f, a - pre, b - pre))
                pre += c
            # rows past the end wrap to the start of the file list
            start, end = 0, end - max(total, start)
            if start >= end:
                break
        return out

    def _deal(self, blocks):
        from .. import config
        workers = self.num_parallel_workers or config.get_num_parallel_workers()
        queues = [[] for _ in range(workers)]
        for k, (f, a, b) in enumerate(blocks):
            queues[k % workers].extend(self._block_rows(f, a, b))
        queues = [q for q in queues if q]
        out, pos = [], [0] * len(queues)
        while queues:
            keep = []
            for q, p in zip(queues, pos):
                out.append(q[p])
                if p + 1 < len(q):
                    keep.append((q, p + 1))
            queues, pos = [q for q, _ in keep], [p for _, p in keep]
        return out

    def _size(self):
        self._check_files()
        if self.num_shards is not None and type(self)._count is not _Corpus._count:
            # rows and shard units differ (sentences / token lines): MindSpore counts what the shard reads
            n = len(self._deal(self._blocks(list(self.dataset_files))))
            return n if self.num_samples is None else min(n, self.num_samples)
        total = sum(len(self._rows_of(f)) for f in self.dataset_files)
        if self.num_shards is not None:
            total = -(-total // self.num_shards)
        return total if self.num_samples is None else min(total, self.num_samples)


class _CsvCorpus(_Corpus):
    """CSV files without a header, every field a string."""

    _splits = {"train": "train.csv", "test": "test.csv"}
    _valid = ("train", "test", "all")

    def _read(self, path):
        with open(path, encoding="utf-8", newline="") as f:
            return [tuple(np.array(c) for c in row) for row in csv.reader(f) if row]


def _doc(cls_name, columns, layout):
    return (f"``{cls_name}``: rows of {layout}; columns {columns} (strings).\n\n"
            f"    Examples:\n        >>> import mindjax.dataset as ds\n"
            f"        >>> # ds.{cls_name}(\"path/to/dir\", usage=\"train\", shuffle=False)\n")


class AGNewsDataset(_CsvCorpus):
    __doc__ = _doc("AGNewsDataset", "index, title, description", "train.csv / test.csv")
    _names = ("index", "title", "description")
    _label = ("AGNewsDataset", "ag news file path")
    _period = "."


class AmazonReviewDataset(_CsvCorpus):
    __doc__ = _doc("AmazonReviewDataset", "label, title, content", "train.csv / test.csv")
    _names = ("label", "title", "content")
    _label = ("AmazonReviewDataset", "amazon review file path")
    _missing = "check"


class DBpediaDataset(_CsvCorpus):
    __doc__ = _doc("DBpediaDataset", "class, title, content", "train.csv / test.csv")
    _names = ("class", "title", "content")
    _label = ("DBpediaDataset", "dbpedia file path")


class SogouNewsDataset(_CsvCorpus):
    __doc__ = _doc("SogouNewsDataset", "index, title, content", "train.csv / test.csv")
    _names = ("index", "title", "content")
    _label = ("SogouNewsDataset", "sogou news file path")
    _sort_all = False


class YahooAnswersDataset(_CsvCorpus):
    __doc__ = _doc("YahooAnswersDataset", "class, title, content, answer", "train.csv / test.csv")
    _names = ("class", "title", "content", "answer")
    _label = ("YahooAnswersDataset", "yahoo answers file path")


class YelpReviewDataset(_CsvCorpus):
    __doc__ = _doc("YelpReviewDataset", "label, text", "train.csv / test.csv")
    _names = ("label", "text")
    _label = ("YelpReviewDataset", "yelp review file path")
    _sort_all = False
    _period = "."


def _lines(path, keep_empty):
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return [(np.array(ln.decode("utf-8")),) for ln in lines if keep_empty or ln]


class PennTreebankDataset(_Corpus):
    __doc__ = _doc("PennTreebankDataset", "text", "ptb.train.txt / ptb.test.txt / ptb.valid.txt (one per line)")
    _splits = {"train": "ptb.train.txt", "test": "ptb.test.txt", "valid": "ptb.valid.txt"}
    _valid = ("train", "valid", "test", "all")
    _names = ("text",)
    _label = ("PennTreebankDataset", "penn treebank")

    def _read(self, path):
        return _lines(path, keep_empty=False)


class WikiTextDataset(PennTreebankDataset):
    __doc__ = _doc("WikiTextDataset", "text", "wiki.train.tokens / wiki.test.tokens / wiki.valid.tokens")
    _splits = {"train": "wiki.train.tokens", "test": "wiki.test.tokens", "valid": "wiki.valid.tokens"}
    _label = ("WikiTextDataset", "wiki text")


class EnWik9Dataset(_Corpus):
    __doc__ = _doc("EnWik9Dataset", "text", "the file enwik9 (one row per line, empty lines kept)")
    _splits = {"all": "enwik9"}
    _names = ("text",)
    _label = ("EnWik9Dataset", "enwik9")

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=True, num_shards=None,
                 shard_id=None, cache=None):
        super().__init__(dataset_dir, None, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _file_list(self):
        return [os.path.join(self.dataset_dir, "enwik9")]

    def _read(self, path):
        return _lines(path, keep_empty=True)


class SST2Dataset(_Corpus):
    __doc__ = _doc("SST2Dataset", "sentence, label (test: sentence)", "train.tsv / dev.tsv / test.tsv")
    _splits = {"train": "train.tsv", "test": "test.tsv", "dev": "dev.tsv"}
    _valid = ("train", "test", "dev")
    _default_usage = "train"

    def _columns(self):
        return ["sentence"] if self.usage == "test" else ["sentence", "label"]

    def _no_data(self):
        return E.pipeline_error("Invalid file, failed to obtain column name from input sst2 file list.")

    def _read(self, path):
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")[1:]  # the header line
        rows = []
        for ln in lines:
            if not ln:
                continue
            fields = ln.split("\t")
            rows.append((np.array(fields[1]),) if self.usage == "test" else (np.array(fields[0]),
                                                                              np.array(fields[1])))
        return rows


class _Tagged(_Corpus):
    """One sentence per block of lines (blank lines between), a line per token: ``_sep``-separated
    fields, each column a 1-D string array over the tokens. Shards split the token lines, as
    MindSpore's readers do: a shard starting inside a sentence reads its tail, one ending inside a
    sentence its head."""

    _sep = " "

    def _lines(self, path):
        key = ("lines", path)
        if key not in self._cache:
            with open(path, encoding="utf-8") as f:
                self._cache[key] = f.read().split("\n")
        return self._cache[key]

    def _read(self, path):
        return self._block_rows(path, 0, self._count(path))

    def _count(self, path):
        if not os.path.isfile(path):
            return 0
        return sum(1 for ln in self._lines(path) if ln.strip(" "))

    def _block_rows(self, path, start, end):
        rows, cur, seen = [], [], 0
        lines = self._lines(path)
        if lines and lines[-1] == "":
            lines = lines[:-1]
        for ln in lines:
            if not ln and seen < start:
                continue
            if seen >= end:
                if cur:
                    rows.append(cur)
                cur = []
                break
            if seen < start:
                seen += 1
                continue
            ln = ln.strip(" ")
            if not ln:
                if cur:
                    rows.append(cur)
                cur = []
                continue
            cur.append(ln.split(self._sep))
            seen += 1
        width = len(self._names)
        return [tuple(np.array([tok[k].strip(" ") if k < len(tok) else "" for tok in sent]) for k in range(width))
                for sent in rows]


class CoNLL2000Dataset(_Tagged):
    __doc__ = _doc("CoNLL2000Dataset", "word, pos_tag, chunk_tag (1-D per sentence)", "train.txt / test.txt")
    _splits = {"train": "train.txt", "test": "test.txt"}
    _valid = ("train", "test", "all")
    _names = ("word", "pos_tag", "chunk_tag")
    _label = ("CoNLL2000Dataset", "conll2000")


class UDPOSDataset(_Tagged):
    __doc__ = _doc("UDPOSDataset", "word, universal, stanford (1-D per sentence)",
                   "en-ud-tag.v2.train.txt / .test.txt / .dev.txt")
    _splits = {"train": "en-ud-tag.v2.train.txt", "test": "en-ud-tag.v2.test.txt",
               "valid": "en-ud-tag.v2.dev.txt"}
    _valid = ("train", "valid", "test", "all")
    _names = ("word", "universal", "stanford")
    _label = ("UDPOSDataset", "udpos")
    _sep = "\t"


class Multi30kDataset(_Corpus):
    __doc__ = _doc("Multi30kDataset", "text, translation", "training/train.{en,de}, validation/val.*, "
                   "mmt16_task1_test/test.* (line k of one language paired with line k of the other)")
    _splits = {"train": "training/train.en", "test": "mmt16_task1_test/test.en", "valid": "validation/val.en"}
    _valid = ("train", "test", "valid", "all")
    _names = ("text", "translation")
    _label = ("Multi30kDataset", "multi30k")
    _missing = "check"

    def __init__(self, dataset_dir, usage=None, language_pair=None, num_samples=None, num_parallel_workers=None,
                 shuffle=True, num_shards=None, shard_id=None, cache=None):
        pair = list(language_pair) if language_pair is not None else ["en", "de"]
        if pair not in (["en", "de"], ["de", "en"]):
            raise ValueError("language_pair can only be ['en', 'de'] or ['de', 'en'], but got "
                             f"{language_pair}")
        self.language_pair = pair
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _read(self, path):
        stem = path[:-len(".en")]
        with open(stem + ".en", encoding="utf-8") as f:
            en = f.read().split("\n")
        with open(stem + ".de", encoding="utf-8") as f:
            de = f.read().split("\n")
        rows = []
        for a, b in zip(en, de):
            if not a and not b:
                continue
            rows.append((np.array(a), np.array(b)) if self.language_pair[0] == "en" else (np.array(b), np.array(a)))
        return rows


class IMDBDataset(MappableDataset):
    """IMDB reviews: ``dataset_dir/{train,test}/{pos,neg}/*.txt``; columns ``text`` (the file's text) and
    ``label`` int32 (pos 1, neg 0), read train before test, pos before neg, files in sorted name order.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.IMDBDataset("aclImdb", usage="train", shuffle=False)
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        V.check_dataset_dir(dataset_dir)
        V.check_usage(usage, ["train", "test", "all"])
        super().__init__(num_samples, shuffle, num_shards, shard_id, sampler, num_parallel_workers)
        self.dataset_dir = os.fspath(dataset_dir)
        self.usage = usage or "all"
        self._items = None

    def _scan(self):
        if self._items is None:
            items = []
            for split in (["train", "test"] if self.usage == "all" else [self.usage]):
                for lab, value in (("pos", 1), ("neg", 0)):
                    folder = os.path.join(self.dataset_dir, split, lab)
                    if not os.path.isdir(folder):
                        raise E.pipeline_error(f"Invalid parameter, dataset dir may not exist or is not a "
                                               f"directory: {folder}")
                    items.extend((os.path.join(folder, n), value) for n in sorted(os.listdir(folder))
                                 if n.endswith(".txt"))
            self._items = items
        return self._items

    def _columns(self):
        return ["text", "label"]

    def _len(self):
        return len(self._scan())

    def _get(self, index):
        path, label = self._scan()[index]
        with io.open(path, encoding="utf-8") as f:
            return np.array(f.read()), np.array(label, np.int32)

    def _class_ids(self):
        out = {}
        for i, (_, lab) in enumerate(self._scan()):
            out.setdefault(lab, []).append(i)
        return out


def _json_value(v):
    """A JSON value as MindSpore's readers make it a tensor: str, uint32 (non-negative int), int32,
    float32, or a 1-D string array."""
    if isinstance(v, str):
        return np.array(v)
    if isinstance(v, bool):
        return np.array(int(v), np.uint32)
    if isinstance(v, int):
        return np.array(v, np.uint32 if v >= 0 else np.int32)
    if isinstance(v, float):
        return np.array(v, np.float32)
    if isinstance(v, list):
        return np.array([str(x) for x in v])
    return np.array(str(v))


class CLUEDataset(_Corpus):
    """CLUE benchmark files (JSON lines) of ``task`` AFQMC, TNEWS, IFLYTEK, CMNLI, WSC or CSL and
    ``usage`` train, eval or test; the columns (in sorted name order, as MindSpore's) are the task's
    fields for that usage (e.g. AFQMC train: label, sentence1, sentence2). Files are read in sorted order.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.CLUEDataset(["afqmc/train.json"], task="AFQMC", usage="train", shuffle=False)
    """

    _label = ("CLUEDataset", "clue file path")

    def __init__(self, dataset_files, task="AFQMC", usage="train", num_samples=None, num_parallel_workers=None,
                 shuffle=True, num_shards=None, shard_id=None, cache=None):
        from .sources_tfrecord import _find_files
        files = _find_files(dataset_files)
        V.type_check(task, (str,), "task")
        if task not in ("AFQMC", "TNEWS", "IFLYTEK", "CMNLI", "WSC", "CSL"):
            raise ValueError("task should be 'AFQMC', 'TNEWS', 'IFLYTEK', 'CMNLI', 'WSC' or 'CSL'.")
        V.type_check(usage, (str,), "usage")
        if usage not in ("train", "test", "eval"):
            raise ValueError("usage should be 'train', 'test' or 'eval'.")
        V.check_num_samples(num_samples)
        V.check_shard(num_shards, shard_id)
        SourceDataset.__init__(self, num_parallel_workers=num_parallel_workers)
        self.dataset_files, self.task, self.usage = files, task, usage
        self.num_samples = num_samples or None
        self.shuffle = _shuffle_mode(shuffle)
        self.num_shards, self.shard_id = num_shards, shard_id
        self._cache = {}

    def _keys(self):
        labelled = self.usage in ("train", "eval")
        t = self.task
        if t in ("AFQMC", "CMNLI"):
            keys = {"sentence1": "sentence1", "sentence2": "sentence2"}
            keys.update({"label": "label"} if labelled else {"id": "id"})
        elif t == "CSL":
            keys = {"id": "id", "abst": "abst", "keyword": "keyword"}
            keys.update({"label": "label"} if labelled else {})
        elif t == "IFLYTEK":
            keys = {"sentence": "sentence"}
            keys.update({"label": "label", "label_des": "label_des"} if labelled else {"id": "id"})
        elif t == "TNEWS":
            keys = {"sentence": "sentence", "keywords": "keywords"}
            keys.update({"label": "label", "label_desc": "label_desc"} if labelled else {"id": "id"})
        else:
            keys = {"span1_index": "target/span1_index", "span2_index": "target/span2_index",
                    "span1_text": "target/span1_text", "span2_text": "target/span2_text", "idx": "idx",
                    "text": "text"}
            keys.update({"label": "label"} if labelled else {})
        return dict(sorted(keys.items()))

    def _columns(self):
        return list(self._keys())

    def _check_files(self):
        return

    def _read(self, path):
        import json
        keys = self._keys()
        rows = []
        with open(path, encoding="utf-8") as f:
            for line in f.read().split("\n"):
                if not line:
                    continue
                try:
                    js = json.loads(line)
                except ValueError as e:
                    raise E.pipeline_error(f"Invalid json, failed to parse {path}, {e}") from None
                row = []
                for chain in keys.values():
                    cur = js
                    for k in chain.split("/"):
                        if not isinstance(cur, dict) or k not in cur:
                            raise E.pipeline_error(f"Invalid json file, in given JSON file, failed to find key: {k}")
                        cur = cur[k]
                    row.append(_json_value(cur))
                rows.append(tuple(row))
        return rows


class SQuADDataset(_Corpus):
    """SQuAD 1.1 / 2.0 (``train-v1.1.json`` or ``train-v2.0.json``, ``dev-...``): one row per question;
    columns ``context``, ``question``, ``text`` (the answers, 1-D strings) and ``answer_start`` (uint32,
    1-D; an unanswerable question gives text [''] and answer_start [-1 as uint32]).

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.SQuADDataset("squad", usage="dev", shuffle=False)
    """

    _valid = ("train", "dev", "all")
    _names = ("context", "question", "text", "answer_start")
    _label = ("SQuADDataset", "squad")

    def _file_list(self):
        out = []
        for u in (["train", "dev"] if self.usage == "all" else [self.usage]):
            v1 = os.path.join(self.dataset_dir, f"{u}-v1.1.json")
            v2 = os.path.join(self.dataset_dir, f"{u}-v2.0.json")
            out.append(v1 if os.path.isfile(v1) or not os.path.isfile(v2) else v2)
        return out

    def _check_files(self):
        for u, f in zip(["train", "dev"] if self.usage == "all" else [self.usage], self.dataset_files):
            if not os.path.isfile(f):
                raise E.pipeline_error(f"Invalid path, failed to find SQuAD {u} data file: {self.dataset_dir}")

    def _read(self, path):
        import json
        with open(path, encoding="utf-8") as f:
            root = json.load(f)
        rows = []
        for data in root["data"]:
            for para in data["paragraphs"]:
                for qa in para["qas"]:
                    texts = [a["text"] for a in qa.get("answers", [])]
                    starts = [a["answer_start"] for a in qa.get("answers", [])]
                    if not starts:
                        texts, starts = [""], [-1]
                    rows.append((np.array(para["context"]), np.array(qa["question"]), np.array(texts),
                                 np.array(starts, np.int64).astype(np.uint32)))
        return rows
