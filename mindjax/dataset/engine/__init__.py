"""``mindspore.dataset.engine``: the dataset classes and iterators."""
from .datasets import *  # noqa: F401,F403
from .sources import *  # noqa: F401,F403
from .sources import __all__ as _src_all
from .datasets import __all__ as _ds_all
from .iterators import Iterator, TupleIterator, DictIterator
from .samplers import *  # noqa: F401,F403
from .samplers import __all__ as _s_all
from .sources_more import *  # noqa: F401,F403
from .sources_more import __all__ as _more_all
from .sources_voc import VOCDataset
from .sources_coco import CocoDataset
from .schema import Schema
from .sources_random import RandomDataset
from .sources_celeba import CelebADataset
from .sources_mindrecord import MindDataset
from .sources_text import *  # noqa: F401,F403
from .sources_text import __all__ as _text_all
from .sources_text import CLUEDataset, SQuADDataset
from .sources_folders2 import *  # noqa: F401,F403
from .sources_folders2 import __all__ as _folders2_all
from .sources_folders3 import *  # noqa: F401,F403
from .sources_folders3 import __all__ as _folders3_all
from .sources_tfrecord import TFRecordDataset
from .sources_audio import *  # noqa: F401,F403
from .sources_audio import __all__ as _audio_all

__all__ = list(_ds_all) + list(_src_all) + ["Iterator", "TupleIterator", "DictIterator"] + list(_s_all) + list(_more_all) + ["VOCDataset", "CocoDataset", "Schema", "RandomDataset", "CelebADataset"]
__all__ += ["MindDataset", "TFRecordDataset", "CLUEDataset", "SQuADDataset"] + list(_text_all)
__all__ += list(_folders2_all) + list(_folders3_all) + list(_audio_all)
from .serializer import serialize, deserialize, show, compare  # noqa: E402
__all__ += ["serialize", "deserialize", "show", "compare"]
from .sources_folders4 import *  # noqa: F401,F403,E402
from .sources_folders4 import __all__ as _folders4_all  # noqa: E402
from .sources_audio2 import *  # noqa: F401,F403,E402
from .sources_audio2 import __all__ as _audio2_all  # noqa: E402
from .sources_text2 import *  # noqa: F401,F403,E402
from .sources_text2 import __all__ as _text2_all  # noqa: E402
__all__ += list(_folders4_all) + list(_audio2_all) + list(_text2_all)
from .obs_sync import sync_wait_for_dataset  # noqa: E402
__all__ += ["sync_wait_for_dataset"]
# MindSpore's per-family modules (``engine.datasets_vision``...), after every class is defined
from . import datasets_vision, datasets_text, datasets_audio, datasets_standard_format, datasets_user_defined  # noqa: E402,F401
