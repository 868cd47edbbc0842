"""More file datasets in MindSpore's layouts: Cifar100, EMnist, ImageFolder (mappable), TextFile and
CSV (read in order, shuffled as MindSpore's non-mappable leaves are), and PaddedDataset."""
import csv
import glob
import os

import numpy as np

from . import _errors as E
from . import _stdrandom as R
from . import samplers as S
from . import validators as V
from .datasets import MappableDataset, SourceDataset
from .sources import MnistDataset, _ArrayDataset

__all__ = ["Cifar100Dataset", "EMnistDataset", "ImageFolderDataset", "TextFileDataset", "CSVDataset",
           "PaddedDataset"]


class Cifar100Dataset(_ArrayDataset):
    """CIFAR-100 binary version (``train.bin`` / ``test.bin``): ``image`` uint8 (32, 32, 3),
    ``coarse_label`` and ``fine_label`` uint32.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.Cifar100Dataset("cifar-100-binary", usage="test")
    """

    _names = ("image", "coarse_label", "fine_label")
    _RECORD = 2 + 3 * 32 * 32

    def _load(self):
        files = sorted(p for p in glob.glob(os.path.join(glob.escape(self.dataset_dir), "*.bin")))
        if not files:
            raise E.pipeline_error(f"Invalid cifar folder, cifar(.bin) files are missing under {self.dataset_dir}")
        images, coarse, fine = [], [], []
        for path in files:
            name = os.path.basename(path)
            if self.usage == "train" and "train" not in name:
                continue
            if self.usage == "test" and "test" not in name:
                continue
            if "test" not in name and "train" not in name:
                raise E.pipeline_error(f"Invalid cifar100 file, Cifar100 train/test file is missing in: {name}")
            raw = np.fromfile(path, dtype=np.uint8)
            if raw.size == 0 or raw.size % self._RECORD:
                raise E.pipeline_error(f"Invalid cifar100 file, failed to read data from: {path}, re-download "
                                       f"dataset(make sure it is CIFAR-100 binary version).")
            rec = raw.reshape(-1, self._RECORD)
            coarse.append(rec[:, 0].astype(np.uint32))
            fine.append(rec[:, 1].astype(np.uint32))
            images.append(rec[:, 2:].reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1))
        if not images:
            raise E.pipeline_error(f"Invalid data, Cifar100Dataset API can't read the data file (interface mismatch "
                                   f"or no data found). Check file in directory:{self.dataset_dir}")
        return np.ascontiguousarray(np.concatenate(images)), np.concatenate(coarse), np.concatenate(fine)

    def _class_ids(self):
        return {}


class EMnistDataset(MnistDataset):
    """EMNIST: files ``emnist-<name>-<train|test>-images-idx3-ubyte`` (and labels) in ``dataset_dir``.

    ``name`` is one of 'byclass', 'bymerge', 'balanced', 'letters', 'digits', 'mnist'.
    """

    _label = ("EMnist", "emnist")

    def __init__(self, dataset_dir, name, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        V.type_check(name, (str,), "name")
        valid = ["byclass", "bymerge", "balanced", "letters", "digits", "mnist"]
        if name not in valid:
            raise ValueError(f"Input name is not within the valid set of {valid}.")
        self.name = name
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle, sampler, num_shards,
                         shard_id, cache)

    def _walk(self):
        prefix = f"emnist-{self.name}" + {"train": "-train", "test": "-test"}.get(self.usage, "")
        images, labels = [], []
        for entry in os.scandir(self.dataset_dir):
            if prefix in entry.name and "-images-idx3-ubyte" in entry.name:
                images.append(entry.path)
            elif prefix in entry.name and "-labels-idx1-ubyte" in entry.name:
                labels.append(entry.path)
        images.sort()
        labels.sort()
        if len(images) != len(labels):
            raise E.pipeline_error(f"Invalid data, num of image files should be equal to num of label files under "
                                   f"{os.path.realpath(self.dataset_dir)}, but got num of images: {len(images)}, num "
                                   f"of labels: {len(labels)}.")
        return images, labels


