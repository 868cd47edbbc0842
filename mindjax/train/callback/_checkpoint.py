"""CheckpointConfig and ModelCheckpoint: ``{prefix}-{epoch}_{step}.ckpt`` files, at most
``keep_checkpoint_max`` of them, each written atomically."""
from __future__ import annotations

import os
import stat
import time

from ._callback import Callback


def _non_negative_int(value, name):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"For 'CheckpointConfig', the argument '{name}' must be int and must >= 0, "
                         f"but got {value}.")
    return value


class CheckpointConfig:
    """When to save checkpoints and how many to keep."""

    def __init__(self, save_checkpoint_steps=1, save_checkpoint_seconds=0, keep_checkpoint_max=5,
                 keep_checkpoint_per_n_minutes=0, integrated_save=True, async_save=False, saved_network=None,
                 append_info=None, enc_key=None, enc_mode="AES-GCM", exception_save=False, crc_check=False,
                 remove_redundancy=False, format="ckpt", **kwargs):
        from ...nn.cell import Cell
        save_checkpoint_steps = _non_negative_int(save_checkpoint_steps, "save_checkpoint_steps")
        save_checkpoint_seconds = _non_negative_int(save_checkpoint_seconds, "save_checkpoint_seconds")
        keep_checkpoint_max = _non_negative_int(keep_checkpoint_max, "keep_checkpoint_max")
        keep_checkpoint_per_n_minutes = _non_negative_int(keep_checkpoint_per_n_minutes,
                                                          "keep_checkpoint_per_n_minutes")
        if saved_network is not None and not isinstance(saved_network, Cell):
            raise TypeError("For 'CheckpointConfig', the type of 'saved_network' must be None or Cell, "
                            f"but got {str(type(saved_network))}.")
        if not save_checkpoint_steps and not save_checkpoint_seconds and \
                not keep_checkpoint_max and not keep_checkpoint_per_n_minutes:
            raise ValueError("For 'CheckpointConfig', the input arguments 'save_checkpoint_steps', "
                             "'save_checkpoint_seconds', "
                             "'keep_checkpoint_max' and 'keep_checkpoint_per_n_minutes' can't be all None or 0.")
        if format not in ("ckpt", "safetensors"):
            raise ValueError(f"For 'save_checkpoint', format must be 'ckpt' or 'safetensors', but got {format}.")
        self.exception_save = exception_save
        self._save_checkpoint_steps = save_checkpoint_steps
        self._save_checkpoint_seconds = save_checkpoint_seconds
        if self._save_checkpoint_steps and self._save_checkpoint_steps > 0:
            self._save_checkpoint_seconds = None
        self._keep_checkpoint_max = keep_checkpoint_max
        self._keep_checkpoint_per_n_minutes = keep_checkpoint_per_n_minutes
        if self._keep_checkpoint_max and self._keep_checkpoint_max > 0:
            self._keep_checkpoint_per_n_minutes = None
        elif not self._keep_checkpoint_per_n_minutes:
            self._keep_checkpoint_max = 1
        self._integrated_save = integrated_save
        self._async_save = async_save
        self._saved_network = saved_network
        self._append_dict = self._handle_append_info(append_info)
        self._enc_key, self._enc_mode = enc_key, enc_mode
        self._crc_check = crc_check
        self._format = format
        self.remove_redundancy = remove_redundancy

    save_checkpoint_steps = property(lambda self: self._save_checkpoint_steps)
    save_checkpoint_seconds = property(lambda self: self._save_checkpoint_seconds)
    keep_checkpoint_max = property(lambda self: self._keep_checkpoint_max)
    keep_checkpoint_per_n_minutes = property(lambda self: self._keep_checkpoint_per_n_minutes)
    integrated_save = property(lambda self: self._integrated_save)
    async_save = property(lambda self: self._async_save)
    saved_network = property(lambda self: self._saved_network)
    enc_key = property(lambda self: self._enc_key)
    enc_mode = property(lambda self: self._enc_mode)
    crc_check = property(lambda self: self._crc_check)
    format = property(lambda self: self._format)
    append_dict = property(lambda self: self._append_dict)

    def get_checkpoint_policy(self):
        return {"save_checkpoint_steps": self.save_checkpoint_steps,
                "save_checkpoint_seconds": self.save_checkpoint_seconds,
                "keep_checkpoint_max": self.keep_checkpoint_max,
                "keep_checkpoint_per_n_minutes": self.keep_checkpoint_per_n_minutes,
                "saved_network": self.saved_network}

    @staticmethod
    def _handle_append_info(append_info):
        if append_info is None or append_info == []:
            return None
        if not isinstance(append_info, list):
            raise TypeError(f"The type of 'append_info' must be list, but got {str(type(append_info))}.")
        handle_append_info = {}
        if "epoch_num" in append_info:
            handle_append_info["epoch_num"] = 0
        if "step_num" in append_info:
            handle_append_info["step_num"] = 0
        dict_num = 0
        for element in append_info:
            if not isinstance(element, str) and not isinstance(element, dict):
                raise TypeError(f"The type of 'append_info' element must be str or dict, "
                                f"but got {str(type(element))}.")
            if isinstance(element, str) and element not in ("epoch_num", "step_num"):
                raise ValueError(f"The value of 'append_info' element must be 'epoch_num' or 'step_num', "
                                 f"but got {element}.")
            if isinstance(element, dict):
                dict_num += 1
                if dict_num > 1:
                    raise TypeError("The element of 'append_info' must has only one dict.")
                handle_append_info.update(element)
        return handle_append_info


