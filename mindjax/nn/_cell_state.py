"""Cell buffers and state dicts (MindSpore 2.10's ``register_buffer``, ``named_buffers``,
``state_dict``, ``load_state_dict`` and their hooks), mixed into ``nn.Cell``.

A buffer is a Tensor that belongs to a Cell's state without being a Parameter (not trained, not
in ``trainable_params``); a persistent one is saved by ``state_dict``.
"""
from __future__ import annotations

from collections import OrderedDict, namedtuple
from collections.abc import Mapping

import numpy as np

from .._tensor import Tensor
from .._autograd import hooks as H


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    """What ``load_state_dict`` returns: the keys the Cell expected and did not get, and the reverse."""

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


def _new_state_tables(d: dict) -> None:
    """The per-Cell tables (called from ``Cell.__init__``)."""
    d["_buffers"] = OrderedDict()
    d["_non_persistent_buffers_set"] = set()
    d["_state_dict_pre_hooks"] = OrderedDict()
    d["_state_dict_hooks"] = OrderedDict()
    d["_load_state_dict_pre_hooks"] = OrderedDict()
    d["_load_state_dict_post_hooks"] = OrderedDict()


class _CellStateMixin:
    """Buffers and state dicts of ``nn.Cell`` (see the module docstring)."""

    @property
    def pipeline_stage(self) -> int:
        """The pipeline stage set on this Cell (an AttributeError until one is set, as in MindSpore)."""
        d = self.__dict__
        if "_pipeline_stage" not in d:
            raise AttributeError(f"The '{type(self).__name__}' object has no attribute 'pipeline_stage'.")
        return d["_pipeline_stage"]

    @pipeline_stage.setter
    def pipeline_stage(self, value) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"For 'Cell', the property 'pipeline_stage' must be int type, but got type : "
                            f"{type(value)}")
        if value < 0:
            raise ValueError(f"For 'Cell', the property 'pipeline_stage' can not be less than 0, but got {value}")
        self.__dict__["_pipeline_stage"] = value

    def register_buffer(self, name: str, tensor, persistent: bool = True) -> None:
        """Adds ``tensor`` (a Tensor or None) to the Cell as the buffer ``name``, readable as ``self.name``.

        Examples:
            >>> import mindjax as ms
            >>> net = ms.nn.Cell()
            >>> net.register_buffer("running", ms.Tensor([1.0, 2.0]))
            >>> [k for k, _ in net.named_buffers()]
            ['running']
        """
        if "_buffers" not in self.__dict__:
            raise AttributeError("cannot assign buffer before Cell.__init__() call")
        if not isinstance(name, str):
            raise TypeError(f"buffer name should be a string.But got this type: {type(name)}")
        if "." in name:
            raise KeyError('buffer name can\'t contain "."')
        if name == "":
            raise KeyError('buffer name can\'t be empty string ""')
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError(f"attribute '{name}' already exists")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"cannot assign '{type(tensor)}' object to buffer '{name}' "
                            "(mindspore Tensor or None required)")
        if tensor is not None:
            tensor.__dict__["_is_buffer"] = True
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def get_sub_cell(self, target: str):
        """The sub Cell at the dotted path ``target`` (``""`` is the Cell itself)."""
        cell = self
        if target == "":
            return cell
        for item in target.split("."):
            if not hasattr(cell, item):
                raise AttributeError(f"{type(cell).__name__} has no attribute `{item}`")
            cell = getattr(cell, item)
            if not isinstance(cell, _CellStateMixin):
                raise AttributeError(f"`{item}` is not an nn.Cell")
        return cell

    def get_buffer(self, target: str) -> Tensor:
        """The buffer at the dotted path ``target`` (``"sub.buf"``); AttributeError if there is none."""
        cell_path, _, name = target.rpartition(".")
        cell = self.get_sub_cell(cell_path)
        if not hasattr(cell, name):
            raise AttributeError(f"{type(cell).__name__} has no attribute `{name}`")
        if name not in cell._buffers:
            raise AttributeError(f"`{name}` is not a buffer")
        return getattr(cell, name)

    def named_buffers(self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True):
        """(name, buffer) pairs: this Cell's buffers, then (with ``recurse``) those of its sub Cells."""
        seen = set()
        cells = self.cells_and_names(name_prefix=prefix) if recurse else [(prefix, self)]
        for cprefix, cell in cells:
            for k, v in cell._buffers.items():
                if v is None or id(v) in seen:
                    continue
                if remove_duplicate:
                    seen.add(id(v))
                yield (f"{cprefix}.{k}" if cprefix else k), v

    def buffers(self, recurse: bool = True):
        """The buffers of ``named_buffers``, without their names."""
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    # ---- state dicts ------------------------------------------------------------------------------
    def register_state_dict_pre_hook(self, hook):
        """``hook(cell, prefix, keep_vars)`` runs before ``state_dict`` collects this Cell's state."""
        handle = H.RemovableHandle(self._state_dict_pre_hooks)
        self._state_dict_pre_hooks[handle.id] = hook
        return handle

    def register_state_dict_post_hook(self, hook):
        """``hook(cell, state_dict, prefix, local_metadata)`` runs after; it may change the dict in place."""
        handle = H.RemovableHandle(self._state_dict_hooks)
        self._state_dict_hooks[handle.id] = hook
        return handle

    def register_load_state_dict_pre_hook(self, hook):
        """``hook(cell, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)``
        runs before ``load_state_dict`` copies this Cell's state."""
        handle = H.RemovableHandle(self._load_state_dict_pre_hooks)
        self._load_state_dict_pre_hooks[handle.id] = hook
        return handle

    def register_load_state_dict_post_hook(self, hook):
        """``hook(cell, incompatible_keys)`` runs after ``load_state_dict``; it may edit the key lists."""
        handle = H.RemovableHandle(self._load_state_dict_post_hooks)
        self._load_state_dict_post_hooks[handle.id] = hook
        return handle

    def _local_state(self) -> dict:
        bufs = {k: v for k, v in self._buffers.items() if k not in self._non_persistent_buffers_set}
        return {k: v for k, v in list(self._params.items()) + list(bufs.items()) if v is not None}

    def state_dict(self, *args, destination=None, prefix: str = "", keep_vars: bool = False):
        """An OrderedDict of the Parameters and persistent buffers (the objects themselves), keyed by
        their attribute paths: each Cell's Parameters, its buffers, then its sub Cells'.

        Examples:
            >>> import mindjax as ms
            >>> list(ms.nn.Dense(2, 3).state_dict())
            ['weight', 'bias']
        """
        if args:  # deprecated positional form: destination, prefix, keep_vars
            destination = args[0] if destination is None else destination
            prefix = args[1] if len(args) > 1 and prefix == "" else prefix
            keep_vars = args[2] if len(args) > 2 and keep_vars is False else keep_vars
        if destination is not None and not isinstance(destination, dict):
            raise TypeError(f"The type of destination must be OrderedDict, but got {type(destination)}")
        if not isinstance(prefix, str):
            raise TypeError(f"The type of prefix must be string, but got {type(prefix)}")
        if not isinstance(keep_vars, bool):
            raise TypeError(f"The type of keep_vars must be bool, but got {type(keep_vars)}")
        if destination is None:
            destination = OrderedDict()
            destination._metadata = OrderedDict()
        local_metadata = {}
        if hasattr(destination, "_metadata"):
            destination._metadata[prefix[:-1]] = local_metadata
        for hook in self._state_dict_pre_hooks.values():
            hook(self, prefix, keep_vars)
        for k, v in self._local_state().items():
            destination[prefix + k] = v
        for name, cell in self._cells.items():
            if cell is not None:
                cell.state_dict(destination=destination, prefix=prefix + name + ".", keep_vars=keep_vars)
        for hook in self._state_dict_hooks.values():
            if hook(self, destination, prefix, local_metadata) is not None:
                raise RuntimeError("state_dict post-hook must return None")
        return destination

    def _load_local(self, state, prefix, metadata, missing, unexpected, errors):
        for hook in self._load_state_dict_pre_hooks.values():
            hook(self, state, prefix, metadata, True, missing, unexpected, errors)
        local = self._local_state()
        for name, target in local.items():
            key = prefix + name
            if key not in state:
                missing.append(key)
                continue
            value = state[key]
            if not isinstance(value, Tensor):
                errors.append(f'While copying the parameter named "{key}", expected Tensor or Tensor-like object '
                              f"from checkpoint but received {type(value)}")
                continue
            if tuple(value.shape) != tuple(target.shape):
                errors.append(f"size mismatch for {key}: copying a param with shape {value.shape} from checkpoint, "
                              f"the shape in current model is {target.shape}.")
                continue
            new = Tensor(np.asarray(value.asnumpy()), dtype=target.dtype)
            if hasattr(target, "set_data"):
                target.set_data(new)
            else:  # a buffer: the Tensor the Cell holds takes the value in place
                target._data = new._data
        for key in state:
            if key.startswith(prefix):
                head = key[len(prefix):].split(".", 1)
                if (len(head) > 1 and head[0] not in self._cells) or (len(head) == 1 and head[0] not in local):
                    unexpected.append(key)

    def load_state_dict(self, state_dict: Mapping, strict: bool = True):
        """Copies the values of ``state_dict`` (as ``state_dict()`` or ``load_checkpoint`` returns) into the
        Parameters and persistent buffers of the same keys; returns the missing and unexpected keys
        (with ``strict`` a RuntimeError lists them).

        Examples:
            >>> import mindjax as ms
            >>> net = ms.nn.Dense(2, 3)
            >>> print(net.load_state_dict(ms.nn.Dense(2, 3).state_dict()))
            <All keys matched successfully>
        """
        if not isinstance(state_dict, Mapping):
            raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")
        missing, unexpected, errors = [], [], []
        metadata = getattr(state_dict, "_metadata", None)
        state_dict = OrderedDict(state_dict)

        def load(cell, local_state, prefix=""):
            meta = {} if metadata is None else metadata.get(prefix[:-1], {})
            cell._load_local(local_state, prefix, meta, missing, unexpected, errors)
            for name, child in cell._cells.items():
                if child is not None:
                    p = prefix + name + "."
                    load(child, {k: v for k, v in local_state.items() if k.startswith(p)}, p)
            keys = _IncompatibleKeys(missing, unexpected)
            for hook in cell._load_state_dict_post_hooks.values():
                if hook(cell, keys) is not None:
                    raise RuntimeError("Hooks registered with ``register_load_state_dict_post_hook`` are not"
                                       "expected to return new values, if incompatible_keys need to be modified,"
                                       "it should be done inplace.")

        load(self, state_dict)
        if strict:
            if unexpected:
                errors.insert(0, "Unexpected key(s) in state_dict: {}. ".format(", ".join(f'"{k}"' for k in unexpected)))
            if missing:
                errors.insert(0, "Missing key(s) in state_dict: {}. ".format(", ".join(f'"{k}"' for k in missing)))
        if errors:
            raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(type(self).__name__,
                                                                                  "\n\t".join(errors)))
        return _IncompatibleKeys(missing, unexpected)