class ImageFolderDataset(MappableDataset):
    """Images in one sub-folder per class: ``image`` (the file's bytes, uint8 1-D, or the decoded HWC RGB
    image with ``decode=True``) and ``label`` int32, the class index in sorted folder-name order (or
    ``class_indexing``). Files are read in sorted order within each class.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.ImageFolderDataset("flowers/train", decode=True, extensions=[".jpg"])
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 extensions=None, class_indexing=None, decode=False, num_shards=None, shard_id=None, cache=None,
                 decrypt=None):
        V.check_dataset_dir(dataset_dir)
        V.type_check(decode, (bool,), "decode")
        if extensions is not None:
            V.type_check(extensions, (list,), "extensions")
        if class_indexing is not None:
            V.type_check(class_indexing, (dict,), "class_indexing")
        super().__init__(num_samples, shuffle, num_shards, shard_id, sampler, num_parallel_workers)
        self.dataset_dir = os.fspath(dataset_dir)
        self.extensions = list(extensions or [])
        self.class_indexing = dict(class_indexing or {})
        self.decode = decode
        self._pairs = None

    def _scan(self):
        if self._pairs is not None:
            return self._pairs
        root = self.dataset_dir.rstrip("/")
        folders = sorted(e.name for e in os.scandir(root) if e.is_dir()
                         and (not self.class_indexing or e.name in self.class_indexing))
        pairs = []
        for k, folder in enumerate(folders):
            files = sorted(e.name for e in os.scandir(os.path.join(root, folder))
                           if not self.extensions or os.path.splitext(e.name)[1] in self.extensions)
            label = self.class_indexing[folder] if self.class_indexing else k
            pairs.extend((os.path.join(root, folder, f), label) for f in files)
        if not pairs:
            raise E.pipeline_error(f"Invalid data, ImageFolderDataset API can't read the data file (interface "
                                   f"mismatch or no data found). Check image folder file path: {root}/")
        self._pairs = pairs
        return pairs

    def _columns(self):
        return ["image", "label"]

    def _len(self):
        return len(self._scan())

    def _get(self, index):
        path, label = self._scan()[index]
        data = np.fromfile(path, dtype=np.uint8)
        if self.decode:
            from ..vision.transforms import _decode
            try:
                data = _decode(data)
            except Exception:
                raise E.pipeline_error(f"Invalid image, {path} decode failed, the image is broken or permission "
                                       f"denied.") from None
        return data, np.array(label, np.int32)

    def _class_ids(self):
        out = {}
        for i, (_, lab) in enumerate(self._scan()):
            out.setdefault(int(lab), []).append(i)
        return out

    def get_class_indexing(self):
        """{folder name: label}: ``class_indexing`` if given, else sorted folder names numbered from 0."""
        if self.class_indexing:
            return dict(self.class_indexing)
        root = self.dataset_dir.rstrip("/")
        return {name: i for i, name in enumerate(sorted(e.name for e in os.scandir(root) if e.is_dir()))}

    def num_classes(self):
        return len(self.get_class_indexing())


def _files_arg(dataset_files, what):
    if isinstance(dataset_files, str):
        files = sorted(glob.glob(dataset_files))
        if not files:
            raise ValueError(f"The following patterns did not match any files: {dataset_files}")
        return files
    V.type_check(dataset_files, (list,), "dataset_files")
    if not dataset_files:
        raise ValueError("dataset_files should not be empty.")
    for f in dataset_files:
        if not os.path.isfile(f):
            raise ValueError(f"The file {f} does not exist or permission denied!")
    return list(dataset_files)


def _shuffle_mode(shuffle):
    if shuffle is None or shuffle is True:
        return "global"
    if shuffle is False:
        return "false"
    value = getattr(shuffle, "value", shuffle)
    if value not in ("global", "files", "false"):
        raise ValueError(f"Invalid shuffle mode: {shuffle}.")
    return value


class _LineDataset(SourceDataset):
    """A non-mappable file source: files in sorted order (shuffled as MindSpore shuffles file keys
    with ``Shuffle.FILES``/``GLOBAL``), rows in file order, then with ``Shuffle.GLOBAL`` MindSpore's
    shuffle buffer of ``min(4 * rows per file, 10000)`` rows."""

    def __init__(self, dataset_files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id):
        super().__init__(num_parallel_workers=num_parallel_workers)
        self.dataset_files = sorted(_files_arg(dataset_files, "dataset_files"))
        V.check_num_samples(num_samples)
        V.check_shard(num_shards, shard_id)
        self.num_samples = num_samples or None
        self.shuffle = _shuffle_mode(shuffle)
        self.num_shards, self.shard_id = num_shards, shard_id
        self._cache = {}

    def _rows_of(self, path):
        if path not in self._cache:
            self._cache[path] = self._read(path)
        return self._cache[path]

    def is_shuffled(self):
        return self.shuffle != "false"

    def is_sharded(self):
        return self.num_shards is not None and self.num_shards > 1

    def _pass_rows(self, st):
        files = list(self.dataset_files)
        if self.shuffle != "false":
            if (self.num_shards or 1) == 1:
                g = R.MT19937(S._get_seed())
            else:
                st["seed"] = st.get("seed", 0) + 1
                g = R.MT19937(st["seed"])
            keys = st.setdefault("keys", list(range(len(files))))  # reshuffled in place every epoch
            R.shuffle(keys, g)
            files = [files[k] for k in keys]
        rows = self._interleave(files)
        if self.num_shards is not None:
            per = -(-len(rows) // self.num_shards)
            rows = (rows * 2)[self.shard_id * per:(self.shard_id + 1) * per] if rows else rows
        if self.num_samples is not None:
            rows = rows[:self.num_samples]
        return rows

    def _interleave(self, files):
        """Rows as MindSpore's parallel readers deliver them: file k goes to worker k % W, each worker
        reads its files in turn, and the output takes one row from each busy worker in turn."""
        from .. import config
        workers = self.num_parallel_workers or config.get_num_parallel_workers()
        queues = [[r for f in files[w::workers] for r in self._rows_of(f)] for w in range(workers)]
        queues = [q for q in queues if q]
        out = []
        pos = [0] * len(queues)
        while queues:
            keep = []
            for q, p in zip(queues, pos):
                out.append(q[p])
                if p + 1 < len(q):
                    keep.append((q, p + 1))
            queues = [q for q, _ in keep]
            pos = [p for _, p in keep]
        return out

    def _iter(self, ctx):
        st = ctx.state(self, dict)
        rows = self._pass_rows(st)
        if self.shuffle != "global":
            yield from rows
            return
        total = builtins_sum(len(self._rows_of(f)) for f in self.dataset_files)
        n_dev = self.num_shards or 1
        per_dev = total // n_dev if total % n_dev == 0 else total // n_dev + 1
        avg = per_dev // len(self.dataset_files)
        size = min(avg * 4, 10000) if avg else 10000
        if "gen" not in st:  # the injected ShuffleOp, reshuffling each epoch by continuing its generator
            st["gen"] = R.MT19937_64(S._get_seed())
        gen = st["gen"]
        buf = list(rows[:size])
        rest = iter(rows[size:])
        active = len(buf) == size
        last = len(buf) - 1
        while last >= 0:
            slot = gen() % (last + 1)
            out = buf[slot]
            if slot != last:
                buf[slot] = buf[last]
            if active:
                nxt = next(rest, None)
                if nxt is None:
                    active = False
                else:
                    buf[last] = nxt
            if not active:
                last -= 1
            yield out

    def _size(self):
        total = builtins_sum(len(self._rows_of(f)) for f in self.dataset_files)
        if self.num_shards is not None:
            total = -(-total // self.num_shards)
        return total if self.num_samples is None else min(total, self.num_samples)


builtins_sum = sum


class TextFileDataset(_LineDataset):
    """One row per line of the text files: column ``text`` (a string).

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.TextFileDataset(["a.txt", "b.txt"], shuffle=False)
    """

    def __init__(self, dataset_files, num_samples=None, num_parallel_workers=None, shuffle=True, num_shards=None,
                 shard_id=None, cache=None):
        super().__init__(dataset_files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _columns(self):
        return ["text"]

    def _read(self, path):
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        return [(np.array(ln.rstrip(b"\r").decode("utf-8")),) for ln in lines]


class CSVDataset(_LineDataset):
    """Rows of CSV files. ``column_defaults`` gives each column's type (int, float or str, by the type
    of its default value, used for empty fields); without it every column is a string. Without
    ``column_names`` the first line of each file is the header.
    """

    def __init__(self, dataset_files, field_delim=",", column_defaults=None, column_names=None, num_samples=None,
                 num_parallel_workers=None, shuffle=True, num_shards=None, shard_id=None, cache=None):
        V.type_check(field_delim, (str,), "field_delim")
        if field_delim in ('"', "\r", "\n") or len(field_delim) > 1:
            raise ValueError("field_delim is invalid.")
        if column_defaults is not None:
            V.type_check(column_defaults, (list,), "column_defaults")
            for i, v in enumerate(column_defaults):
                if not isinstance(v, (str, int, float)) or isinstance(v, bool):
                    raise TypeError("column type in column_defaults is invalid.")
        self.field_delim = field_delim
        self.column_defaults = column_defaults
        self.column_names = V.to_str_list(column_names, "column_names") if column_names is not None else None
        super().__init__(dataset_files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _columns(self):
        if self.column_names is not None:
            return list(self.column_names)
        with open(self.dataset_files[0], newline="") as f:
            return next(csv.reader(f, delimiter=self.field_delim))

    def _convert(self, k, field):
        default = self.column_defaults[k] if self.column_defaults and k < len(self.column_defaults) else ""
        if isinstance(default, str):
            return np.array(field if field != "" else default)
        try:
            if isinstance(default, int):
                return np.array(int(field), np.int32)
            return np.array(float(field), np.float32)
        except ValueError:
            raise E.pipeline_error(f"Invalid csv, csv file: {self._current} parse failed at line {self._line}, "
                                   f"type does not match.") from None

    def _read(self, path):
        with open(path, newline="") as f:
            lines = list(csv.reader(f, delimiter=self.field_delim))
        first = 1 if self.column_names is None else 0  # MindSpore counts lines from 0, the header included
        width = len(self._columns())
        rows = []
        self._current = path
        for i, fields in enumerate(lines[first:], first):
            self._line = i
            if not fields:
                continue
            if len(fields) != width:
                raise E.pipeline_error(f"Invalid columns, the number of columns does not match the number of column "
                                       f"names, got {len(fields)} and {width}.")
            rows.append(tuple(self._convert(k, v) for k, v in enumerate(fields)))
        return rows


class PaddedDataset(MappableDataset):
    """Rows given as a list of dicts with the same keys (used to pad a sharded dataset with ``concat``).

    Examples:
        >>> import numpy as np, mindjax.dataset as ds
        >>> d = ds.PaddedDataset([{"image": np.zeros(2, np.uint8)}, {"image": np.ones(2, np.uint8)}])
        >>> d.get_dataset_size()
        2
    """

    def __init__(self, padded_samples):
        V.type_check(padded_samples, (list,), "padded_samples")
        if not padded_samples:
            raise ValueError("padded_samples cannot be empty.")
        names = None
        for i, s in enumerate(padded_samples):
            V.type_check(s, (dict,), f"padded_samples[{i}]")
            if names is None:
                names = list(s.keys())
            elif set(s.keys()) != set(names):
                raise ValueError("The keys of all padded_samples should be the same.")
        super().__init__(shuffle=False)
        self.padded_samples = padded_samples
        self._names = names

    def _columns(self):
        return list(self._names)

    def _len(self):
        return len(self.padded_samples)

    def _get(self, index):
        s = self.padded_samples[index]
        return tuple(np.asarray(s[k]) for k in self._names)