def _make_directory(path):
    path = os.path.realpath(path)
    os.makedirs(path, exist_ok=True)
    return path


def _chg_ckpt_file_name_if_same_exist(directory, prefix):
    """MindSpore's rule: an existing ``prefix-*.ckpt`` makes this run use ``prefix_N``."""
    files = os.listdir(directory)
    suffix_num = 0
    pre_len = len(prefix)
    for filename in files:
        name_ext = os.path.splitext(filename)
        if name_ext[-1] not in (".ckpt", ".safetensors") or filename[-16:] == "_breakpoint.ckpt":
            continue
        if filename.find(prefix) == 0 and len(filename) > pre_len and not filename[pre_len].isalpha():
            index = filename[pre_len:].find("-")
            if index == 0:
                suffix_num = max(suffix_num, 1)
            elif index != -1:
                num = filename[pre_len + 1:pre_len + index]
                if num.isdigit():
                    suffix_num = max(suffix_num, int(num) + 1)
    if suffix_num != 0:
        prefix = f"{prefix}_{suffix_num}"
    return prefix


class CheckpointManager:
    """The checkpoint files of one prefix in one directory."""

    def __init__(self, format="ckpt"):
        self._ckpoint_filelist = []
        self._format = format

    @property
    def ckpoint_filelist(self):
        return self._ckpoint_filelist

    @property
    def ckpoint_num(self):
        return len(self._ckpoint_filelist)

    def update_ckpoint_filelist(self, directory, prefix):
        self._ckpoint_filelist = []
        ext = f".{self._format}"
        for filename in os.listdir(directory):
            if os.path.splitext(filename)[-1] == ext and filename.startswith(prefix + "-"):
                mid_name = filename[len(prefix):-len(ext)]
                if not any(c.isalpha() for c in mid_name):
                    self._ckpoint_filelist.append(os.path.join(directory, filename))

    def remove_ckpoint_file(self, file_name):
        try:
            os.chmod(file_name, stat.S_IWRITE | stat.S_IREAD)
            os.remove(file_name)
            self._ckpoint_filelist.remove(file_name)
        except (OSError, ValueError):
            pass

    @staticmethod
    def _age_key(path):
        # mtime first (as MindSpore); files written within one clock tick are ordered by epoch and step
        try:
            mtime = os.stat(path).st_mtime_ns
        except OSError:
            mtime = 0
        tail = os.path.splitext(os.path.basename(path))[0].rsplit("-", 1)[-1]
        nums = tuple(int(x) for x in tail.split("_") if x.isdigit())
        return (mtime, nums)

    def remove_oldest_ckpoint_file(self):
        self.remove_ckpoint_file(sorted(self._ckpoint_filelist, key=self._age_key)[0])

    def keep_one_ckpoint_per_minutes(self, minutes, cur_time):
        del_list = []
        oldest_file = ""
        oldest_time = cur_time
        for ck_file in self._ckpoint_filelist:
            modify_time = os.path.getmtime(ck_file)
            if cur_time - modify_time < 60 * minutes:
                del_list.append(ck_file)
                if modify_time < oldest_time:
                    oldest_time = modify_time
                    oldest_file = ck_file
        for mv_file in del_list:
            if mv_file != oldest_file:
                self.remove_ckpoint_file(mv_file)


