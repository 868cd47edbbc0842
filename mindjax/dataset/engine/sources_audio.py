"""Audio sources in MindSpore's folder layouts: YesNo, SpeechCommands, LJSpeech, CMU Arctic and LibriTTS.

The ``waveform`` column is the WAV file's PCM samples as float32 (16-bit samples divided by 32767, as
MindSpore's readers do), shape
(channels, samples).
"""
import os
import re
import wave

import numpy as np

from . import _errors as E
from . import validators as V
from .datasets import MappableDataset

__all__ = ["YesNoDataset", "SpeechCommandsDataset", "LJSpeechDataset", "CMUArcticDataset",
           "LibriTTSDataset"]


def read_wav(path, full_scale=32767.0):
    """(waveform float32 (channels, n), sample rate) of a PCM WAV file; 16-bit samples are divided by
    ``full_scale`` (32767, as MindSpore's readers do)."""
    try:
        with wave.open(path, "rb") as w:
            channels, width, rate = w.getnchannels(), w.getsampwidth(), w.getframerate()
            data = w.readframes(w.getnframes())
    except (OSError, EOFError, wave.Error):
        raise E.pipeline_error(f"Invalid file, failed to open or read the wav file: {path}") from None
    if width == 1:
        x = (np.frombuffer(data, np.uint8).astype(np.float32) - 128.0) / 128.0
    elif width == 2:
        x = (np.frombuffer(data, "<i2").astype(np.float64) / full_scale).astype(np.float32)
    elif width == 4:
        x = (np.frombuffer(data, "<i4").astype(np.float64) / 2147483648.0).astype(np.float32)
    else:
        raise E.pipeline_error(f"Invalid file, unsupported sample width {width * 8} bits in wav file: {path}")
    return np.ascontiguousarray(x.reshape(-1, channels).T), rate


class _Audio(MappableDataset):
    """A mappable audio source: ``_list()`` gives the rows' descriptions, ``_row()`` reads one."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None):
        V.check_dataset_dir(dataset_dir)
        super().__init__(num_samples, shuffle, num_shards, shard_id, sampler, num_parallel_workers)
        self.dataset_dir = os.fspath(dataset_dir)
        self._items = None

    def _scan(self):
        if self._items is None:
            self._items = self._list()
        return self._items

    def _columns(self):
        return list(self._names)

    def _len(self):
        return len(self._scan())

    def _get(self, index):
        return self._row(self._scan()[index])


class YesNoDataset(_Audio):
    """YesNo: ``*.wav`` files named by their 8 yes/no labels (``1_0_0_1_1_0_1_0.wav``); columns
    ``waveform``, ``sample_rate`` int32, ``label`` int32 (8,). Files in directory order, as MindSpore.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.YesNoDataset("waves_yesno", shuffle=False)
    """

    _names = ("waveform", "sample_rate", "label")

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _list(self):
        names = [n for n in os.listdir(self.dataset_dir) if n.endswith(".wav")]
        if not names:
            raise E.pipeline_error(f"Invalid file, no .wav files found under {self.dataset_dir}")
        return [os.path.join(self.dataset_dir, n) for n in names]

    def _row(self, path):
        wav, rate = read_wav(path)
        label = [int(v) for v in os.path.basename(path)[:-4].split("_")]
        return wav, np.array(rate, np.int32), np.array(label, np.int32)


class SpeechCommandsDataset(_Audio):
    """Speech Commands: ``<word>/<speaker>_nohash_<n>.wav``; ``usage`` 'valid' / 'test' read the files
    of ``validation_list.txt`` / ``testing_list.txt``, 'train' the others, 'all' every one. Columns
    ``waveform``, ``sample_rate`` int32, ``label`` (the word), ``speaker_id``, ``utterance_number`` int32.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.SpeechCommandsDataset("speech_commands", usage="test", shuffle=False)
    """

    _names = ("waveform", "sample_rate", "label", "speaker_id", "utterance_number")

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        V.check_usage(usage, ["train", "test", "valid", "all"])
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.usage = usage or "all"

    def _split(self, name):
        path = os.path.join(self.dataset_dir, name)
        if not os.path.isfile(path):
            return set()
        with open(path, encoding="utf-8") as f:
            return {ln.strip() for ln in f if ln.strip()}

    def _list(self):
        rel = []
        for word in sorted(os.listdir(self.dataset_dir)):
            folder = os.path.join(self.dataset_dir, word)
            if word == "_background_noise_" or not os.path.isdir(folder):
                continue
            rel.extend(f"{word}/{n}" for n in sorted(os.listdir(folder)) if n.endswith(".wav"))
        if not rel:
            raise E.pipeline_error(f"Invalid file, failed to open directory: {self.dataset_dir}")
        valid, test = self._split("validation_list.txt"), self._split("testing_list.txt")
        pick = {"valid": lambda r: r in valid, "test": lambda r: r in test,
                "train": lambda r: r not in valid and r not in test, "all": lambda r: True}[self.usage]
        return sorted(r for r in rel if pick(r))

    def _row(self, rel):
        wav, rate = read_wav(os.path.join(self.dataset_dir, rel))
        word, name = rel.split("/", 1)
        speaker, _, num = name[:-4].partition("_nohash_")
        return wav, np.array(rate, np.int32), np.array(word), np.array(speaker), np.array(int(num), np.int32)


class LJSpeechDataset(_Audio):
    """LJ Speech: ``metadata.csv`` lines ``id|transcription|normalized`` and ``wavs/<id>.wav``;
    columns ``waveform``, ``sample_rate`` int32, ``transcription``, ``normalized_transcription``.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.LJSpeechDataset("LJSpeech-1.1", shuffle=False)
    """

    _names = ("waveform", "sample_rate", "transcription", "normalized_transcription")

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _list(self):
        meta = os.path.join(self.dataset_dir, "metadata.csv")
        if not os.path.isfile(meta):
            raise E.pipeline_error(f"Invalid file, failed to find LJSpeech metadata file: {meta}")
        items = []
        with open(meta, encoding="utf-8") as f:
            for line in f.read().split("\n"):
                if line:
                    parts = line.split("|")
                    items.append((parts[0], parts[1] if len(parts) > 1 else "", parts[2] if len(parts) > 2 else ""))
        return items

    def _row(self, item):
        wav, rate = read_wav(os.path.join(self.dataset_dir, "wavs", item[0] + ".wav"))
        return wav, np.array(rate, np.int32), np.array(item[1]), np.array(item[2])


class CMUArcticDataset(_Audio):
    """CMU Arctic: ``cmu_us_<name>_arctic/etc/txt.done.data`` and ``wav/arctic_<id>.wav``; columns
    ``waveform``, ``sample_rate`` uint32, ``transcript``, ``utterance_id``. ``name`` defaults to 'aew'.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.CMUArcticDataset("cmu_arctic", name="slt", shuffle=False)
    """

    _names = ("waveform", "sample_rate", "transcript", "utterance_id")
    _NAMES = ["aew", "ahw", "aup", "awb", "axb", "bdl", "clb", "eey", "fem", "gka", "jmk", "ksp", "ljm", "lnh",
              "rms", "rxr", "slp", "slt"]
    _LINE = re.compile(r'^\(\s*arctic_(\S+)\s+"(.*)"\s*\)\s*$')

    def __init__(self, dataset_dir, name=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        if name is not None:
            V.type_check(name, (str,), "name")
            if name not in self._NAMES:
                raise ValueError(f"Input name is not within the valid set of {self._NAMES}.")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.name = name or "aew"

    def _list(self):
        base = os.path.join(self.dataset_dir, f"cmu_us_{self.name}_arctic")
        label = os.path.join(base, "etc", "txt.done.data")
        if not os.path.isfile(label):
            raise E.pipeline_error(f"Invalid file, failed to find label file: {label}")
        items = []
        with open(label, encoding="utf-8") as f:
            for line in f:
                m = self._LINE.match(line.strip())
                if m:
                    items.append((os.path.join(base, "wav", f"arctic_{m.group(1)}.wav"), m.group(2), m.group(1)))
        return items

    def _row(self, item):
        wav, rate = read_wav(item[0])
        return wav, np.array(rate, np.uint32), np.array(item[1]), np.array(item[2])


class LibriTTSDataset(_Audio):
    """LibriTTS: ``<usage>/<speaker>/<chapter>/<speaker>_<chapter>.trans.tsv`` (lines ``utterance\\t
    original\\tnormalized``) and ``<utterance>.wav``; columns ``waveform``, ``sample_rate`` uint32,
    ``original_text``, ``normalized_text``, ``speaker_id`` uint32, ``chapter_id`` uint32,
    ``utterance_id``. ``usage`` a subset name (dev-clean, ...) or 'all'.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.LibriTTSDataset("LibriTTS", usage="dev-clean", shuffle=False)
    """

    _names = ("waveform", "sample_rate", "original_text", "normalized_text", "speaker_id", "chapter_id",
              "utterance_id")
    _USAGES = ["dev-clean", "dev-other", "test-clean", "test-other", "train-clean-100", "train-clean-360",
               "train-other-500"]

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        V.check_usage(usage, self._USAGES + ["all"])
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.usage = usage or "all"

    def _list(self):
        items = []
        for usage in (self._USAGES if self.usage == "all" else [self.usage]):
            top = os.path.join(self.dataset_dir, usage)
            if not os.path.isdir(top):
                continue
            for spk in sorted(os.listdir(top)):
                for ch in sorted(os.listdir(os.path.join(top, spk))):
                    folder = os.path.join(top, spk, ch)
                    tsv = os.path.join(folder, f"{spk}_{ch}.trans.tsv")
                    if not os.path.isfile(tsv):
                        continue
                    with open(tsv, encoding="utf-8") as f:
                        for line in f.read().split("\n"):
                            if line.strip():
                                utt, orig, norm = (line.split("\t") + ["", ""])[:3]
                                items.append((os.path.join(folder, utt + ".wav"), orig, norm, spk, ch, utt))
        if not items:
            raise E.pipeline_error(f"Invalid data, no valid data matching the dataset API LibriTTSDataset. Please "
                                   f"check dataset API or file path: {self.dataset_dir}.")
        return items

    def _row(self, item):
        wav, rate = read_wav(item[0])
        return (wav, np.array(rate, np.uint32), np.array(item[1]), np.array(item[2]),
                np.array(int(item[3]), np.uint32), np.array(int(item[4]), np.uint32), np.array(item[5]))