class ModelCheckpoint(Callback):
    """Saves the training network every ``save_checkpoint_steps`` steps (and at the end) to
    ``{directory}/{prefix}-{epoch}_{step_in_epoch}.ckpt``, keeping the newest
    ``keep_checkpoint_max`` files.  Each file is written to a temporary name and renamed,
    so an interrupted run (Ctrl-C) leaves only complete checkpoints."""

    def __init__(self, prefix="CKP", directory=None, config=None):
        super().__init__()
        self._latest_ckpt_file_name = ""
        self._last_time = time.time()
        self._last_time_for_keep = time.time()
        self._last_triggered_step = 0
        self._prefix_func = None
        self._directory_func = None
        if not callable(prefix) and (not isinstance(prefix, str) or prefix.find("/") >= 0):
            raise ValueError("For 'ModelCheckpoint', the argument 'prefix' "
                             "for checkpoint file name is invalid, it must be "
                             "callable or string that does not contain '/', but got {}.".format(prefix))
        self._prefix = prefix
        if directory is not None:
            if callable(directory):
                self._directory_func = directory
            else:
                self._directory = _make_directory(directory)
        else:
            self._directory = os.path.realpath(os.getcwd())
        if callable(prefix):
            self._prefix_func = prefix
        if config is None:
            self._config = CheckpointConfig()
        else:
            if not isinstance(config, CheckpointConfig):
                raise TypeError("For 'ModelCheckpoint', the type of argument 'config' should be "
                                "'CheckpointConfig', but got {}.".format(type(config)))
            self._config = config
        self._manager = CheckpointManager(self._config.format)
        if not callable(directory) and not callable(prefix):
            self._prefix = _chg_ckpt_file_name_if_same_exist(self._directory, self._prefix)
        self._append_dict = self._config.append_dict or {}
        self._append_epoch_num = self._append_dict.get("epoch_num", 0)
        self._append_step_num = self._append_dict.get("step_num", 0)

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        if self._prefix_func:
            self._prefix = self._prefix_func(cb_params)
            if not isinstance(self._prefix, str) or self._prefix.find("/") >= 0:
                raise ValueError("For 'ModelCheckpoint', the argument 'prefix' "
                                 "for checkpoint file name is callable, it must return a "
                                 "string that does not contain '/', but got {}.".format(self._prefix))
        if self._directory_func:
            self._directory = _make_directory(self._directory_func(cb_params))
        self._save_ckpt(cb_params)

    def end(self, run_context):
        self._save_ckpt(run_context.original_args(), True)

    def _check_save_ckpt(self, cb_params, force_to_save):
        if self._config.save_checkpoint_steps and self._config.save_checkpoint_steps > 0:
            if cb_params.cur_step_num >= self._last_triggered_step + self._config.save_checkpoint_steps \
                    or force_to_save is True:
                return True
        elif self._config.save_checkpoint_seconds and self._config.save_checkpoint_seconds > 0:
            cur_time = time.time()
            if (cur_time - self._last_time) > self._config.save_checkpoint_seconds or force_to_save:
                self._last_time = cur_time
                return True
        return False

    def _save_ckpt(self, cb_params, force_to_save=False):
        from ..serialization import save_checkpoint
        if cb_params.cur_step_num == self._last_triggered_step:
            return
        if not self._check_save_ckpt(cb_params, force_to_save):
            return
        step_num_in_epoch = int((cb_params.cur_step_num - 1) % cb_params.batch_num + 1)
        fmt = self._config.format
        if self._prefix_func:
            cur_ckpoint_file = self._prefix + f".{fmt}"
        else:
            cur_ckpoint_file = f"{self._prefix}-{cb_params.cur_epoch_num}_{step_num_in_epoch}.{fmt}"
        self._manager.update_ckpoint_filelist(self._directory, self._prefix)
        keep_max = self._config.keep_checkpoint_max
        cur_file = os.path.join(self._directory, cur_ckpoint_file)
        self._last_time_for_keep = time.time()
        self._last_triggered_step = cb_params.cur_step_num
        if "epoch_num" in self._append_dict:
            self._append_dict["epoch_num"] = self._append_epoch_num + cb_params.cur_epoch_num
        if "step_num" in self._append_dict:
            self._append_dict["step_num"] = self._append_step_num + cb_params.cur_step_num
        minutes = self._config.keep_checkpoint_per_n_minutes
        if not (keep_max and keep_max > 0) and minutes and minutes > 0:
            self._manager.keep_one_ckpoint_per_minutes(minutes, time.time())
        network = self._config.saved_network if self._config.saved_network is not None else cb_params.train_network
        # Unlike MindSpore (which deletes the oldest file first), write the new file first:
        # an interruption at any point leaves at least keep_checkpoint_max complete files.
        save_checkpoint(network, cur_file, self._config.integrated_save, False, self._append_dict or None,
                        crc_check=self._config.crc_check, format=fmt)
        self._manager.update_ckpoint_filelist(self._directory, self._prefix)
        if keep_max and keep_max > 0:
            while self._manager.ckpoint_num > keep_max:
                others = [f for f in self._manager.ckpoint_filelist if f != cur_file]
                if not others:
                    break
                self._manager.remove_ckpoint_file(sorted(others, key=CheckpointManager._age_key)[0])
        self._latest_ckpt_file_name = cur_file

    @property
    def latest_ckpt_file_name(self):
        return self._latest_ckpt_file_name
